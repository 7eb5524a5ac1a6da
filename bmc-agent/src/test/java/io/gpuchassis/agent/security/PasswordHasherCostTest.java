package io.gpuchassis.agent.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import org.junit.jupiter.api.Test;

/** A check costs the same whatever hash it meets: padding, not the stored cost, sets its price. */
class PasswordHasherCostTest {

  private static final ThreadMXBean THREAD_CPU = ManagementFactory.getThreadMXBean();

  private final PasswordHasher hasher = new PasswordHasher(1000);

  @Test
  void the_cost_of_a_stored_hash_is_read_from_it() {
    assertEquals(1000, PasswordHasher.costOf(hasher.hash("pw")));
    assertEquals(0, PasswordHasher.costOf("plain"));
    assertEquals(0, PasswordHasher.costOf("pbkdf2-sha256$0$a$b"));
  }

  @Test
  void the_only_public_hasher_hashes_at_the_agents_full_cost() {
    // What every shipped entry point uses; cheaper ones come only from the package-private
    // constructor (TestPasswordHashing).
    PasswordHasher shipped = new PasswordHasher();
    assertEquals(310_000, shipped.iterations());
    assertEquals(310_000, PasswordHasher.costOf(shipped.hash("pw")));
  }

  @Test
  void padding_does_not_change_the_answer() {
    String stored = hasher.hash("right password");
    assertTrue(hasher.verify("right password", stored, 5000));
    assertFalse(hasher.verify("wrong password", stored, 5000));
    assertFalse(hasher.verify("pw", "malformed", 5000));
  }

  @Test
  void a_cheap_or_malformed_hash_is_padded_to_the_common_cost() {
    int common = 200_000;
    String cheap = new PasswordHasher(1).hash("pw");
    String full = new PasswordHasher(common).hash("pw");
    // This thread's CPU time, not the clock's: the work is what is compared, and a busy machine
    // (other builds, the test JVM beside this one) delays the thread without changing its work.
    // Measured in turns, one of each per round, so that what the JIT does meanwhile weighs on all
    // four alike.
    long[][] rounds = new long[9][];
    for (int r = 0; r < rounds.length; r++) {
      rounds[r] =
          new long[] {
            nanos(() -> hasher.verify("wrong", cheap, common)),
            nanos(() -> hasher.verify("wrong", "not-a-hash", common)),
            nanos(() -> hasher.verify("wrong", full, common)),
            nanos(() -> hasher.verify("wrong", cheap, 0))
          };
    }
    long cheapNanos = median(rounds, 0);
    long malformedNanos = median(rounds, 1);
    long fullNanos = median(rounds, 2);
    long unpaddedNanos = median(rounds, 3);
    assertTrue(
        cheapNanos > fullNanos / 2 && malformedNanos > fullNanos / 2,
        "padded "
            + cheapNanos / 1000
            + " / "
            + malformedNanos / 1000
            + " us vs full "
            + fullNanos / 1000
            + " us");
    assertTrue(unpaddedNanos < fullNanos / 10, "the padding is what makes the difference");
  }

  private static long nanos(Runnable work) {
    long start = THREAD_CPU.getCurrentThreadCpuTime();
    work.run();
    return THREAD_CPU.getCurrentThreadCpuTime() - start;
  }

  private static long median(long[][] rounds, int column) {
    long[] times = java.util.Arrays.stream(rounds).mapToLong(r -> r[column]).sorted().toArray();
    return times[times.length / 2];
  }
}

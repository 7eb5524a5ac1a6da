package io.gpuchassis.agent.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** A check costs the same whatever hash it meets: padding, not the stored cost, sets its price. */
class PasswordHasherCostTest {

  private final PasswordHasher hasher = new PasswordHasher(1000);

  @Test
  void the_cost_of_a_stored_hash_is_read_from_it() {
    assertEquals(1000, PasswordHasher.costOf(hasher.hash("pw")));
    assertEquals(0, PasswordHasher.costOf("plain"));
    assertEquals(0, PasswordHasher.costOf("pbkdf2-sha256$0$a$b"));
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
    long cheapNanos = medianNanos(() -> hasher.verify("wrong", cheap, common));
    long malformedNanos = medianNanos(() -> hasher.verify("wrong", "not-a-hash", common));
    long fullNanos = medianNanos(() -> hasher.verify("wrong", full, common));
    long unpaddedNanos = medianNanos(() -> hasher.verify("wrong", cheap, 0));
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

  private static long medianNanos(Runnable work) {
    long[] times = new long[7];
    for (int i = 0; i < times.length; i++) {
      long start = System.nanoTime();
      work.run();
      times[i] = System.nanoTime() - start;
    }
    java.util.Arrays.sort(times);
    return times[times.length / 2];
  }
}

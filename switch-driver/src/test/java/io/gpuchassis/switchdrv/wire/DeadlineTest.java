package io.gpuchassis.switchdrv.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A wait bounded by a deadline's remaining milliseconds never ends before the deadline. */
class DeadlineTest {

  @Test
  void the_remaining_milliseconds_round_up_so_a_bounded_wait_reaches_the_deadline() {
    Deadline deadline = Deadline.in(Duration.ofMillis(1000).plusNanos(990_000));
    long millis = deadline.remainingMillis();
    long nanosLater = deadline.remainingNanos();
    assertTrue(
        millis * 1_000_000 >= nanosLater,
        millis + " ms would end a wait before the " + nanosLater + " ns left");
  }

  @Test
  void an_expired_deadline_leaves_no_milliseconds() {
    Deadline deadline = Deadline.in(Duration.ofNanos(-1));
    assertTrue(deadline.expired());
    assertEquals(0, deadline.remainingMillis());
  }
}

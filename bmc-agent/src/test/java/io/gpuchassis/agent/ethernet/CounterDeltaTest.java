package io.gpuchassis.agent.ethernet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class CounterDeltaTest {

  @Test
  void a_counter_that_went_up_counted_the_difference() {
    assertEquals(250, CounterDelta.between(1_000, 1_250, 32));
    assertEquals(0, CounterDelta.between(7, 7, 64));
  }

  @Test
  void a_32_bit_counter_near_its_top_that_comes_back_small_wrapped() {
    long top = 1L << 32;
    assertEquals(1_100, CounterDelta.between(top - 1_000, 100, 32));
  }

  @Test
  void a_64_bit_counter_wraps_through_its_unsigned_top() {
    assertEquals(15, CounterDelta.between(-10L, 5, 64)); // 2^64 - 10, then 5
  }

  @Test
  void a_counter_that_went_back_from_the_middle_was_reset_and_counted_its_value_since() {
    assertEquals(40, CounterDelta.between(5_000, 40, 32));
    assertEquals(40, CounterDelta.between(1L << 40, 40, 64));
  }

  @Test
  void a_64_bit_counter_below_2_to_the_32_is_not_taken_for_a_32_bit_wrap() {
    assertEquals(100, CounterDelta.between((1L << 32) - 1_000, 100, 64));
  }
}

package io.gpuchassis.agent.ethernet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;

class EthtoolStatisticsTest {

  @Test
  void reads_the_counters_under_the_heading_and_skips_what_is_not_one() {
    String out =
        "NIC statistics:\n"
            + "     rx_packets: 1266552\n"
            + "     rx_prio3_pause: 42\n"
            + "     tx_pause_storm_warning_events : 3\n"
            + "     rx_corrected_bits_phy: 18446744073709551615\n"
            + "     something odd: n/a\n";
    Map<String, Long> counters = EthtoolStatistics.parse(out);
    assertEquals(
        Map.of(
            "rx_packets", 1_266_552L,
            "rx_prio3_pause", 42L,
            "tx_pause_storm_warning_events", 3L,
            "rx_corrected_bits_phy", -1L),
        counters);
  }
}

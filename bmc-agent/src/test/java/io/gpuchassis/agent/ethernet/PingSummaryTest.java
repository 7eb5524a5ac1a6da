package io.gpuchassis.agent.ethernet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** iputils' {@code ping -q} statistics, as {@code ping_common.c finish()} prints them. */
class PingSummaryTest {

  @Test
  void an_ipv4_probe_is_read_in_whole_microseconds() throws IOException {
    PingSummary s =
        PingSummary.parse(
            "PING 192.0.2.1 (192.0.2.1) from 192.0.2.101 enp1s0f0np0: 56(84) bytes of data.\n"
                + "\n"
                + "--- 192.0.2.1 ping statistics ---\n"
                + "5 packets transmitted, 5 received, 0% packet loss, time 817ms\n"
                + "rtt min/avg/max/mdev = 0.018/0.021/0.025/0.002 ms\n");
    assertEquals(5, s.transmitted());
    assertEquals(5, s.received());
    assertEquals(0.0, s.lossPercent());
    assertEquals(Optional.of(new PingSummary.Rtt(18, 21, 25, 2)), s.rtt());
  }

  @Test
  void an_ipv6_probe_over_a_millisecond_is_read() throws IOException {
    PingSummary s =
        PingSummary.parse(
            "PING 2001:db8::1(2001:db8::1) from 2001:db8::101 enp1s0f0np0: 56 data bytes\n"
                + "\n"
                + "--- 2001:db8::1 ping statistics ---\n"
                + "3 packets transmitted, 3 received, 0% packet loss, time 402ms\n"
                + "rtt min/avg/max/mdev = 1.204/12.350/30.001/11.870 ms\n");
    assertEquals(Optional.of(new PingSummary.Rtt(1_204, 12_350, 30_001, 11_870)), s.rtt());
  }

  @Test
  void partial_loss_keeps_the_replies_times_and_pings_g_formatted_percentage() throws IOException {
    PingSummary s =
        PingSummary.parse(
            "PING 192.0.2.1 (192.0.2.1) from 192.0.2.101 enp1s0f0np0: 56(84) bytes of data.\n"
                + "\n"
                + "--- 192.0.2.1 ping statistics ---\n"
                + "3 packets transmitted, 2 received, +1 duplicates, 33.3333% packet loss,"
                + " time 401ms\n"
                + "rtt min/avg/max/mdev = 0.019/0.020/0.021/0.001 ms\n");
    assertEquals(2, s.received());
    assertEquals(33.3333, s.lossPercent());
    assertEquals(20, s.rtt().orElseThrow().avgMicros());
  }

  @Test
  void no_reply_has_no_times() throws IOException {
    PingSummary s =
        PingSummary.parse(
            "PING 192.0.2.9 (192.0.2.9) from 192.0.2.101 enp1s0f0np0: 56(84) bytes of data.\n"
                + "\n"
                + "--- 192.0.2.9 ping statistics ---\n"
                + "5 packets transmitted, 0 received, +5 errors, 100% packet loss, time 816ms\n"
                + "\n");
    assertTrue(s.noReplies());
    assertEquals(100.0, s.lossPercent());
    assertEquals(Optional.empty(), s.rtt());
  }

  @Test
  void output_without_statistics_is_refused() {
    assertThrows(IOException.class, () -> PingSummary.parse("ping: usage error\n"));
    assertThrows(
        IOException.class,
        () -> PingSummary.parse("1 packets transmitted, 1 received, 0% packet loss, time 0ms\n"),
        "replies without times");
  }

  @Test
  void the_probe_reads_exit_status_1_as_no_reply_and_keeps_other_failures() throws IOException {
    DataPort port = new DataPort("NIC1", "1", "1", "eth0", "mlx5_0", 1, 100_000);
    List<List<String>> ran = new java.util.ArrayList<>();
    RoundTripProbe silent =
        new RoundTripProbe(
            c -> {
              ran.add(c);
              throw new IOException(c + " exited with 1");
            },
            3);
    assertEquals(PingSummary.noReply(3), silent.probe(port, "192.0.2.1"));
    assertEquals(
        List.of("ping", "-n", "-q", "-I", "eth0", "-c", "3", "-i", "0.2", "-W", "1", "192.0.2.1"),
        ran.get(0));
    RoundTripProbe broken =
        new RoundTripProbe(
            c -> {
              throw new IOException(
                  c + " exited with 2: ping: SO_BINDTODEVICE eth0: No such device");
            },
            3);
    assertThrows(IOException.class, () -> broken.probe(port, "192.0.2.1"));
  }

  @Test
  void ping_is_given_its_echoes_spacing_the_last_replys_wait_and_a_margin() {
    // the board's tools get 5 s; 100 echoes 0.2 s apart take 19.8 s before the last one's wait
    assertEquals(java.time.Duration.ofMillis(6_800), RoundTripProbe.runTime(5));
    assertEquals(java.time.Duration.ofMillis(25_800), RoundTripProbe.runTime(100));
  }
}

package io.gpuchassis.agent.redfish.chassis;

import io.gpuchassis.agent.ethernet.CounterSource;
import io.gpuchassis.agent.ethernet.DataPort;
import io.gpuchassis.agent.ethernet.PortRates;
import io.gpuchassis.agent.ethernet.PortStatus;
import io.gpuchassis.agent.redfish.core.OemSchema;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.model.PortMetrics;
import io.gpuchassis.redfish.model.PortNetworking;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A data-path port's PortMetrics from its latest reading: DMTF's properties where an mlx5 counter
 * counts what the property says, the rest of what the agent watches (ECN marks, CNPs, RoCE loss,
 * pause durations, the last period's rates) under {@code Oem.GpuChassisAgent}. A counter not read
 * is left out.
 */
final class DataPortMetrics {

  private DataPortMetrics() {}

  static PortMetrics render(String chassisId, PortStatus status) {
    return render(
        chassisId, status, io.gpuchassis.agent.ethernet.PortInventory.unread(status.port()));
  }

  /** With the port's inventory: its module's diagnostics as {@code Transceivers}. */
  static PortMetrics render(
      String chassisId, PortStatus status, io.gpuchassis.agent.ethernet.PortInventory inventory) {
    return render(chassisId, status, inventory, java.util.Optional.empty());
  }

  /** With the port's last round-trip probe, when it has a peer, as {@code RoundTrip}. */
  static PortMetrics render(
      String chassisId,
      PortStatus status,
      io.gpuchassis.agent.ethernet.PortInventory inventory,
      java.util.Optional<io.gpuchassis.agent.ethernet.RoundTrip> roundTrip) {
    DataPort port = status.port();
    PortMetrics body =
        new PortMetrics()
            .atOdataId(Uris.networkAdapterPortMetrics(chassisId, port.adapter(), port.port()))
            .atOdataType(Schemas.PORT_METRICS.odataType())
            .id("Metrics")
            .name("Metrics of port " + port.port() + " of " + port.adapter())
            .transceivers(DataPortInventory.transceivers(inventory));
    Map<String, Object> oem = new LinkedHashMap<>();
    status
        .reading()
        .ifPresent(
            reading -> {
              DataPortCounters c = new DataPortCounters(reading);
              body.rxBytes(c.netdev("rx_bytes"))
                  .txBytes(c.netdev("tx_bytes"))
                  .rxErrors(c.netdev("rx_errors"))
                  .txErrors(c.netdev("tx_errors"))
                  .networking(networking(c));
              oem.putAll(oem(c));
              status.period().ifPresent(p -> oem.put("LastPeriod", period(p)));
            });
    roundTrip.ifPresent(r -> oem.put("RoundTrip", roundTrip(r)));
    if (!oem.isEmpty()) {
      body.oem(OemSchema.oem(OemSchema.PORT_METRICS, oem));
    }
    return body;
  }

  /**
   * The port's last round trip: its peer and threshold always, the figures once a probe ran (the
   * times once a reply came).
   */
  private static Map<String, Object> roundTrip(io.gpuchassis.agent.ethernet.RoundTrip r) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("Peer", r.peer());
    r.summary()
        .ifPresent(
            s -> {
              s.rtt()
                  .ifPresent(
                      t -> {
                        out.put("MinMicroseconds", t.minMicros());
                        out.put("AverageMicroseconds", t.avgMicros());
                        out.put("MaxMicroseconds", t.maxMicros());
                        out.put("DeviationMicroseconds", t.mdevMicros());
                      });
              out.put("LossPercent", s.lossPercent());
            });
    r.probedAt()
        .ifPresent(
            t -> out.put("LastProbed", java.time.format.DateTimeFormatter.ISO_INSTANT.format(t)));
    out.put("ThresholdMicroseconds", r.thresholdMicros());
    return out;
  }

  private static PortNetworking networking(DataPortCounters c) {
    return new PortNetworking()
        .rxFrames(c.netdev("rx_packets"))
        .txFrames(c.netdev("tx_packets"))
        .rxMulticastFrames(c.netdev("multicast"))
        .rxFCSErrors(c.netdev("rx_crc_errors"))
        // dropped by the port for want of buffers, as mlx5 counts them at the PHY
        .rxDiscards(c.ethtool("rx_discards_phy"))
        .txDiscards(c.ethtool("tx_discards_phy"))
        .rxPFCFrames(c.rxPfcFrames())
        .txPFCFrames(c.txPfcFrames())
        .rdMARXRequests(c.rdmaRequestsReceived());
  }

  private static Map<String, Object> oem(DataPortCounters c) {
    Map<String, Object> oem = new LinkedHashMap<>();
    put(oem, "ECNMarkedRoCEPackets", c.rdma("np_ecn_marked_roce_packets"));
    put(oem, "CNPSent", c.rdma("np_cnp_sent"));
    put(oem, "CNPHandled", c.rdma("rp_cnp_handled"));
    put(oem, "OutOfSequencePackets", c.rdma("out_of_sequence"));
    put(oem, "PacketSequenceErrors", c.rdma("packet_seq_err"));
    put(oem, "FECCorrectedBits", c.ethtool("rx_corrected_bits_phy"));
    put(oem, "FECUncorrectableSymbolErrors", c.ethtool("rx_pcs_symbol_err_phy"));
    put(oem, "LocalAckTimeoutErrors", c.rdma("local_ack_timeout_err"));
    put(oem, "RXPauseMicroseconds", c.rxPauseMicroseconds());
    put(oem, "TXPauseMicroseconds", c.txPauseMicroseconds());
    put(oem, "TXPauseStormWarningEvents", c.ethtool("tx_pause_storm_warning_events"));
    put(oem, "TXPauseStormErrorEvents", c.ethtool("tx_pause_storm_error_events"));
    return oem;
  }

  /** What the last sampling period counted, per second. */
  private static Map<String, Object> period(PortRates p) {
    Map<String, Object> rates = new LinkedHashMap<>();
    rates.put("Seconds", p.elapsed().toMillis() / 1000.0);
    put(
        rates,
        "RXBytesPerSecond",
        DataPortCounters.rate(p, CounterSource.NETDEV, "rx_bytes"::equals));
    put(
        rates,
        "TXBytesPerSecond",
        DataPortCounters.rate(p, CounterSource.NETDEV, "tx_bytes"::equals));
    put(rates, "RXPFCFramesPerSecond", DataPortCounters.rxPfcPerSecond(p));
    put(rates, "TXPFCFramesPerSecond", DataPortCounters.txPfcPerSecond(p));
    put(
        rates,
        "FECUncorrectableSymbolErrorsPerSecond",
        DataPortCounters.rate(p, CounterSource.ETHTOOL, "rx_pcs_symbol_err_phy"::equals));
    put(
        rates,
        "OutOfSequencePacketsPerSecond",
        DataPortCounters.rate(p, CounterSource.RDMA_HW, "out_of_sequence"::equals));
    return rates;
  }

  private static void put(Map<String, Object> into, String key, Object value) {
    if (value != null) {
      into.put(key, value);
    }
  }
}

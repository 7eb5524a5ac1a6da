package io.gpuchassis.switchdrv.sim;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What the simulated GPUs and hosts move through the chip, counted per port the way the chip's
 * bandwidth counters (PMON sub 1) count it.
 *
 * <p>The workload: every GPU (an endpoint on a bound downstream port whose link is up) runs at a
 * load (default {@value #DEFAULT_LOAD} of its link, the sensor simulation's default GPU load). Its
 * copy engines read host memory (read requests up, completions with the data down at the full load)
 * and write results back (posted writes up at half the load). When its partition has other working
 * GPUs, a share {@value #PEER_SHARE} of its load is peer-to-peer posted writes to and from them:
 * that traffic turns around inside the switch and never reaches the upstream port. The host part
 * crosses the partition's upstream port and stops while that link is down; when the GPUs want more
 * than the upstream link carries, they all get a proportional share of it.
 *
 * <p>Rates are bytes per second of the trained link ({@link #LANE_BYTES_PER_SECOND} × width), so no
 * port ever counts more than its link could carry. Time is lazy like the rest of the chip: {@link
 * #advance} integrates the rates of the state at {@code now} over the time since the last advance,
 * from the moment each link finished training; it runs before every MRPC and every fault change, so
 * a link that goes down or a port that is unbound stops counting from that moment.
 */
final class TrafficModel {

  static final double DEFAULT_LOAD = 0.6;
  static final double PEER_SHARE = 0.25;

  /** A read request TLP (about 24 bytes raw) per 512 bytes of read data it asks for. */
  private static final double READ_REQUEST_PER_BYTE = 24.0 / 512;

  /** Raw bytes of a 256-byte-payload TLP: 24 bytes of framing, header, sequence number and LCRC. */
  private static final double PAYLOAD_PER_RAW = 256.0 / 280;

  /**
   * Usable bytes per second per lane after line encoding, by generation (8b/10b for Gen1-2,
   * 128b/130b for Gen3-5, FLIT mode for Gen6).
   */
  static final long[] LANE_BYTES_PER_SECOND = {
    0, 250_000_000L, 500_000_000L, 984_600_000L, 1_969_200_000L, 3_938_500_000L, 7_563_000_000L
  };

  static final int RAW = 0;
  static final int PAYLOAD = 1;

  // counter indexes: egress posted, completion, non-posted; ingress the same
  static final int EG_P = 0;
  static final int EG_C = 1;
  static final int EG_NP = 2;
  static final int IN_P = 3;
  static final int IN_C = 4;
  static final int IN_NP = 5;

  /** One port's counters since its last clear. */
  static final class Counters {
    final long[] raw = new long[6];
    long clearedAt;
    int type = RAW;

    /** The counters as the chip reports them: raw bytes, or payload only. */
    long value(int index) {
      if (type == PAYLOAD) {
        return index == EG_NP || index == IN_NP ? 0 : (long) (raw[index] * PAYLOAD_PER_RAW);
      }
      return raw[index];
    }

    long timeMicros(long now) {
      return Math.max(0, now - clearedAt) / 1000;
    }

    void clear(long now) {
      java.util.Arrays.fill(raw, 0);
      clearedAt = now;
    }
  }

  private final Map<Integer, Counters> counters = new HashMap<>();
  private final long startedAt;
  private long lastAt;

  TrafficModel(long startedAt) {
    this.startedAt = startedAt;
    this.lastAt = startedAt;
  }

  Counters of(int port) {
    return counters.computeIfAbsent(
        port,
        p -> {
          Counters c = new Counters();
          c.clearedAt = startedAt;
          return c;
        });
  }

  /** Counts the traffic from the last advance up to {@code now}. */
  void advance(ChipState chip, long now) {
    if (now <= lastAt) {
      return;
    }
    long from = lastAt;
    lastAt = now;
    Map<Integer, List<Gpu>> byPartition = new HashMap<>();
    Map<Integer, Usp> usps = new HashMap<>();
    for (SimPort p : chip.ports.values()) {
      SimPort.Link link = p.link(chip, now);
      if (!link.up()) {
        continue;
      }
      double capacity = (double) LANE_BYTES_PER_SECOND[link.gen()] * link.width();
      long start = Math.max(from, upSince(chip, p));
      if (p.cfg.attachment() instanceof Attachment.Host && p.bound) {
        usps.put(p.partition, new Usp(p.cfg.physicalPort(), capacity, start));
      } else if (p.cfg.attachment() instanceof Attachment.Endpoint && p.bound) {
        double load = chip.sw.gpuLoad(p.cfg.physicalPort());
        if (load == 0) {
          continue; // an idle GPU is no peer of the others either
        }
        byPartition
            .computeIfAbsent(p.partition, k -> new ArrayList<>())
            .add(new Gpu(p.cfg.physicalPort(), load * capacity, start));
      }
    }
    for (Map.Entry<Integer, List<Gpu>> e : byPartition.entrySet()) {
      count(e.getValue(), usps.get(e.getKey()), now);
    }
  }

  private record Gpu(int port, double rate, long start) {}

  private record Usp(int port, double capacity, long start) {}

  private void count(List<Gpu> gpus, Usp usp, long now) {
    double peer = gpus.size() > 1 ? PEER_SHARE : 0;
    double wantDown = 0;
    double wantUp = 0;
    for (Gpu g : gpus) {
      wantDown += g.rate() * (1 - peer);
      wantUp += g.rate() * (1 - peer) * (0.5 + READ_REQUEST_PER_BYTE);
    }
    double down = usp == null ? 0 : Math.min(1, usp.capacity() / wantDown);
    double up = usp == null ? 0 : Math.min(1, usp.capacity() / wantUp);
    for (Gpu g : gpus) {
      double seconds = (now - g.start()) / 1e9;
      if (seconds <= 0) {
        continue;
      }
      Counters c = of(g.port());
      long peerBytes = (long) (g.rate() * peer * seconds);
      c.raw[EG_P] += peerBytes;
      c.raw[IN_P] += peerBytes;
      if (usp == null) {
        continue;
      }
      double hostSeconds = (now - Math.max(g.start(), usp.start())) / 1e9;
      if (hostSeconds <= 0) {
        continue;
      }
      double host = g.rate() * (1 - peer) * hostSeconds;
      // whole bytes, the same on both ports of a flow
      long data = (long) (host * down);
      long writes = (long) (host * 0.5 * up);
      long requests = (long) (host * READ_REQUEST_PER_BYTE * up);
      c.raw[EG_C] += data;
      c.raw[IN_P] += writes;
      c.raw[IN_NP] += requests;
      Counters u = of(usp.port());
      u.raw[IN_C] += data;
      u.raw[EG_P] += writes;
      u.raw[EG_NP] += requests;
    }
  }

  /** When the port's link finished its last training. */
  private static long upSince(ChipState chip, SimPort p) {
    return p.retrainAt + chip.sw.config().timing().linkTraining().toNanos();
  }
}

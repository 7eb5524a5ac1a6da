package io.gpuchassis.switchdrv.sim;

import io.gpuchassis.switchdrv.Generation;
import io.gpuchassis.switchdrv.LtssmState;
import io.gpuchassis.switchdrv.command.LinkStatusRecord;
import io.gpuchassis.switchdrv.command.PortCapabilities;
import io.gpuchassis.switchdrv.wire.LeWriter;

/**
 * One physical port between two boots: binding, pending bind/unbind, link model and error event
 * counts. The link state is a function of time, evaluated when asked: a port whose link may be up
 * is in training for {@code linkTraining} after its last (re)train point, then up, unless a fault
 * holds it down, flaps it or narrows it.
 */
final class SimPort {

  final PortConfig cfg;
  final long[] events = new long[24];
  long retrainAt;

  /** When port control last retrained the link; a marginal link injected before it is healed. */
  long controlRetrainAt = Long.MIN_VALUE;

  int partition = -1;
  int logical = -1;
  boolean bound;
  boolean opInProgress;
  boolean opIsBind;
  int opPartition;
  int opLogical;
  long opDoneAt;

  /** Finished bind/unbind operations and the partition of the last, for the dyn_binding event. */
  int opsCompleted;

  int lastOpPartition = -1;
  boolean disabled;

  SimPort(PortConfig cfg, long bootAt) {
    this.cfg = cfg;
    this.retrainAt = bootAt;
    if (cfg.attachment() instanceof Attachment.Host) {
      partition = ((Attachment.Host) cfg.attachment()).partition();
      logical = 0;
      bound = true;
    }
  }

  void bindNow(int par, int log) {
    partition = par;
    logical = log;
    bound = true;
  }

  /** Applies a finished bind/unbind. */
  void settle(long now) {
    if (!opInProgress || now < opDoneAt) {
      return;
    }
    opInProgress = false;
    opsCompleted++;
    lastOpPartition = opPartition;
    if (opIsBind) {
      bindNow(opPartition, opLogical);
    } else {
      bound = false;
      partition = -1;
      logical = -1;
    }
    retrainAt = Math.max(retrainAt, opDoneAt);
  }

  boolean opRunning(long now) {
    settle(now);
    return opInProgress;
  }

  /** bind_state byte of PORT_INFO: high nibble 1 = bound, low nibble 2 = in progress. */
  int bindStateByte(long now) {
    settle(now);
    if (opInProgress) {
      return (bound ? 0x10 : 0x00) | 0x02;
    }
    return bound ? 0x10 : 0x00;
  }

  /** Snapshot of the link at {@code now}. */
  record Link(boolean up, boolean training, boolean recovery, int width, int gen) {}

  Link link(ChipState chip, long now) {
    settle(now);
    Attachment a = cfg.attachment();
    boolean present =
        a instanceof Attachment.Host
            || a instanceof Attachment.InterSwitchLink
            || (a instanceof Attachment.Endpoint && bound && !cfg.upstream());
    int width = cfg.laneWidth();
    int gen = Math.min(cfg.maxGen(), chip.sw.generation().pcieGen());
    if (a instanceof Attachment.Endpoint) {
      width = Math.min(width, ((Attachment.Endpoint) a).maxWidth());
      gen = Math.min(gen, ((Attachment.Endpoint) a).maxGen());
    }
    boolean recovery = false;
    for (ActiveFault f : chip.sw.faultsOnPort(cfg.physicalPort())) {
      Fault fault = f.fault();
      if (fault instanceof Fault.LinkDown || fault instanceof Fault.SurpriseDown) {
        present = false;
      } else if (fault instanceof Fault.LinkFlap && f.flapDown(now)) {
        recovery = present;
        present = false;
      } else if (fault instanceof Fault.LinkDegrade) {
        width = Math.min(width, ((Fault.LinkDegrade) fault).width());
        gen = Math.min(gen, ((Fault.LinkDegrade) fault).gen());
      } else if (fault instanceof Fault.MarginalLink m && controlRetrainAt < f.startNanos()) {
        width = Math.min(width, m.width());
        gen = Math.min(gen, m.gen());
      }
    }
    if (!present || disabled) {
      return new Link(false, false, recovery, 0, 0);
    }
    long trained = retrainAt + chip.sw.config().timing().linkTraining().toNanos();
    if (now < trained) {
      return new Link(false, true, false, 0, 0);
    }
    return new Link(true, false, false, width, gen);
  }

  /** Events of the given type bits seen by {@code now}, faults included. */
  long count(ChipState chip, int typeMask, long now) {
    long total = 0;
    for (int bit = 0; bit < events.length; bit++) {
      if ((typeMask & (1 << bit)) != 0) {
        total += events[bit];
        for (ActiveFault f : chip.sw.faultsOnPort(cfg.physicalPort())) {
          total += f.contribution(bit, now);
        }
      }
    }
    return total;
  }

  LinkStatusRecord linkStatus(ChipState chip, long now) {
    Link l = link(chip, now);
    Generation g = chip.sw.generation();
    int major;
    int minor = 0;
    if (g == Generation.GEN6) {
      // the flat code goes in the second byte (reference §2.4), its class in the first
      int code = l.up() ? LtssmState.GEN6_L0_ACTIVE : l.recovery() ? 0x0D : l.training() ? 0x07 : 0;
      LtssmState s = LtssmState.ofGen6Code(code);
      major = s.major();
      minor = s.minor();
    } else {
      major = l.up() ? 3 : l.recovery() ? 4 : l.training() ? 2 : 0;
      minor = l.up() ? 1 : 0;
    }
    int phys = cfg.physicalPort();
    boolean settledBound = bound;
    return new LinkStatusRecord(
        phys,
        settledBound ? partition : LinkStatusRecord.UNBOUND,
        settledBound ? logical : 0,
        (phys / 8) << 4 | phys % 8,
        cfg.laneWidth(),
        l.width(),
        cfg.upstream(),
        l.up(),
        l.up() ? l.gen() : 0,
        major,
        minor,
        0,
        0);
  }

  /** The first 256 bytes of the port's config-space mirror (PFF CSR), link status live. */
  byte[] configSpace(ChipState chip, long now) {
    byte[] c = new byte[0x100];
    LeWriter.putU16(c, 0x00, PortCapabilities.VENDOR_MICROCHIP);
    LeWriter.putU16(c, 0x02, chip.sw.config().identity().deviceId());
    c[0x0E] = 0x01; // type 1 header: a PCI-to-PCI bridge
    c[0x34] = 0x40;
    c[0x40] = PortCapabilities.PCIE_CAP_ID;
    c[0x41] = 0x00;
    LeWriter.putU16(c, 0x42, 0x0002 | (cfg.upstream() ? 5 : 6) << 4);
    long linkCap =
        Math.min(cfg.maxGen(), chip.sw.generation().pcieGen())
            | (long) cfg.laneWidth() << 4
            | (long) cfg.physicalPort() << 24;
    LeWriter.putU32(c, 0x4C, linkCap);
    Link l = link(chip, now);
    LeWriter.putU16(
        c, 0x52, l.up() ? (l.gen() | l.width() << 4 | 1 << 13) : (l.training() ? 1 << 11 : 0));
    return c;
  }
}

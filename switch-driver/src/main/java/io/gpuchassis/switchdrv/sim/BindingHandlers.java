package io.gpuchassis.switchdrv.sim;

import io.gpuchassis.switchdrv.command.LinkStatusRecord;
import io.gpuchassis.switchdrv.command.PortInfo;
import io.gpuchassis.switchdrv.mrpc.FirmwareErrors;
import io.gpuchassis.switchdrv.wire.LeReader;
import java.util.ArrayList;
import java.util.List;

/**
 * PORTPARTP2P (reference §2.5) on the simulated chip: BIND and UNBIND with the firmware's checks in
 * its error-code order, one operation at a time per chip (0x7 while one runs), completion after the
 * configured bind latency; PORT_INFO reports "in progress" until then.
 */
final class BindingHandlers {

  private BindingHandlers() {}

  static MrpcOutcome handle(ChipState c, byte[] p, long now) {
    LeReader r = new LeReader(p, "PORTPARTP2P");
    int sub = r.u8();
    switch (sub) {
      case 0:
        return bind(c, r.u8(), r.u8(), r.u8(), now);
      case 1:
        return unbind(c, r.u8(), r.u8(), r.u8(), now);
      case 2:
        return info(c, r.u8(), now);
      default:
        return MrpcOutcome.error(FirmwareErrors.BIND_INVALID_SUBCMD);
    }
  }

  private static boolean anyInProgress(ChipState c, long now) {
    for (SimPort p : c.ports.values()) {
      if (p.opRunning(now)) {
        return true;
      }
    }
    return false;
  }

  private static SimPort boundAt(ChipState c, int par, int log) {
    for (SimPort p : c.ports.values()) {
      if (!p.cfg.upstream() && p.bound && p.partition == par && p.logical == log) {
        return p;
      }
      if (p.opInProgress && p.opIsBind && p.opPartition == par && p.opLogical == log) {
        return p;
      }
    }
    return null;
  }

  private static MrpcOutcome bind(ChipState c, int par, int log, int phys, long now) {
    SimPort port = c.ports.get(phys);
    if (par >= c.sw.config().partitionCount()) {
      return MrpcOutcome.error(FirmwareErrors.BIND_NO_PARTITION);
    }
    if (port == null) {
      return MrpcOutcome.error(FirmwareErrors.BIND_NO_PHYS_PORT);
    }
    if (port.cfg.upstream()) {
      return MrpcOutcome.error(FirmwareErrors.BIND_TARGET_IS_USP);
    }
    if (port.disabled) {
      return MrpcOutcome.error(FirmwareErrors.BIND_PHYS_DISABLED);
    }
    if (anyInProgress(c, now)) {
      return MrpcOutcome.error(FirmwareErrors.BIND_IN_PROGRESS);
    }
    if (port.bound) {
      return MrpcOutcome.error(FirmwareErrors.BIND_PHYS_ALREADY_BOUND);
    }
    if (log < 1 || log > c.sw.config().logicalBridges()) {
      return MrpcOutcome.error(FirmwareErrors.BIND_NO_LOGICAL_PORT);
    }
    if (boundAt(c, par, log) != null) {
      return MrpcOutcome.error(FirmwareErrors.BIND_LOGICAL_ALREADY_BOUND);
    }
    startOp(c, port, true, par, log, now);
    return MrpcOutcome.ok(new byte[4]);
  }

  private static MrpcOutcome unbind(ChipState c, int par, int log, int opt, long now) {
    if (par >= c.sw.config().partitionCount()) {
      return MrpcOutcome.error(FirmwareErrors.BIND_NO_PARTITION);
    }
    if (opt != 2) {
      return MrpcOutcome.error(FirmwareErrors.BIND_INVALID_UNBIND_OPT);
    }
    if (anyInProgress(c, now)) {
      return MrpcOutcome.error(FirmwareErrors.BIND_IN_PROGRESS);
    }
    SimPort port = boundAt(c, par, log);
    if (port == null) {
      return MrpcOutcome.error(FirmwareErrors.BIND_LOGICAL_NOT_BOUND);
    }
    startOp(c, port, false, par, log, now);
    return MrpcOutcome.ok(new byte[4]);
  }

  private static void startOp(ChipState c, SimPort port, boolean bind, int par, int log, long now) {
    port.opInProgress = true;
    port.opIsBind = bind;
    port.opPartition = par;
    port.opLogical = log;
    port.opDoneAt = now + c.sw.config().timing().bindLatency().toNanos();
    port.settle(now);
  }

  private static MrpcOutcome info(ChipState c, int phys, long now) {
    List<int[]> entries = new ArrayList<>();
    for (SimPort p : c.ports.values()) {
      if (p.cfg.upstream() || (phys != PortInfo.ALL_PORTS && p.cfg.physicalPort() != phys)) {
        continue;
      }
      int state = p.bindStateByte(now);
      entries.add(
          new int[] {
            p.cfg.physicalPort(),
            p.bound ? p.partition : LinkStatusRecord.UNBOUND,
            p.bound ? p.logical : LinkStatusRecord.UNBOUND,
            state
          });
    }
    if (phys != PortInfo.ALL_PORTS && entries.isEmpty()) {
      return MrpcOutcome.error(FirmwareErrors.BIND_NO_PHYS_PORT);
    }
    return MrpcOutcome.ok(PortInfo.encodeAnswer(entries));
  }
}

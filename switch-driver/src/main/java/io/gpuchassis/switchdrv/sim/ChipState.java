package io.gpuchassis.switchdrv.sim;

import io.gpuchassis.switchdrv.FirmwareType;
import io.gpuchassis.switchdrv.Generation;
import io.gpuchassis.switchdrv.command.DeviceIds;
import io.gpuchassis.switchdrv.command.PortCapabilities;
import io.gpuchassis.switchdrv.command.SysInfo;
import io.gpuchassis.switchdrv.command.TopConfig;
import io.gpuchassis.switchdrv.mrpc.CommandIds;
import io.gpuchassis.switchdrv.mrpc.FirmwareErrors;
import io.gpuchassis.switchdrv.mrpc.MailboxRegisters;
import io.gpuchassis.switchdrv.wire.LeWriter;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Everything volatile about a chip between two boots: the GAS register file (mailbox, top config,
 * system info, generated PFF config mirrors), the MRPC state machine, ports and bindings, output
 * GPIO levels, PMON setup and the firmware download session. Caller holds the chip's lock for every
 * method.
 */
final class ChipState {

  private static final int MAILBOX_END = 0x1000;
  private static final int REGS_BASE = 0x1000;
  private static final int REGS_END = 0x2200;

  final SimulatedSwitch sw;
  final long upAt;
  final TreeMap<Integer, SimPort> ports = new TreeMap<>();
  final PmonState pmon = new PmonState();
  final TrafficModel traffic;
  final FirmwareSession firmware = new FirmwareSession();
  final FlashReadHandlers.Cursor imageRead = new FlashReadHandlers.Cursor();
  final int[] runningCopy = new int[FirmwareType.values().length];

  /** The firmware's RAM log (it starts over at every boot). */
  final FirmwareLog log;

  /** Levels of the output GPIOs by logical pin (they start over at every boot). */
  final Map<Integer, Boolean> gpioOutputs = new HashMap<>();

  private final byte[] mailbox = new byte[MAILBOX_END];
  private final byte[] regs = new byte[REGS_END - REGS_BASE];
  private final int[] pffPorts;
  private final EventRegisters events;
  private long rtcBase;
  private long rtcSetAt;
  private boolean inProgress;
  private boolean hung;
  private long doneAt;
  private MrpcOutcome pending;

  ChipState(SimulatedSwitch sw, long now, boolean reboot) {
    this(sw, now, reboot, -1);
  }

  /**
   * @param imageCopy the main image copy the boot loader starts; -1 for the active one
   */
  ChipState(SimulatedSwitch sw, long now, boolean reboot, int imageCopy) {
    this.sw = sw;
    SimulatedSwitchConfig cfg = sw.config();
    this.upAt = reboot ? now + cfg.timing().rebootTime().toNanos() : now;
    this.rtcSetAt = now;
    this.log = new FirmwareLog(now, sw.generation());
    this.traffic = new TrafficModel(upAt);
    for (FirmwareType t : FirmwareType.values()) {
      runningCopy[t.ordinal()] = sw.flash().activeCopy(t);
    }
    if (imageCopy >= 0) {
      runningCopy[FirmwareType.IMG.ordinal()] = imageCopy;
    }
    for (PortConfig p : cfg.ports()) {
      ports.put(p.physicalPort(), new SimPort(p, upAt));
    }
    for (InitialBinding b : cfg.initialBindings()) {
      SimPort p = ports.get(b.physicalPort());
      if (p != null && !p.cfg.upstream()) {
        p.bindNow(b.partition(), b.logicalPort());
      }
    }
    for (GpioPin pin : cfg.gpios()) {
      if (pin instanceof GpioPin.Output out) {
        gpioOutputs.put(out.logicalPin(), out.initialHigh());
      }
    }
    pffPorts = ports.keySet().stream().mapToInt(Integer::intValue).toArray();
    events =
        new EventRegisters(
            this,
            pffPorts,
            cfg.partitionCount(),
            DeviceIds.variant(cfg.identity().deviceId()).startsWith("PAX"));
    buildRegisters();
    log.add(upAt, FirmwareLog.MODULE_BOOT, FirmwareLog.SEVERITY_HIGH, 0, runningImageVersion());
    log.add(upAt, FirmwareLog.MODULE_BOOT, FirmwareLog.SEVERITY_MEDIUM, 1, pffPorts.length);
  }

  int runningImageVersion() {
    return sw.flash().slot(FirmwareType.IMG, runningCopy[FirmwareType.IMG.ordinal()]).versionWord;
  }

  SimFlash.Slot runningConfigSlot() {
    return sw.flash().slot(FirmwareType.CFG, runningCopy[FirmwareType.CFG.ordinal()]);
  }

  /** The RTC counter in microseconds; it counts from boot until set or reset. */
  long rtcMicros(long now) {
    return rtcBase + Math.max(0, now - rtcSetAt) / 1000;
  }

  void setRtc(long micros, long now) {
    rtcBase = micros;
    rtcSetAt = now;
  }

  private void buildRegisters() {
    SimulatedSwitchConfig cfg = sw.config();
    regs[0x07] = (byte) cfg.partitionCount();
    regs[0x08] = 0;
    regs[0x09] = (byte) pffPorts.length;
    for (int i = 0; i < pffPorts.length; i++) {
      regs[TopConfig.LENGTH - 255 + i] = (byte) pffPorts[i];
    }
    ChipIdentity id = cfg.identity();
    int fwWord =
        sw.flash().slot(FirmwareType.IMG, runningCopy[FirmwareType.IMG.ordinal()]).versionWord;
    if (sw.generation() == Generation.GEN3) {
      Gen3Registers.writeSysInfo(regs, REGS_BASE, id, fwWord, runningCopy);
      return;
    }
    new SysInfo(
            id.deviceId(),
            0x100 | id.revision(),
            fwWord,
            id.vendorId(),
            id.serialNumber(),
            "MCHP",
            id.productId(),
            "B0")
        .writeInto(regs, SysInfo.GAS_OFFSET - REGS_BASE);
  }

  boolean up(long now) {
    return now >= upAt;
  }

  byte[] read(int offset, int length, long now) {
    byte[] out = new byte[Math.max(0, length)];
    if (!up(now)) {
      Arrays.fill(out, (byte) 0xFF);
      return out;
    }
    if (overlaps(offset, length, MailboxRegisters.STATUS, 8)) {
      refreshMailbox(now);
    }
    byte[] pffImage = null;
    int pffIndex = -1;
    byte[] flashInfo = null;
    boolean synced = false;
    int eventAddr = -1;
    int eventWord = 0;
    for (int i = 0; i < out.length; i++) {
      long a = (long) offset + i;
      if (a < 0 || a >= SimulatedSwitch.GAS_SIZE) {
        out[i] = (byte) 0xFF;
      } else if (a >= Gen3Registers.FLASH_INFO
          && a < Gen3Registers.FLASH_INFO + Gen3Registers.FLASH_INFO_LENGTH
          && sw.generation() == Generation.GEN3) {
        flashInfo = flashInfo != null ? flashInfo : Gen3Registers.flashInfo(sw.flash());
        out[i] = flashInfo[(int) a - Gen3Registers.FLASH_INFO];
      } else if (EventRegisters.covers(a)) {
        if (!synced) {
          events.sync(now);
          synced = true;
        }
        if ((int) (a & ~3) != eventAddr) {
          eventAddr = (int) (a & ~3);
          eventWord = events.dword(eventAddr, now);
        }
        out[i] = (byte) (eventWord >>> (8 * (a & 3)));
      } else if (a < MAILBOX_END) {
        out[i] = mailbox[(int) a];
      } else if (a >= REGS_BASE && a < REGS_END) {
        out[i] = regs[(int) a - REGS_BASE];
      } else if (a >= PortCapabilities.PFF_BASE) {
        int idx = (int) ((a - PortCapabilities.PFF_BASE) / PortCapabilities.PFF_STRIDE);
        int within = (int) ((a - PortCapabilities.PFF_BASE) % PortCapabilities.PFF_STRIDE);
        if (idx < pffPorts.length && within < 0x100) {
          if (idx != pffIndex) {
            pffImage = ports.get(pffPorts[idx]).configSpace(this, now);
            pffIndex = idx;
          }
          out[i] = pffImage[within];
        }
      }
    }
    return out;
  }

  private static boolean overlaps(int off, int len, int regOff, int regLen) {
    return off < regOff + regLen && regOff < (long) off + len;
  }

  void write(int offset, byte[] data, long now) {
    if (!up(now)) {
      return; // the chip does not answer while it boots
    }
    boolean command =
        offset <= MailboxRegisters.COMMAND && offset + data.length >= MailboxRegisters.COMMAND + 4;
    for (int i = 0; i < data.length; i++) {
      int a = offset + i;
      if (a < MailboxRegisters.OUTPUT
          || (a >= MailboxRegisters.COMMAND && a < MailboxRegisters.STATUS)) {
        mailbox[a] = data[i];
      }
    }
    for (int a = (offset + 3) & ~3; a + 4 <= offset + data.length; a += 4) {
      if (EventRegisters.covers(a)) {
        events.sync(now);
        events.write(a, LeWriter.getI32(data, a - offset));
      }
    }
    if (command) {
      onCommand(LeWriter.getI32(mailbox, MailboxRegisters.COMMAND), now);
    }
  }

  private void onCommand(int word, long now) {
    refreshMailbox(now);
    traffic.advance(this, now); // counts what moved up to this command, which may change it
    if (inProgress) {
      return; // one command at a time: a write while busy is dropped, as on one mailbox
    }
    int id = word & 0xFFFF;
    int pax = (word >>> 18) & 0x1F;
    MrpcOutcome outcome;
    if (sw.faultActive(FaultKind.SWITCH_BUSY)) {
      outcome = MrpcOutcome.error(FirmwareErrors.ERR_HANDLER_NOT_IDLE);
    } else if (pax != 0 && pax != 0x1F) {
      outcome = MrpcOutcome.error(FirmwareErrors.ERR_INVALID_PARAM);
    } else if (id == CommandIds.RESET) {
      sw.restart(now);
      return;
    } else {
      byte[] payload = Arrays.copyOf(mailbox, MailboxRegisters.MAX_DATA);
      outcome = MrpcHandlers.handle(this, id, payload, now);
      if (outcome == MrpcOutcome.POWER_LOST) {
        return; // a new ChipState answers from now on
      }
    }
    pending = outcome;
    inProgress = true;
    hung = sw.faultActive(FaultKind.MRPC_TIMEOUT);
    doneAt = now + sw.config().timing().mrpcLatency().toNanos();
    setStatus(MailboxRegisters.STATUS_IN_PROGRESS);
    refreshMailbox(now);
  }

  private void setStatus(int status) {
    LeWriter.putU32(mailbox, MailboxRegisters.STATUS, status);
  }

  /** Completes the running command once its latency has passed (lazy: called on status reads). */
  void refreshMailbox(long now) {
    if (!inProgress || hung || now < doneAt) {
      return;
    }
    inProgress = false;
    Arrays.fill(mailbox, MailboxRegisters.OUTPUT, MailboxRegisters.COMMAND, (byte) 0);
    byte[] out = pending.output();
    System.arraycopy(
        out, 0, mailbox, MailboxRegisters.OUTPUT, Math.min(out.length, MailboxRegisters.MAX_DATA));
    LeWriter.putU32(mailbox, MailboxRegisters.RETURN_VALUE, pending.returnValue());
    setStatus(
        pending.returnValue() == 0 ? MailboxRegisters.STATUS_DONE : MailboxRegisters.STATUS_ERROR);
  }

  /** Records the event state as it is before a fault changes it. */
  void syncEvents(long now) {
    events.sync(now);
  }

  void onFaultInjected(ActiveFault f, long now) {
    SimPort p = ports.get(f.port());
    if (p != null && f.fault() instanceof Fault.SurpriseDown) {
      p.events[6]++; // uncorrectable: surprise down
      events.hotplug(f.port()); // the slot's presence detect changed
    }
    events.sync(now);
  }

  void onFaultCleared(ActiveFault f, long now) {
    SimPort p = ports.get(f.port());
    if (p != null) {
      for (int bit = 0; bit < p.events.length; bit++) {
        p.events[bit] += f.contribution(bit, now);
      }
      p.retrainAt = now; // the link comes back through training
      if (f.fault() instanceof Fault.SurpriseDown) {
        events.hotplug(f.port()); // the device is back
      }
    }
    events.sync(now);
    if (f.fault() instanceof Fault.MrpcTimeout
        && hung
        && sw.faultsOf(FaultKind.MRPC_TIMEOUT).isEmpty()) {
      hung = false;
      doneAt = now;
      refreshMailbox(now);
    }
  }
}

package io.gpuchassis.switchdrv.sim;

import java.time.Duration;
import java.util.List;

/**
 * Fault control of one simulated chip: inject a fault, get a handle to clear it. Used by tests and
 * by the agent's {@code /sim/v1/faults} endpoint. Thread-safe; effects are visible to the very next
 * wire access.
 */
public final class SimulatorFaults {

  private final SimulatedSwitch owner;

  SimulatorFaults(SimulatedSwitch owner) {
    this.owner = owner;
  }

  /** Injects any fault. */
  public FaultHandle inject(Fault fault) {
    return owner.injectFault(fault);
  }

  public FaultHandle linkDown(int port) {
    return inject(new Fault.LinkDown(port));
  }

  public FaultHandle linkFlap(int port, Duration period) {
    return inject(new Fault.LinkFlap(port, period));
  }

  public FaultHandle linkDegrade(int port, int width, int gen) {
    return inject(new Fault.LinkDegrade(port, width, gen));
  }

  public FaultHandle marginalLink(int port, int width, int gen) {
    return inject(new Fault.MarginalLink(port, width, gen));
  }

  public FaultHandle surpriseDown(int port) {
    return inject(new Fault.SurpriseDown(port));
  }

  public FaultHandle aerStorm(int port, long errorsPerSecond) {
    return inject(new Fault.AerStorm(port, errorsPerSecond));
  }

  public FaultHandle mrpcTimeout() {
    return inject(new Fault.MrpcTimeout());
  }

  public FaultHandle switchBusy() {
    return inject(new Fault.SwitchBusy());
  }

  /** NAK every I2C transaction until cleared. */
  public FaultHandle i2cNak() {
    return inject(new Fault.I2cNak(0));
  }

  /** NAK the next {@code transactions} I2C transactions, then answer again. */
  public FaultHandle i2cNak(int transactions) {
    return inject(new Fault.I2cNak(transactions));
  }

  public FaultHandle firmwareCrcMismatch() {
    return inject(new Fault.FirmwareCrcMismatch());
  }

  public FaultHandle firmwareBootFailure() {
    return inject(new Fault.FirmwareBootFailure());
  }

  public FaultHandle powerLossDuringDownload(long afterBytes) {
    return inject(new Fault.PowerLossDuringDownload(afterBytes));
  }

  /** Faults currently active, oldest first. */
  public List<FaultHandle> active() {
    return owner.activeFaults();
  }

  /** Clears every active fault. */
  public void clearAll() {
    for (FaultHandle h : active()) {
      h.clear();
    }
  }
}

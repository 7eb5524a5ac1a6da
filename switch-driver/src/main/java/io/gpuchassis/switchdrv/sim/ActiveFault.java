package io.gpuchassis.switchdrv.sim;

import io.gpuchassis.switchdrv.command.PmonEvents;

/**
 * An injected fault with its start time and, for error-producing faults, its counter contribution.
 */
final class ActiveFault implements FaultHandle {

  private final long id;
  private final Fault fault;
  private final long startNanos;
  private final SimulatedSwitch owner;
  private volatile boolean active = true;
  int remainingNaks;
  long bytesUntilPowerLoss;

  ActiveFault(long id, Fault fault, long startNanos, SimulatedSwitch owner) {
    this.id = id;
    this.fault = fault;
    this.startNanos = startNanos;
    this.owner = owner;
    if (fault instanceof Fault.I2cNak) {
      remainingNaks = ((Fault.I2cNak) fault).transactions();
    }
    if (fault instanceof Fault.PowerLossDuringDownload) {
      bytesUntilPowerLoss = ((Fault.PowerLossDuringDownload) fault).afterBytes();
    }
  }

  @Override
  public long id() {
    return id;
  }

  @Override
  public Fault fault() {
    return fault;
  }

  @Override
  public boolean active() {
    return active;
  }

  @Override
  public void clear() {
    owner.clearFault(this);
  }

  void deactivate() {
    active = false;
  }

  long startNanos() {
    return startNanos;
  }

  /** The port this fault acts on, or -1. */
  int port() {
    if (fault instanceof Fault.LinkDown) {
      return ((Fault.LinkDown) fault).port();
    } else if (fault instanceof Fault.LinkFlap) {
      return ((Fault.LinkFlap) fault).port();
    } else if (fault instanceof Fault.LinkDegrade) {
      return ((Fault.LinkDegrade) fault).port();
    } else if (fault instanceof Fault.MarginalLink marginal) {
      return marginal.port();
    } else if (fault instanceof Fault.SurpriseDown) {
      return ((Fault.SurpriseDown) fault).port();
    } else if (fault instanceof Fault.AerStorm) {
      return ((Fault.AerStorm) fault).port();
    }
    return -1;
  }

  /** Number of link drops a flap fault produced by {@code now}. */
  long flaps(long now) {
    long period = Math.max(1, ((Fault.LinkFlap) fault).period().toNanos());
    return (now - startNanos) / period + 1;
  }

  /** Whether a flap fault holds the link down at {@code now} (first half of every period). */
  boolean flapDown(long now) {
    long period = Math.max(2, ((Fault.LinkFlap) fault).period().toNanos());
    return (now - startNanos) % period < period / 2;
  }

  /** Events of type {@code eventBit} this fault added to its port's counters by {@code now}. */
  long contribution(int eventBit, long now) {
    if (fault instanceof Fault.LinkFlap) {
      long f = flaps(now);
      switch (eventBit) {
        case 14:
          return 8 * f; // receiver error
        case 12:
          return 2 * f; // bad DLLP
        case 13:
          return f; // bad TLP
        case 10:
          return f; // replay timer timeout
        default:
          return 0;
      }
    }
    if (fault instanceof Fault.AerStorm) {
      long perSecond = ((Fault.AerStorm) fault).errorsPerSecond();
      long base = (long) (perSecond * ((now - startNanos) / 1e9));
      int bit = 1 << eventBit;
      if (bit == PmonEvents.RECEIVER_ERROR) {
        return base;
      } else if (bit == PmonEvents.BAD_TLP) {
        return base / 2;
      } else if (bit == PmonEvents.BAD_DLLP) {
        return base / 4;
      }
    }
    return 0;
  }
}

package io.gpuchassis.switchdrv.sim;

import java.time.Duration;

/** A fault to inject into a simulated chip. Each record states its effect. */
public sealed interface Fault {

  FaultKind kind();

  /** The link of {@code port} goes down (LTSSM Detect) until cleared; then it retrains. */
  record LinkDown(int port) implements Fault {
    public FaultKind kind() {
      return FaultKind.LINK_DOWN;
    }
  }

  /**
   * The link of {@code port} drops at the start of every {@code period} for half of it; every drop
   * adds receiver errors, bad DLLPs, a bad TLP and a replay timeout to the port's counters.
   */
  record LinkFlap(int port, Duration period) implements Fault {
    public FaultKind kind() {
      return FaultKind.LINK_FLAP;
    }
  }

  /** The link of {@code port} trains at most {@code width} lanes and generation {@code gen}. */
  record LinkDegrade(int port, int width, int gen) implements Fault {
    public FaultKind kind() {
      return FaultKind.LINK_DEGRADE;
    }
  }

  /**
   * A marginal link: {@code port} trains at most {@code width} lanes and generation {@code gen}
   * until it is next retrained through port control (a hot reset or a retrain), after which it
   * trains at its full rate, as a link with a marginal lane often does once retrained.
   */
  record MarginalLink(int port, int width, int gen) implements Fault {
    public FaultKind kind() {
      return FaultKind.MARGINAL_LINK;
    }
  }

  /**
   * The device on {@code port} vanishes, as when its card is pulled: link down, the slot's presence
   * GPIO released, and one uncorrectable surprise-down error; cleared, the card is back.
   */
  record SurpriseDown(int port) implements Fault {
    public FaultKind kind() {
      return FaultKind.SURPRISE_DOWN;
    }
  }

  /**
   * Correctable errors on {@code port} at {@code errorsPerSecond} receiver errors (half as many bad
   * TLPs, a quarter bad DLLPs).
   */
  record AerStorm(int port, long errorsPerSecond) implements Fault {
    public FaultKind kind() {
      return FaultKind.AER_STORM;
    }
  }

  /** MRPCs submitted while active never complete (status stays "in progress") until cleared. */
  record MrpcTimeout() implements Fault {
    public FaultKind kind() {
      return FaultKind.MRPC_TIMEOUT;
    }
  }

  /** Every MRPC is answered "handler not idle" (0x64002) while active. */
  record SwitchBusy() implements Fault {
    public FaultKind kind() {
      return FaultKind.SWITCH_BUSY;
    }
  }

  /**
   * The I2C slave NAKs the next {@code transactions} transactions (0 = every one, until cleared).
   */
  record I2cNak(int transactions) implements Fault {
    public FaultKind kind() {
      return FaultKind.I2C_NAK;
    }
  }

  /** Flash programming flips a bit of every downloaded image, so its CRC check fails. */
  record FirmwareCrcMismatch() implements Fault {
    public FaultKind kind() {
      return FaultKind.FIRMWARE_CRC_MISMATCH;
    }
  }

  /**
   * A main image made active since the chip last booted does not start: at the next reset the boot
   * loader runs the copy that ran before (the active flag stays on the failed copy, as on the real
   * part).
   */
  record FirmwareBootFailure() implements Fault {
    public FaultKind kind() {
      return FaultKind.FIRMWARE_BOOT_FAILURE;
    }
  }

  /**
   * Power fails once {@code afterBytes} more image bytes were programmed; the chip restarts.
   * One-shot.
   */
  record PowerLossDuringDownload(long afterBytes) implements Fault {
    public FaultKind kind() {
      return FaultKind.POWER_LOSS_DURING_DOWNLOAD;
    }
  }
}

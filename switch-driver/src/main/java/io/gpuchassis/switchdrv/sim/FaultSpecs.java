package io.gpuchassis.switchdrv.sim;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Faults as (kind name, string parameters), the shape an HTTP control endpoint such as the agent's
 * {@code /sim/v1/faults} receives and renders. Parameters: {@code port} (link-down, link-flap,
 * link-degrade, marginal-link, surprise-down, aer-storm), {@code periodMs} (link-flap, default
 * 1000), {@code width} and {@code gen} (link-degrade, marginal-link), {@code errorsPerSecond}
 * (aer-storm, default 1000), {@code transactions} (i2c-nak, default 0 = until cleared), {@code
 * afterBytes} (power-loss-during-download, default 0). Unknown kinds, missing or malformed
 * parameters throw IllegalArgumentException.
 */
public final class FaultSpecs {

  private FaultSpecs() {}

  /** Builds a fault from its wire kind name, e.g. ("link-flap", {port=5, periodMs=200}). */
  public static Fault parse(String kind, Map<String, String> params) {
    switch (FaultKind.fromWireName(kind)) {
      case LINK_DOWN:
        return new Fault.LinkDown(integer(params, "port", null));
      case LINK_FLAP:
        return new Fault.LinkFlap(
            integer(params, "port", null), Duration.ofMillis(integer(params, "periodMs", 1000)));
      case LINK_DEGRADE:
        return new Fault.LinkDegrade(
            integer(params, "port", null),
            integer(params, "width", null),
            integer(params, "gen", null));
      case MARGINAL_LINK:
        return new Fault.MarginalLink(
            integer(params, "port", null),
            integer(params, "width", null),
            integer(params, "gen", null));
      case SURPRISE_DOWN:
        return new Fault.SurpriseDown(integer(params, "port", null));
      case AER_STORM:
        return new Fault.AerStorm(
            integer(params, "port", null), integer(params, "errorsPerSecond", 1000));
      case MRPC_TIMEOUT:
        return new Fault.MrpcTimeout();
      case SWITCH_BUSY:
        return new Fault.SwitchBusy();
      case I2C_NAK:
        return new Fault.I2cNak(integer(params, "transactions", 0));
      case FIRMWARE_CRC_MISMATCH:
        return new Fault.FirmwareCrcMismatch();
      case POWER_LOSS_DURING_DOWNLOAD:
        return new Fault.PowerLossDuringDownload(integer(params, "afterBytes", 0));
      case FIRMWARE_BOOT_FAILURE:
        return new Fault.FirmwareBootFailure();
      default:
        throw new IllegalArgumentException("unhandled fault kind " + kind);
    }
  }

  /** The parameters of a fault, in the names {@link #parse} accepts. */
  public static Map<String, String> parameters(Fault fault) {
    Map<String, String> m = new LinkedHashMap<>();
    if (fault instanceof Fault.LinkDown) {
      m.put("port", Integer.toString(((Fault.LinkDown) fault).port()));
    } else if (fault instanceof Fault.LinkFlap) {
      m.put("port", Integer.toString(((Fault.LinkFlap) fault).port()));
      m.put("periodMs", Long.toString(((Fault.LinkFlap) fault).period().toMillis()));
    } else if (fault instanceof Fault.LinkDegrade) {
      Fault.LinkDegrade d = (Fault.LinkDegrade) fault;
      m.put("port", Integer.toString(d.port()));
      m.put("width", Integer.toString(d.width()));
      m.put("gen", Integer.toString(d.gen()));
    } else if (fault instanceof Fault.MarginalLink d) {
      m.put("port", Integer.toString(d.port()));
      m.put("width", Integer.toString(d.width()));
      m.put("gen", Integer.toString(d.gen()));
    } else if (fault instanceof Fault.SurpriseDown) {
      m.put("port", Integer.toString(((Fault.SurpriseDown) fault).port()));
    } else if (fault instanceof Fault.AerStorm) {
      m.put("port", Integer.toString(((Fault.AerStorm) fault).port()));
      m.put("errorsPerSecond", Long.toString(((Fault.AerStorm) fault).errorsPerSecond()));
    } else if (fault instanceof Fault.I2cNak) {
      m.put("transactions", Integer.toString(((Fault.I2cNak) fault).transactions()));
    } else if (fault instanceof Fault.PowerLossDuringDownload) {
      m.put("afterBytes", Long.toString(((Fault.PowerLossDuringDownload) fault).afterBytes()));
    }
    return m;
  }

  private static int integer(Map<String, String> params, String name, Integer fallback) {
    String v = params.get(name);
    if (v == null) {
      if (fallback == null) {
        throw new IllegalArgumentException("parameter '" + name + "' is required");
      }
      return fallback;
    }
    try {
      return Integer.parseInt(v.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("parameter '" + name + "' is not an integer: " + v);
    }
  }
}

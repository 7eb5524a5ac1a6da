package io.gpuchassis.switchdrv.sim;

/** Kinds of injectable faults, with the names the agent's {@code /sim/v1/faults} endpoint uses. */
public enum FaultKind {
  LINK_DOWN("link-down"),
  LINK_FLAP("link-flap"),
  LINK_DEGRADE("link-degrade"),
  MARGINAL_LINK("marginal-link"),
  SURPRISE_DOWN("surprise-down"),
  AER_STORM("aer-storm"),
  MRPC_TIMEOUT("mrpc-timeout"),
  SWITCH_BUSY("switch-busy"),
  I2C_NAK("i2c-nak"),
  FIRMWARE_CRC_MISMATCH("firmware-crc-mismatch"),
  POWER_LOSS_DURING_DOWNLOAD("power-loss-during-download"),
  FIRMWARE_BOOT_FAILURE("firmware-boot-failure");

  private final String wireName;

  FaultKind(String wireName) {
    this.wireName = wireName;
  }

  public String wireName() {
    return wireName;
  }

  /** Looks a kind up by its wire name, e.g. "link-down". */
  public static FaultKind fromWireName(String name) {
    for (FaultKind k : values()) {
      if (k.wireName.equals(name)) {
        return k;
      }
    }
    throw new IllegalArgumentException("unknown fault kind '" + name + "'");
  }
}

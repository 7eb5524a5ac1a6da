package io.gpuchassis.switchdrv;

/**
 * LTSSM (link training state machine) state of a port as LNKSTAT reports it.
 *
 * <p>Gen3-5 report a 16-bit word (low byte major, high byte minor, majors 0 Detect .. 0x0A L2; a
 * healthy link reads 0x0103 "L0"). Gen6 reports a flat major numbering where 0x11 is "L0 (ACTIVE)"
 * (reference §2.4). {@link #isL0()} hides the difference.
 *
 * @param major major state code as reported
 * @param minor minor state code as reported
 * @param gen6Numbering whether {@code major} uses the Gen6 flat numbering
 */
public record LtssmState(int major, int minor, boolean gen6Numbering) {

  private static final String[] GEN4_MAJORS = {
    "Detect",
    "Polling",
    "Configuration",
    "L0",
    "Recovery",
    "Disabled",
    "Loopback",
    "Hot Reset",
    "TxL0s",
    "L1",
    "L2"
  };

  /** Decodes a Gen3-5 LTSSM word. */
  public static LtssmState ofGen4Word(int word) {
    return new LtssmState(word & 0xFF, (word >>> 8) & 0xFF, false);
  }

  public boolean isL0() {
    return gen6Numbering ? major == 0x11 : major == 3;
  }

  /** A human-readable name of the major state. */
  public String name() {
    if (!gen6Numbering) {
      return major < GEN4_MAJORS.length ? GEN4_MAJORS[major] : "Unknown(" + major + ")";
    }
    if (major <= 0x02) {
      return "Detect";
    } else if (major <= 0x0C) {
      return "Polling/Configuration";
    } else if (major <= 0x10 || (major >= 0x20 && major <= 0x23)) {
      return "Recovery";
    } else if (major == 0x11) {
      return "L0";
    } else if (major >= 0x17 && major <= 0x19) {
      return "Disabled";
    } else if (major == 0x1E || major == 0x1F) {
      return "Hot Reset";
    }
    return "State(0x" + Integer.toHexString(major) + ")";
  }
}

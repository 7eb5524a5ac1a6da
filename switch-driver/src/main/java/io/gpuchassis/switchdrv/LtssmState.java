package io.gpuchassis.switchdrv;

/**
 * LTSSM (link training state machine) state of a port as LNKSTAT reports it.
 *
 * <p>Gen3-5 report a 16-bit word (low byte major, high byte minor, majors 0 Detect .. 0x0A L2; a
 * healthy link reads 0x0103 "L0 (L0)"). Gen6 reports two bytes {@code ltssm_major, ltssm_minor}
 * where the state is the <b>minor</b> byte in a flat numbering (0x11 = "L0 (ACTIVE)"), the byte
 * switchtec-user decodes since v4.5 (reference §2.4). {@link #isL0()}, {@link #name()} and {@link
 * #code()} hide the difference.
 *
 * @param major the major byte as reported (Gen6: the state class, see {@link #gen6MajorOf})
 * @param minor the minor byte as reported (Gen6: the flat state code)
 * @param gen6Numbering whether the record came from a Gen6 chip
 */
public record LtssmState(int major, int minor, boolean gen6Numbering) {

  /** Gen3-5 majors; Gen6 flat codes map onto the same classes (see {@link #gen6MajorOf}). */
  private static final String[] MAJORS = {
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

  /**
   * The Gen6 flat state names, index = code 0x00..0x23, as switchtec-user prints them
   * (inc/switchtec/switchtec.h switchtec_ltssm_str_gen6).
   */
  private static final String[] GEN6_STATES = {
    "Detect (QUIET)",
    "Detect (ACTIVE)",
    "Polling (ACTIVE)",
    "Polling (COMPLIANCE)",
    "Polling (CONFIG)",
    "Detect (PRE_DETECT_QUIET)",
    "Detect (DETECT_WAIT)",
    "Configuration (LINKWD_START)",
    "Configuration (LINKWD_ACCEPT)",
    "Configuration (LANENUM_WAIT)",
    "Configuration (LANENUM_ACCEPT)",
    "Configuration (COMPLETE)",
    "Configuration (IDLE)",
    "Recovery (LOCK)",
    "Recovery (SPEED)",
    "Recovery (RCVRCFG)",
    "Recovery (IDLE)",
    "L0 (ACTIVE)",
    "L0s (IDLE)",
    "L1/L2/L3 (SEND_EIDLE)",
    "L1 (IDLE)",
    "L2 (IDLE)",
    "L2 (WAKE)",
    "Disabled (ENTRY)",
    "Disabled (IDLE)",
    "Disabled",
    "Loopback (ENTRY)",
    "Loopback (ACTIVE)",
    "Loopback (EXIT)",
    "Loopback (EXIT_TIMEOUT)",
    "Hot Reset (ENTRY)",
    "Hot Reset",
    "Recovery (EQ0)",
    "Recovery (EQ1)",
    "Recovery (EQ2)",
    "Recovery (EQ3)"
  };

  /** The Gen6 flat code of an active link. */
  public static final int GEN6_L0_ACTIVE = 0x11;

  /** Decodes a Gen3-5 LTSSM word. */
  public static LtssmState ofGen4Word(int word) {
    return new LtssmState(word & 0xFF, (word >>> 8) & 0xFF, false);
  }

  /**
   * A Gen6 state from its flat code, with the major byte a chip would send beside it (simulator
   * side).
   */
  public static LtssmState ofGen6Code(int code) {
    return new LtssmState(gen6MajorOf(code), code, true);
  }

  /**
   * The major byte sent beside a Gen6 flat code. The vendor's decoder ignores it since v4.5; it
   * reads the state class in the Gen3-5 major numbering (0 Detect .. 0x0A L2) here, our inference
   * from the field's name, so a v4.4 decoder would have shown a Gen3-5 major as a Gen6 code.
   */
  public static int gen6MajorOf(int code) {
    if (code < 0 || code >= GEN6_STATES.length) {
      return 0xFF;
    }
    String s = GEN6_STATES[code];
    if (s.startsWith("L0s")) {
      return 8;
    } else if (s.startsWith("L1")) {
      return 9;
    } else if (s.startsWith("L2")) {
      return 0x0A;
    }
    for (int m = 0; m < MAJORS.length; m++) {
      if (s.startsWith(MAJORS[m])) {
        return m;
      }
    }
    return 0xFF;
  }

  /**
   * The state code the vendor's tool decodes: the Gen6 flat code (the minor byte), or the Gen3-5
   * word {@code minor << 8 | major}.
   */
  public int code() {
    return gen6Numbering ? minor : minor << 8 | major;
  }

  public boolean isL0() {
    return gen6Numbering ? minor == GEN6_L0_ACTIVE : major == 3;
  }

  /** The state class: "Detect", "Polling", "Configuration", "L0", "Recovery", ... */
  public String name() {
    int m = gen6Numbering ? gen6MajorOf(minor) : major;
    if (m < MAJORS.length) {
      return MAJORS[m];
    }
    return gen6Numbering ? "State(0x" + Integer.toHexString(minor) + ")" : "Unknown(" + major + ")";
  }

  /**
   * The full Gen6 state name as switchtec-user prints it (e.g. "L0 (ACTIVE)"); on Gen3-5 the class
   * and the minor number.
   */
  public String description() {
    if (gen6Numbering) {
      return minor < GEN6_STATES.length ? GEN6_STATES[minor] : "UNKNOWN";
    }
    return name() + " (" + minor + ")";
  }
}

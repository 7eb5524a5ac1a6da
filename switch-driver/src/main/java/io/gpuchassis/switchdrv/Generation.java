package io.gpuchassis.switchdrv;

/**
 * Switchtec silicon generation. Decides payload layouts (LNKSTAT records, DIETEMP sub-command,
 * PART_INFO layout) and whether the PAX-ID field is ORed into the command word.
 */
public enum Generation {
  GEN3(3, 48),
  GEN4(4, 52),
  GEN5(5, 60),
  GEN6(6, 20);

  private final int pcieGen;
  private final int lnkstatPorts;

  Generation(int pcieGen, int lnkstatPorts) {
    this.pcieGen = pcieGen;
    this.lnkstatPorts = lnkstatPorts;
  }

  /** The PCIe generation the silicon supports at most (GEN6 = 64 GT/s). */
  public int pcieGen() {
    return pcieGen;
  }

  /** How many 12-byte records LNKSTAT returns on this generation (reference §2.4). */
  public int lnkstatPorts() {
    return lnkstatPorts;
  }
}

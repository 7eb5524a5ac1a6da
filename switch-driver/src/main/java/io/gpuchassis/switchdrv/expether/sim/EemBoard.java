package io.gpuchassis.switchdrv.expether.sim;

/** The ExpEther boards the simulator knows, with what the manager reports of each. */
public enum EemBoard {
  /** 10 GbE board: a host's group holds at most 8 I/O engines. */
  TEN_G("10g", 8, "ExpEther Board (10G)"),
  /** 40 GbE board: at most 16, and its I/O engines report the PCIe IDs of their device. */
  FORTY_G("40g", 16, "ExpEther Board (40G)");

  private final String type;
  private final int maxEeioCount;
  private final String model;

  EemBoard(String type, int maxEeioCount, String model) {
    this.type = type;
    this.maxEeioCount = maxEeioCount;
    this.model = model;
  }

  public String type() {
    return type;
  }

  public int maxEeioCount() {
    return maxEeioCount;
  }

  public String model() {
    return model;
  }
}

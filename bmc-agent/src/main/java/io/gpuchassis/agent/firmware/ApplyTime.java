package io.gpuchassis.agent.firmware;

/** When a written image starts running ({@code @Redfish.OperationApplyTime}). */
public enum ApplyTime {
  /**
   * Reset the chip at once and check that it runs the new image. Only when no GPU is bound through
   * it.
   */
  IMMEDIATE("Immediate"),
  /** Make the new image the one the chip boots next; it runs after the chip's next reset. */
  ON_RESET("OnReset");

  private final String redfishName;

  ApplyTime(String redfishName) {
    this.redfishName = redfishName;
  }

  public String redfishName() {
    return redfishName;
  }
}

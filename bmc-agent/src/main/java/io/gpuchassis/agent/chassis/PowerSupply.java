package io.gpuchassis.agent.chassis;

/**
 * A power supply unit.
 *
 * @param firmwareVersion the revision the supply reports (PMBus MFR_REVISION); blank while unread
 *     or when it does not say
 */
public record PowerSupply(String id, String model, int ratedWatts, String firmwareVersion) {

  /** A supply as the board describes it, before it has been read. */
  public PowerSupply(String id, String model, int ratedWatts) {
    this(id, model, ratedWatts, "");
  }

  public PowerSupply withFirmwareVersion(String version) {
    return new PowerSupply(id, model, ratedWatts, version);
  }
}

package io.gpuchassis.agent.chassis;

/**
 * A power supply unit.
 *
 * @param firmwareVersion the revision the supply reports (PMBus MFR_REVISION); blank while unread
 *     or when it does not say
 * @param manufacturer its maker as the supply reports it (PMBus MFR_ID); blank likewise
 * @param serialNumber its serial number as the supply reports it (PMBus MFR_SERIAL); blank likewise
 */
public record PowerSupply(
    String id,
    String model,
    int ratedWatts,
    String firmwareVersion,
    String manufacturer,
    String serialNumber) {

  /** A supply as the board describes it, before it has been read. */
  public PowerSupply(String id, String model, int ratedWatts) {
    this(id, model, ratedWatts, "", "", "");
  }

  /** This supply with what it reported about itself (blank for what it did not say). */
  public PowerSupply withReported(String version, String maker, String serial) {
    return new PowerSupply(id, model, ratedWatts, version, maker, serial);
  }
}

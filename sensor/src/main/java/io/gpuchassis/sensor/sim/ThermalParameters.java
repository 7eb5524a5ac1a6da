package io.gpuchassis.sensor.sim;

import java.time.Duration;

/**
 * Constants of the chassis physics.
 *
 * @param gpuTimeConstant first-order lag of a GPU's temperature towards its equilibrium
 * @param fanTimeConstant first-order lag of a fan's speed towards its commanded speed (rotor
 *     inertia)
 * @param gpuRiseAtTdp GPU temperature above inlet at TDP with all fans at full speed, °C
 * @param exhaustRisePerKilowatt exhaust temperature above inlet per kW dissipated at full airflow,
 *     °C
 * @param minimumAirflow airflow fraction left with every fan stopped (natural convection), 0-1
 * @param idleFraction GPU power at idle (or held in reset) as a fraction of TDP
 * @param chassisBaseWatts load besides the GPUs (switches, fans, management)
 * @param gpuSlowdownCelsius the GPU's own slowdown limit (SMBPBI T_LIMIT margin is measured to it)
 */
public record ThermalParameters(
    Duration gpuTimeConstant,
    Duration fanTimeConstant,
    double gpuRiseAtTdp,
    double exhaustRisePerKilowatt,
    double minimumAirflow,
    double idleFraction,
    double chassisBaseWatts,
    double gpuSlowdownCelsius) {

  /**
   * Plausible values: a GPU settles within about a minute, fans spin up in a few seconds, a GPU at
   * TDP runs about 35 °C above inlet at full airflow (65 °C above at 35 % airflow), exhaust rises
   * about 2 °C per kW.
   */
  public static ThermalParameters defaults() {
    return new ThermalParameters(
        Duration.ofSeconds(20), Duration.ofSeconds(2), 35.0, 2.0, 0.08, 0.1, 250.0, 87.0);
  }
}

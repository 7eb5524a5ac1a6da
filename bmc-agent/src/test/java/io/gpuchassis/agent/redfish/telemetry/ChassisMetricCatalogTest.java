package io.gpuchassis.agent.redfish.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A metric's name in words is its identifier split where a word or an acronym ends. */
class ChassisMetricCatalogTest {

  @Test
  void an_identifier_is_split_into_words_and_acronyms_stay_whole() {
    assertEquals("GPU Temperature", ChassisMetricCatalog.words("GPUTemperature"));
    assertEquals("Power Supply Fan Speed", ChassisMetricCatalog.words("PowerSupplyFanSpeed"));
    assertEquals("Inlet Temp", ChassisMetricCatalog.words("InletTemp"));
    assertEquals("Power", ChassisMetricCatalog.words("Power"));
  }
}

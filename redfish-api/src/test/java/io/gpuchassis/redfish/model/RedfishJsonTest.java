package io.gpuchassis.redfish.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import io.gpuchassis.redfish.json.RedfishJson;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/** What {@link RedfishJson} promises, checked on the generated models. */
class RedfishJsonTest {

  private static final ObjectMapper MAPPER = RedfishJson.mapper();

  /**
   * A chassis as the full Redfish schema allows it: annotations and properties this subset leaves
   * out.
   */
  private static final String FULL_CHASSIS =
      """
            {
              "@odata.id": "/redfish/v1/Chassis/1",
              "@odata.type": "#Chassis.v1_28_0.Chassis",
              "@Redfish.Copyright": "Copyright 2014-2025 DMTF.",
              "Id": "1",
              "Name": "Chassis",
              "ChassisType": "Expansion",
              "IndicatorLED": "Off",
              "HeightMm": 88,
              "Status": {"State": "Enabled", "Health": "OK", "Conditions": []},
              "Links": {"ManagedBy": [{"@odata.id": "/redfish/v1/Managers/1"}], "ManagedBy@odata.count": 1}
            }
            """;

  @Test
  void theMapperIsShared() {
    assertSame(RedfishJson.mapper(), RedfishJson.mapper());
  }

  @Test
  void strictReadingRejectsUnknownProperties() {
    assertThrows(
        UnrecognizedPropertyException.class, () -> MAPPER.readValue(FULL_CHASSIS, Chassis.class));
    assertThrows(
        UnrecognizedPropertyException.class,
        () -> MAPPER.readValue("{\"ServiceEnabled\": true, \"Bogus\": 1}", SessionService.class));
  }

  @Test
  void strictReadingRejectsUnknownEnumValues() {
    assertThrows(
        ValueInstantiationException.class,
        () -> MAPPER.readValue("{\"PCIeType\": \"Gen7\"}", PCIeSlot.class));
  }

  @Test
  void lenientReadingIgnoresUnknownPropertiesAndEnumValues() throws Exception {
    Chassis chassis = RedfishJson.lenientReader(Chassis.class).readValue(FULL_CHASSIS);
    assertEquals("1", chassis.getId());
    assertEquals(ChassisType.EXPANSION, chassis.getChassisType());
    assertEquals(State.ENABLED, chassis.getStatus().getState());
    assertEquals("/redfish/v1/Managers/1", chassis.getLinks().getManagedBy().get(0).getAtOdataId());

    PCIeSlot slot =
        RedfishJson.lenientReader()
            .forType(PCIeSlot.class)
            .readValue("{\"PCIeType\": \"Gen7\", \"Lanes\": 16}");
    assertNull(slot.getPcIeType());
    assertEquals(16, slot.getLanes());
  }

  @Test
  void missingRequiredPropertiesDoNotFailReading() throws Exception {
    // `required` only drives @Nonnull and inclusion: Jackson checks it for creator parameters only.
    Chassis chassis = MAPPER.readValue("{\"Name\": \"x\"}", Chassis.class);
    assertNull(chassis.getAtOdataId());
    assertNull(chassis.getChassisType());
  }

  @Test
  void unsetRequiredPropertiesAreOmittedToo() throws Exception {
    // The generator puts @JsonInclude(ALWAYS) on required properties; RedfishJson makes them
    // NON_NULL.
    assertEquals(
        "{\"error\":{\"code\":\"Base.1.22.GeneralError\"}}",
        MAPPER.writeValueAsString(
            new RedfishError().error(new RedfishErrorContents().code("Base.1.22.GeneralError"))));
    assertEquals("{}", MAPPER.writeValueAsString(new ResourceCollection()));
  }

  @Test
  void nullsInsideOemMapsAreKept() throws Exception {
    assertEquals(
        "{\"Oem\":{\"Vendor\":null}}",
        MAPPER.writeValueAsString(new PCIeSlot().putOemItem("Vendor", null)));
  }

  @Test
  void emptyBeansDoNotFail() throws Exception {
    assertEquals("{}", MAPPER.writeValueAsString(new Object()));
    assertEquals("{}", MAPPER.writeValueAsString(new Status()));
  }

  @Test
  void javaTimeIsIso8601Text() throws Exception {
    assertEquals(
        "\"2025-01-31T12:00:00Z\"",
        MAPPER.writeValueAsString(OffsetDateTime.of(2025, 1, 31, 12, 0, 0, 0, ZoneOffset.UTC)));
    assertEquals(
        "\"2025-01-31T12:00:00.5-05:00\"",
        MAPPER.writeValueAsString(
            OffsetDateTime.of(2025, 1, 31, 12, 0, 0, 500_000_000, ZoneOffset.ofHours(-5))));
    assertEquals("\"PT30S\"", MAPPER.writeValueAsString(Duration.ofSeconds(30)));

    Manager manager =
        MAPPER.readValue("{\"DateTime\": \"2025-01-31T12:00:00-05:00\"}", Manager.class);
    assertEquals(
        OffsetDateTime.of(2025, 1, 31, 12, 0, 0, 0, ZoneOffset.ofHours(-5)), manager.getDateTime());
  }
}

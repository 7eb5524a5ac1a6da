package io.gpuchassis.agent.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Checks the validator against the DMTF mockups and a few hand-broken Chassis bodies. */
class RedfishSchemaValidatorTest {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  /**
   * DMTF mockups (index.json folders, relative to mockups/) that genuinely break the 2025.4
   * schemas; each was checked by hand. They must keep failing: one that starts to pass is reported,
   * so the list shrinks instead of hiding regressions.
   */
  private static final Map<String, String> KNOWN_BAD_MOCKUPS = new TreeMap<>();

  static {
    // The bundle ships only the newest Drive schema (v1_22_0); these validate clean against it.
    String driveVersion = "names Drive.v1_21_0, absent from the schema bundle";
    for (String slot :
        List.of(
            "DriveBlock3/Storage/Block3NVMe/Drives/Slot0",
            "DriveBlock4/Storage/Block4NVMe/Drives/Slot1",
            "DriveBlock5/Storage/Block5NVMe/Drives/Slot2",
            "DriveBlock6/Storage/Block6NVMe/Drives/Slot3")) {
      knownBad(
          driveVersion, "public-constrained-composition/CompositionService/ResourceBlocks/" + slot);
    }
    for (int i = 0; i < 4; i++) {
      knownBad(
          driveVersion,
          "public-expansion-box/ResourceBlocks/Tray1-SAS/Storage/SAS/Drives/Slot" + i);
    }
    // Role.RoleId has been required since v1_2_0; these claim v1_3_3 without it.
    for (String mockup :
        List.of(
            "public-composability",
            "public-compose-action",
            "public-cxl",
            "public-expansion-box")) {
      for (String role : List.of("Administrator", "Operator", "ReadOnly")) {
        knownBad("Role without required RoleId", mockup + "/AccountService/Roles/" + role);
      }
    }
    for (String role : List.of("Administrator", "Operator", "ReadOnlyUser")) {
      knownBad(
          "Role without required RoleId",
          "public-constrained-composition/AccountService/Roles/" + role);
    }
    // ResourceBlock requires CompositionStatus (and ResourceBlockType).
    knownBad(
        "ResourceBlock without required CompositionStatus/ResourceBlockType",
        "public-composability/CompositionService/ResourceBlocks/Capabilities");
    for (String tray :
        List.of(
            "Tray1-SAS",
            "Tray2-Drive1",
            "Tray2-Drive2",
            "Tray2-Drive3",
            "Tray2-Drive4",
            "Tray3-Memory",
            "Tray4-NIC1",
            "Tray4-NIC2",
            "Tray4-NIC3",
            "Tray4-NIC4")) {
      knownBad(
          "ResourceBlock without required CompositionStatus",
          "public-expansion-box/ResourceBlocks/" + tray);
    }
    // ServiceRoot requires Links.
    knownBad("ServiceRoot without required Links", "public-cxl");
    knownBad("ServiceRoot without required Links", "public-cxl-multiswitch");
    // A composition capabilities template: members carry only @Redfish.*OnCreate hints, no
    // @odata.id/Id.
    knownBad(
        "capabilities template, not a resource",
        "public-constrained-composition/Systems/ConstrainedCompositionCapabilities");
    // PIDTargetList entries use the key "VCS ID" (with a space), which the schema does not define.
    knownBad("undefined property 'VCS ID'", "public-cxl-multiswitch/Fabrics/CXL/Switches/CXL1");
    knownBad("undefined property 'VCS ID'", "public-cxl-multiswitch/Fabrics/CXL/Switches/CXL2");
    // Created is "2012-03-07T14:44": no seconds, no offset, so not RFC 3339 (also inside the
    // expanded collection).
    knownBad(
        "Created is not an RFC 3339 date-time",
        "public-cxl/Chassis/CXL-Chassis/LogServices/LocalLog1/Entries/1");
    knownBad(
        "Created is not an RFC 3339 date-time",
        "public-cxl/Chassis/CXL-Chassis/LogServices/LocalLog1/Entries");
    // Fans use ReadingRPM (not in Thermal v1_7_3) and Redundancy Mode "N+1" (enum has "N+m").
    knownBad("Thermal with ReadingRPM and Mode N+1", "public-cxl/Chassis/CXL-Chassis/Thermal");
    // An OEM action whose namespace no schema defines (the mockup ships no VendorChassis schema).
    for (int blade = 1; blade <= 3; blade++) {
      knownBad(
          "OEM action #VendorChassis.VirtualReseat without a schema",
          "public-compose-action/Chassis/BladeServer-" + blade);
    }
  }

  private static void knownBad(String reason, String folder) {
    KNOWN_BAD_MOCKUPS.put(folder + "/index.json", reason);
  }

  private static RedfishSchemaValidator validator;

  @BeforeAll
  static void locateSchemas() {
    validator = RedfishSchemaValidator.locate().orElse(null);
  }

  /**
   * Per test rather than in @BeforeAll, so each skipped test shows up (with this message) in
   * reports.
   */
  @BeforeEach
  void requireSchemas() {
    assumeTrue(
        validator != null,
        "DMTF json-schema folder not found (set -D"
            + RedfishSchemaValidator.SCHEMA_DIR_PROPERTY
            + "=... or provide shared/redfish/json-schema);"
            + " skipping Redfish schema tests");
  }

  @Test
  void dmtfMockupsValidateClean() throws IOException {
    Path mockups = validator.schemaDir().resolveSibling("mockups");
    assumeTrue(Files.isDirectory(mockups), "no DMTF mockups folder at " + mockups);

    List<String> failures = new ArrayList<>();
    int checked = 0;
    for (Path index : indexFiles(mockups)) {
      JsonNode body = MAPPER.readTree(index.toFile());
      if (!body.has("@odata.type")) {
        continue; // $metadata-like documents, not resources
      }
      checked++;
      String name = mockups.relativize(index).toString().replace('\\', '/');
      List<String> errors = validator.validate(body);
      boolean knownBad = KNOWN_BAD_MOCKUPS.containsKey(name);
      if (!errors.isEmpty() && !knownBad) {
        failures.add(name + " (" + body.get("@odata.type").asText() + "): " + errors);
      } else if (errors.isEmpty() && knownBad) {
        failures.add(name + " now validates; remove it from KNOWN_BAD_MOCKUPS");
      }
    }
    assertTrue(checked > 100, "expected hundreds of typed mockups, found " + checked);
    assertTrue(
        failures.isEmpty(),
        failures.size() + " of " + checked + " mockups disagree:\n" + String.join("\n", failures));
  }

  @Test
  void validChassisPasses() {
    assertEquals(List.of(), validator.validate(chassis()));
  }

  @Test
  void unknownPropertyIsNamed() {
    ObjectNode body = chassis();
    body.put("FluxCapacitor", true);
    List<String> errors = validator.validate(body);
    assertTrue(errors.stream().anyMatch(e -> e.contains("FluxCapacitor")), errors.toString());
  }

  @Test
  void unknownPropertyInNestedObjectIsNamed() {
    ObjectNode body = chassis();
    ((ObjectNode) body.get("Status")).put("Mood", "Happy");
    List<String> errors = validator.validate(body);
    assertTrue(errors.stream().anyMatch(e -> e.contains("Mood")), errors.toString());
  }

  @Test
  void wrongEnumValueFails() {
    ObjectNode body = chassis();
    body.put("ChassisType", "Spaceship");
    List<String> errors = validator.validate(body);
    assertTrue(errors.stream().anyMatch(e -> e.contains("ChassisType")), errors.toString());
  }

  @Test
  void missingRequiredPropertyFails() {
    ObjectNode body = chassis();
    body.remove("Id");
    List<String> errors = validator.validate(body);
    assertTrue(errors.stream().anyMatch(e -> e.contains("Id")), errors.toString());
  }

  @Test
  void bodyWithoutOdataTypeIsAnError() {
    ObjectNode body = chassis();
    body.remove("@odata.type");
    List<String> errors = validator.validate(body);
    assertEquals(1, errors.size(), errors.toString());
    assertTrue(errors.get(0).contains("@odata.type"), errors.toString());
  }

  @Test
  void unknownSchemaFileIsAnError() {
    ObjectNode body = chassis();
    body.put("@odata.type", "#Chassis.v0_0_1.Chassis");
    List<String> errors = validator.validate(body);
    assertFalse(errors.isEmpty());
    assertTrue(errors.get(0).contains("Chassis.v0_0_1.json"), errors.toString());
  }

  @Test
  void payloadAnnotationsAreAccepted() {
    ObjectNode body = chassis();
    body.put("@odata.etag", "W/\"1\"");
    body.put("Name@Redfish.AllowableValues", "x");
    body.putArray("@Message.ExtendedInfo");
    body.putObject("@Redfish.Settings");
    assertEquals(List.of(), validator.validate(body));
  }

  @Test
  void oemObjectWithoutOdataTypeIsNamed() {
    ObjectNode body = chassis();
    body.putObject("Oem").putObject("GpuChassisAgent").put("SimulatedHardware", true);
    List<String> errors = validator.validate(body);
    assertEquals(1, errors.size(), errors.toString());
    assertTrue(
        errors.get(0).startsWith("/Oem/GpuChassisAgent: ") && errors.get(0).contains("@odata.type"),
        errors.toString());
  }

  @Test
  void oemObjectIsValidatedAgainstTheProjectsOemSchema() {
    ObjectNode body = chassis();
    ObjectNode oem = body.putObject("Oem").putObject("GpuChassisAgent");
    oem.put("@odata.type", "#GpuChassisAgent.v1_0_0.Switch");
    oem.put("LastPolled", "2026-01-31T12:00:00Z");
    oem.put("DieTemperatureCelsius", 61.5);
    assertEquals(List.of(), validator.validate(body));

    oem.put("DieTemperatureCelsius", "hot");
    oem.put("FluxCapacitor", true);
    List<String> errors = validator.validate(body);
    assertTrue(
        errors.stream()
            .anyMatch(e -> e.startsWith("/Oem/GpuChassisAgent: ") && e.contains("FluxCapacitor")),
        errors.toString());
    assertTrue(
        errors.stream().anyMatch(e -> e.contains("DieTemperatureCelsius")), errors.toString());
  }

  @Test
  void oemObjectOfAnUnknownSchemaIsAnError() {
    ObjectNode body = chassis();
    body.putObject("Oem").putObject("Contoso").put("@odata.type", "#Contoso.v1_0_0.Anvil");
    List<String> errors = validator.validate(body);
    assertEquals(1, errors.size(), errors.toString());
    assertTrue(errors.get(0).contains("Contoso.v1_0_0.json"), errors.toString());
  }

  @Test
  void oemActionsAreValidatedAgainstTheirDefinition() {
    ObjectNode body = chassis();
    ObjectNode action =
        body.putObject("Actions")
            .putObject("Oem")
            .putObject("#GpuChassisAgent.ClearOverTemperatureLatch");
    action.put(
        "target", "/redfish/v1/Chassis/1/Actions/Oem/GpuChassisAgent.ClearOverTemperatureLatch");
    assertEquals(List.of(), validator.validate(body));

    action.put("Force", true);
    List<String> errors = validator.validate(body);
    assertTrue(errors.stream().anyMatch(e -> e.contains("Force")), errors.toString());

    ((ObjectNode) body.get("Actions").get("Oem"))
        .putObject("#GpuChassisAgent.SelfDestruct")
        .put("target", "/x");
    errors = validator.validate(body);
    assertTrue(
        errors.stream().anyMatch(e -> e.contains("#GpuChassisAgent.SelfDestruct")),
        errors.toString());
  }

  /** A minimal, valid Chassis of the newest version in the 2025.4 bundle. */
  private static ObjectNode chassis() {
    ObjectNode c = MAPPER.createObjectNode();
    c.put("@odata.id", "/redfish/v1/Chassis/1");
    c.put("@odata.type", "#Chassis.v1_28_0.Chassis");
    c.put("Id", "1");
    c.put("Name", "GPU expansion chassis");
    c.put("ChassisType", "Enclosure");
    ObjectNode status = c.putObject("Status");
    status.put("State", "Enabled");
    status.put("Health", "OK");
    c.putObject("Links")
        .putArray("ManagedBy")
        .addObject()
        .put("@odata.id", "/redfish/v1/Managers/bmc");
    return c;
  }

  private static List<Path> indexFiles(Path root) throws IOException {
    try (Stream<Path> files = Files.walk(root)) {
      return files
          .filter(p -> p.getFileName().toString().equals("index.json"))
          .sorted()
          .collect(Collectors.toList());
    }
  }
}

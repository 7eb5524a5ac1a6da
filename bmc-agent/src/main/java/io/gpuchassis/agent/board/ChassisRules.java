package io.gpuchassis.agent.board;

import io.gpuchassis.agent.board.BoardDocument.ChassisEntry;

/** The {@code chassis} section: its identity fields and the FRU EEPROM it names. */
final class ChassisRules {

  private ChassisRules() {}

  static void check(ChassisEntry chassis, DocumentIndex index, Checks checks) {
    KeyPath at = KeyPath.of("chassis");
    checks.requireText(chassis.id(), at.key("id"));
    checks.requireText(chassis.manufacturer(), at.key("manufacturer"));
    checks.requireText(chassis.model(), at.key("model"));
    checks.requireText(chassis.partNumber(), at.key("partNumber"));
    checks.requireText(chassis.sku(), at.key("sku"));
    if (chassis.fru() != null) {
      index
          .deviceReferenceProblem(chassis.fru(), I2cPart.FRU_EEPROM, "FRU EEPROM")
          .ifPresent(detail -> checks.problem(at.key("fru"), detail));
    }
  }
}

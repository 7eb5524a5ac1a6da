package io.gpuchassis.agent.board;

import io.gpuchassis.agent.board.BoardDocument.Root;

/**
 * Checks that a parsed board file describes a board that can exist, collecting every problem at the
 * key it is about. A document that passes can be built into a {@link BoardDescription} without
 * further checks.
 */
final class BoardValidator {

  private BoardValidator() {}

  /** All problems of {@code root}; empty if it is valid. */
  static Problems check(Root root) {
    Problems problems = new Problems();
    Checks checks = new Checks(problems);
    DocumentIndex index = new DocumentIndex(root);
    ChassisRules.check(root.chassis(), index, checks);
    SwitchRules.check(root.switches(), checks);
    WiringRules.check(root, index, checks);
    ExpEtherRules.check(root, checks);
    PartitionRules.check(new PartitionNumbering(root), index, checks);
    I2cRules.check(root, index, checks);
    DeviceRules.check(root, index, checks);
    SlotLineRules.check(root, index, checks);
    SimulationRules.check(root, index, checks);
    NetworkAdapterRules.check(root.adapters(), checks);
    return problems;
  }
}

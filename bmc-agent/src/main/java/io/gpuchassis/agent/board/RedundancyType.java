package io.gpuchassis.agent.board;

/**
 * How a group of power supplies backs each other up.
 *
 * <p>The constant names are the Redfish {@code Redundancy.RedundancyType} values verbatim, so the
 * file, the model and the Redfish output all use one spelling.
 */
public enum RedundancyType {
  /** One active member, others take over on failure. */
  Failover,
  /** N members carry the load, M more may fail without loss of service. */
  NPlusM,
  /** All members share the load; any may fail while the rest carry it. */
  Sharing,
  /** Spare members stay idle until needed. */
  Sparing,
  /** Every member is needed. */
  NotRedundant
}

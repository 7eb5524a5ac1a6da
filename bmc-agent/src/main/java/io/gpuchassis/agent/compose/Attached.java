package io.gpuchassis.agent.compose;

import io.gpuchassis.agent.chassis.HostSight;
import io.gpuchassis.agent.chassis.LinkTraining;
import java.util.Optional;

/**
 * What a fabric verified of an attach: how the GPU's link trained, when the fabric reads it (PCIe;
 * empty over Ethernet, where the agent reads no link), and what the host said of the GPU (both
 * fabrics).
 */
public record Attached(Optional<LinkTraining> link, HostSight hostSight) {}

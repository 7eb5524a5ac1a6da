package io.gpuchassis.agent.redfish.composition;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.agent.redfish.core.OemSchema;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.model.ComputerSystemCapabilities;
import io.gpuchassis.redfish.model.ComputerSystemLinksCapabilities;
import io.gpuchassis.redfish.model.ProcessorCapabilities;
import io.gpuchassis.redfish.model.ProcessorsCapabilities;
import io.gpuchassis.redfish.model.ResourceBlockLimits;
import java.util.List;
import java.util.Map;

/**
 * The capabilities objects the Systems collection advertises in
 * {@code @Redfish.CollectionCapabilities}: what a {@code POST /redfish/v1/Systems} may carry for
 * specific composition (the host block and GPU blocks) and for constrained composition (the host
 * block, a GPU count, a model, the peer-to-peer requirement).
 */
final class SystemCapabilities {

  private SystemCapabilities() {}

  static ComputerSystemCapabilities specific(ChassisState state) {
    return common(Uris.SYSTEM_CAPABILITIES, "Capabilities", "Specific composition")
        .description(
            "POST "
                + Uris.SYSTEMS
                + " with Links.ResourceBlocks: one host block (ResourceBlockType "
                + "ComputerSystem) and the GPU blocks to bind into that host, all or nothing")
        .atRedfishResourceBlockLimits(
            new ResourceBlockLimits()
                .minComputerSystem(1)
                .maxComputerSystem(1)
                .minProcessor(1)
                .maxProcessor(gpuCount(state)));
  }

  static ComputerSystemCapabilities constrained(ChassisState state) {
    String uri = Uris.CONSTRAINED_CAPABILITIES;
    List<String> models =
        state.slots().stream()
            .filter(Slot::occupied)
            .map(s -> s.gpu().orElseThrow())
            .filter(io.gpuchassis.agent.chassis.Gpu::identified)
            .map(io.gpuchassis.agent.chassis.Gpu::model)
            .distinct()
            .toList();
    return common(uri, "ConstrainedCompositionCapabilities", "Constrained composition")
        .description(
            "POST "
                + Uris.SYSTEMS
                + " with Links.ResourceBlocks = one host block and Processors.Members = "
                + "one GPU request; the service chooses free GPUs (same switch chip first, then fewest inter-switch "
                + "hops). Oem.GpuChassisAgent.PeerToPeer SameSwitch asks for every GPU behind one switch chip.")
        .atRedfishResourceBlockLimits(
            new ResourceBlockLimits().minComputerSystem(1).maxComputerSystem(1))
        .processorsAtRedfishRequiredOnCreate(true)
        .processors(
            new ProcessorsCapabilities()
                // Fragment URIs: the capability lives inside this object, not at a resource of its
                // own.
                .atOdataId(uri + "#/Processors")
                .atOdataType("#ProcessorCollection.ProcessorCollection")
                .name("The GPUs requested")
                .membersAtRedfishRequiredOnCreate(true)
                .members(
                    List.of(
                        new ProcessorCapabilities()
                            .atOdataId(uri + "#/Processors/Members/0")
                            .atOdataType("#Processor.v1_22_0.Processor")
                            .id("GPU")
                            .name("A set of GPUs")
                            .atRedfishRequestedCountRequired(true)
                            .processorTypeAtRedfishRequiredOnCreate(true)
                            .processorTypeAtRedfishAllowableValues(List.of("GPU"))
                            .modelAtRedfishOptionalOnCreate(true)
                            .modelAtRedfishAllowableValues(models)))
                .membersAtOdataCount(1))
        .oemAtRedfishOptionalOnCreate(true)
        .oem(
            OemSchema.oem(
                OemSchema.COMPUTER_SYSTEM,
                Map.of(
                    "PeerToPeer@Redfish.OptionalOnCreate",
                    true,
                    "PeerToPeer@Redfish.AllowableValues",
                    SystemRequests.PEER_TO_PEER)));
  }

  private static ComputerSystemCapabilities common(String uri, String id, String name) {
    return new ComputerSystemCapabilities()
        .atOdataId(uri)
        .atOdataType(Schemas.COMPUTER_SYSTEM.odataType())
        .id(id)
        .name(name)
        // The system is the cabled host; a Name in the request is accepted and not kept.
        .nameAtRedfishOptionalOnCreate(true)
        .linksAtRedfishRequiredOnCreate(true)
        .links(
            new ComputerSystemLinksCapabilities()
                .resourceBlocksAtRedfishRequiredOnCreate(true)
                // The system is expandable: a PATCH of Links.ResourceBlocks changes its GPUs.
                .resourceBlocksAtRedfishUpdatableAfterCreate(true));
  }

  private static int gpuCount(ChassisState state) {
    return (int) state.slots().stream().filter(Slot::occupied).count();
  }
}

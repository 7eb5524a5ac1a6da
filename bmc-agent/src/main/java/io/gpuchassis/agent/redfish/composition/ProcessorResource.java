package io.gpuchassis.agent.redfish.composition;

import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.Gpu;
import io.gpuchassis.agent.chassis.PortHealth;
import io.gpuchassis.agent.chassis.PortLink;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.agent.chassis.WiredPort;
import io.gpuchassis.agent.compose.HostGpus;
import io.gpuchassis.agent.health.FabricHealth;
import io.gpuchassis.agent.health.GpuStatus;
import io.gpuchassis.agent.health.HealthMonitor;
import io.gpuchassis.agent.redfish.core.Collections;
import io.gpuchassis.agent.redfish.core.LinkStatuses;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.model.LinkState;
import io.gpuchassis.redfish.model.Location;
import io.gpuchassis.redfish.model.LocationType;
import io.gpuchassis.redfish.model.PartLocation;
import io.gpuchassis.redfish.model.Port;
import io.gpuchassis.redfish.model.PortLinks;
import io.gpuchassis.redfish.model.PortType;
import io.gpuchassis.redfish.model.Processor;
import io.gpuchassis.redfish.model.ProcessorLinks;
import io.gpuchassis.redfish.model.ProcessorMemory;
import io.gpuchassis.redfish.model.ProcessorType;
import io.gpuchassis.redfish.model.Protocol;
import io.gpuchassis.redfish.model.State;
import io.gpuchassis.redfish.model.Status;
import io.gpuchassis.redfish.route.RedfishRoutes;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The GPUs as Redfish processors: each GPU's resource block carries it ({@code
 * /redfish/v1/CompositionService/ResourceBlocks/GPU-Slot3/Processors/GPU}, as DMTF's composability
 * mockup does for its offload block), and a host lists the GPUs bound to it under {@code
 * /redfish/v1/Systems/{SystemId}/Processors}, where inventory tools (Ansible, sushy) look for them.
 * Each GPU has its slot as {@code Location} and one port, {@code PCIe}: its link to the switch's
 * slot port, as the switch last reported it (OCP's GPU baseboard profile asks for both). The
 * processor links its MIG devices, in both places ({@link GpuPartitionResource}).
 */
public final class ProcessorResource {

  private final ChassisModel model;
  private final HealthMonitor health;
  private final Clock clock;
  private final Duration staleAfter;
  private final FabricHealth fabric;

  public ProcessorResource(
      ChassisModel model,
      HealthMonitor health,
      FabricHealth fabric,
      Clock clock,
      Duration staleAfter) {
    this.model = model;
    this.health = health;
    this.fabric = fabric;
    this.clock = clock;
    this.staleAfter = staleAfter;
  }

  public void register(RedfishRoutes routes) {
    routes.resource(
        Uris.RESOURCE_BLOCK_PROCESSOR_TEMPLATE,
        "Processor",
        (params, caller) -> {
          ChassisState state = model.current();
          Slot slot = gpu(state, params.get("ResourceBlockId"));
          return render(state, slot, Uris.gpuProcessor(slot.number()), "GPU")
              .subProcessors(Uris.ref(Uris.gpuPartitions(slot.number())));
        });
    routes.resource(
        Uris.GPU_PORTS_TEMPLATE,
        "PortCollection",
        (params, caller) -> {
          Slot slot = gpu(model.current(), params.get("ResourceBlockId"));
          return Collections.render(
              Schemas.PORT_COLLECTION,
              Uris.gpuPorts(slot.number()),
              "Ports of the GPU in slot " + slot.number(),
              List.of(Uris.gpuPorts(slot.number()) + "/" + PCIE_PORT));
        });
    routes.resource(
        Uris.GPU_PORT_TEMPLATE,
        "Port",
        (params, caller) -> {
          ChassisState state = model.current();
          Slot slot = gpu(state, params.get("ResourceBlockId"));
          if (!PCIE_PORT.equals(params.get("PortId"))) {
            throw RedfishErrors.notFound("Port", params.get("PortId"));
          }
          return renderPort(state, slot);
        });
    routes.resource(
        Uris.SYSTEM_PROCESSORS_TEMPLATE,
        "ProcessorCollection",
        (params, caller) -> {
          ChassisState state = model.current();
          String host = host(state, params);
          return Collections.render(
              Schemas.PROCESSOR_COLLECTION,
              Uris.system(host) + "/Processors",
              "Processors",
              HostGpus.bound(state, host).stream()
                  .map(s -> Uris.system(host) + "/Processors/" + Uris.gpuEndpointId(s))
                  .toList());
        });
    routes.resource(
        Uris.SYSTEM_PROCESSOR_TEMPLATE,
        "Processor",
        (params, caller) -> {
          ChassisState state = model.current();
          Slot slot = boundGpu(state, params);
          String id = Uris.gpuEndpointId(slot.number());
          String uri = Uris.system(host(state, params)) + "/Processors/" + id;
          return render(state, slot, uri, id).subProcessors(Uris.ref(uri + "/SubProcessors"));
        });
  }

  /** The id of a GPU's one port. */
  static final String PCIE_PORT = "PCIe";

  /**
   * The GPU's end of its slot's link: as wide and as fast as the link trained (the switch's slot
   * port sees the same link), capable of what the slot and the GPU both can do.
   */
  private Port renderPort(ChassisState state, Slot slot) {
    WiredPort port = WiredPort.find(state, slot.switchId(), slot.port()).orElseThrow();
    Optional<PortLink> link =
        PortHealth.trustedLink(
            port, state.switchObservation(port.switchId()), clock.instant(), staleAfter);
    Port body =
        new Port()
            .atOdataId(Uris.gpuPorts(slot.number()) + "/" + PCIE_PORT)
            .atOdataType(Schemas.PORT.odataType())
            .id(PCIE_PORT)
            .name("PCIe link of the GPU in slot " + slot.number())
            .portId(PCIE_PORT)
            .portType(PortType.UPSTREAM_PORT)
            .portProtocol(Protocol.PCIE)
            .linkState(LinkState.ENABLED)
            .width(port.expectedWidth())
            .maxSpeedGbps(WiredPort.speedGbps(port.expectedGeneration(), port.expectedWidth()))
            .status(new Status().state(State.ENABLED).health(fabric.ofPort(state, port)))
            .links(
                new PortLinks()
                    .connectedSwitches(List.of(Uris.ref(Uris.fabricSwitch(port.switchId()))))
                    .connectedSwitchPorts(
                        List.of(Uris.ref(Uris.port(port.switchId(), port.port())))));
    link.ifPresent(l -> LinkStatuses.show(body, port, l));
    return body;
  }

  static String host(ChassisState state, Map<String, String> params) {
    String id = params.get("SystemId");
    return state.hosts().stream()
        .filter(h -> h.id().equals(id))
        .findFirst()
        .orElseThrow(() -> RedfishErrors.notFound("ComputerSystem", id))
        .id();
  }

  /** The GPU a host's {@code ProcessorId} names, when it is bound to that host. */
  static Slot boundGpu(ChassisState state, Map<String, String> params) {
    String host = host(state, params);
    Slot slot = gpu(state, params.get("ProcessorId"));
    if (!HostGpus.bound(state, host).contains(slot.number())) {
      throw RedfishErrors.notFound("Processor", params.get("ProcessorId"));
    }
    return slot;
  }

  /** The occupied slot a {@code GPU-SlotN} id names. */
  static Slot gpu(ChassisState state, String id) {
    return (id.matches("GPU-Slot\\d{1,3}")
            ? state.slot(Integer.parseInt(id.substring(8)))
            : java.util.Optional.<Slot>empty())
        .filter(Slot::occupied)
        .orElseThrow(() -> RedfishErrors.notFound("Processor", id));
  }

  private Processor render(ChassisState state, Slot slot, String uri, String id) {
    Gpu gpu = slot.gpu().orElseThrow();
    String chassis = state.identity().id();
    String device = Uris.pcieDevice(chassis, slot.number());
    return new Processor()
        .atOdataId(uri)
        .atOdataType(Schemas.PROCESSOR.odataType())
        .id(id)
        .name(gpu.displayName())
        .description("GPU in slot " + slot.number())
        .processorType(ProcessorType.GPU)
        .manufacturer(gpu.manufacturer().orElse(null))
        .model(known(gpu.model()))
        .serialNumber(known(gpu.serialNumber()))
        .UUID(
            io.gpuchassis.agent.chassis.StableUuids.gpu(gpu.serialNumber())
                .map(java.util.UUID::toString)
                .orElse(null))
        .firmwareVersion(known(gpu.firmwareVersion()))
        .maxTDPWatts(gpu.tdpWatts() > 0 ? gpu.tdpWatts() : null)
        .processorMemory(
            gpu.memoryGiB() > 0
                ? List.of(
                    new ProcessorMemory()
                        .capacityMiB(gpu.memoryGiB() * 1024)
                        .integratedMemory(true))
                : null)
        .status(GpuStatus.of(state, slot, health, clock.instant(), staleAfter))
        .location(
            new Location()
                .partLocation(
                    new PartLocation()
                        .locationType(LocationType.SLOT)
                        .locationOrdinalValue(slot.number())
                        .serviceLabel("Slot " + slot.number())))
        .ports(Uris.ref(Uris.gpuPorts(slot.number())))
        .environmentMetrics(Uris.ref(device + "/EnvironmentMetrics"))
        .links(
            new ProcessorLinks()
                .chassis(Uris.ref(Uris.chassis(chassis)))
                .pcIeDevice(Uris.ref(device)));
  }

  /** A text the GPU reported, or nothing when it did not say (an unidentified GPU). */
  private static String known(String text) {
    return text.isBlank() ? null : text;
  }
}

package io.gpuchassis.agent.redfish.composition;

import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.Slot;
import io.gpuchassis.agent.health.GpuStatus;
import io.gpuchassis.agent.health.HealthMonitor;
import io.gpuchassis.agent.host.GpuSighting;
import io.gpuchassis.agent.host.HostReports;
import io.gpuchassis.agent.host.MigPartition;
import io.gpuchassis.agent.redfish.core.Collections;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.model.Processor;
import io.gpuchassis.redfish.model.ProcessorLinks;
import io.gpuchassis.redfish.model.ProcessorMemory;
import io.gpuchassis.redfish.model.ProcessorType;
import io.gpuchassis.redfish.model.ResourceCollection;
import io.gpuchassis.redfish.model.Status;
import io.gpuchassis.redfish.route.RedfishRoutes;
import java.time.Clock;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * A GPU's MIG devices as processors of type {@code Partition} (Processor v1_19_0), in the {@code
 * SubProcessors} of the GPU's processor: in its resource block, and under the host it is bound to.
 * MIG devices are made on the host that holds the GPU, so the chassis knows only what that host's
 * companion last reported ({@link HostReports}): they go with the report, and with the GPU when it
 * leaves the host.
 */
public final class GpuPartitionResource {

  private final ChassisModel model;
  private final HostReports reports;
  private final HealthMonitor health;
  private final Clock clock;
  private final Duration staleAfter;

  public GpuPartitionResource(
      ChassisModel model,
      HostReports reports,
      HealthMonitor health,
      Clock clock,
      Duration staleAfter) {
    this.model = model;
    this.reports = reports;
    this.health = health;
    this.clock = clock;
    this.staleAfter = staleAfter;
  }

  public void register(RedfishRoutes routes) {
    register(
        routes,
        Uris.GPU_PARTITIONS_TEMPLATE,
        Uris.GPU_PARTITION_TEMPLATE,
        (state, params) -> ProcessorResource.gpu(state, params.get("ResourceBlockId")),
        (state, params) -> Uris.gpuPartitions(gpuOf(state, params)));
    register(
        routes,
        Uris.SYSTEM_GPU_PARTITIONS_TEMPLATE,
        Uris.SYSTEM_GPU_PARTITION_TEMPLATE,
        ProcessorResource::boundGpu,
        (state, params) ->
            Uris.system(ProcessorResource.host(state, params))
                + "/Processors/"
                + params.get("ProcessorId")
                + "/SubProcessors");
  }

  private static int gpuOf(ChassisState state, Map<String, String> params) {
    return ProcessorResource.gpu(state, params.get("ResourceBlockId")).number();
  }

  /** The collection and its members under one place of the GPU's processor. */
  private void register(
      RedfishRoutes routes,
      String collectionTemplate,
      String memberTemplate,
      BiFunction<ChassisState, Map<String, String>, Slot> gpu,
      BiFunction<ChassisState, Map<String, String>, String> collectionUri) {
    routes.resource(
        collectionTemplate,
        "ProcessorCollection",
        (params, caller) -> {
          ChassisState state = model.current();
          Slot slot = gpu.apply(state, params);
          return renderCollection(
              collectionUri.apply(state, params), slot.number(), partitions(slot.number()));
        });
    routes.resource(
        memberTemplate,
        "Processor",
        (params, caller) -> {
          ChassisState state = model.current();
          Slot slot = gpu.apply(state, params);
          String id = params.get("PartitionId");
          MigPartition partition =
              partitions(slot.number()).stream()
                  .filter(p -> Integer.toString(p.index()).equals(id))
                  .findFirst()
                  .orElseThrow(() -> RedfishErrors.notFound("Processor", id));
          return render(
              state.identity().id(),
              collectionUri.apply(state, params),
              slot.number(),
              partition,
              GpuStatus.of(state, slot, health, clock.instant(), staleAfter));
        });
  }

  /** The MIG devices the host holding the GPU last reported, by index. */
  private List<MigPartition> partitions(int slot) {
    return reports.sighting(slot).map(GpuSighting::partitions).orElse(List.of()).stream()
        .sorted(Comparator.comparingInt(MigPartition::index))
        .toList();
  }

  static ResourceCollection renderCollection(String uri, int slot, List<MigPartition> partitions) {
    return Collections.render(
        Schemas.PROCESSOR_COLLECTION,
        uri,
        "MIG devices of the GPU in slot " + slot,
        partitions.stream().map(p -> uri + "/" + p.index()).toList());
  }

  /**
   * One MIG device, in the collection at {@code collection}: its memory as its profile names it (20
   * GB for 3g.20gb, counted as GiB, as the GPU's own memory is), and the GPU's status, which it
   * shares.
   */
  static Processor render(
      String chassis, String collection, int slot, MigPartition partition, Status gpuStatus) {
    int gb = partition.memoryGB();
    return new Processor()
        .atOdataId(collection + "/" + partition.index())
        .atOdataType(Schemas.PROCESSOR.odataType())
        .id(Integer.toString(partition.index()))
        .name("MIG " + partition.profile())
        .description(
            "MIG device "
                + partition.index()
                + " of the GPU in slot "
                + slot
                + ", as its host reported it")
        .processorType(ProcessorType.PARTITION)
        .model(partition.profile())
        .UUID(partition.ownUuid().map(java.util.UUID::toString).orElse(null))
        .processorMemory(
            gb > 0
                ? List.of(new ProcessorMemory().capacityMiB(gb * 1024).integratedMemory(true))
                : null)
        .status(gpuStatus)
        .links(new ProcessorLinks().chassis(Uris.ref(Uris.chassis(chassis))));
  }
}

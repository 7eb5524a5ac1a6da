package io.gpuchassis.switchdrv.expether;

import static io.gpuchassis.switchdrv.expether.ExpEtherRig.HOST_10G;
import static io.gpuchassis.switchdrv.expether.ExpEtherRig.HOST_40G;
import static io.gpuchassis.switchdrv.expether.ExpEtherRig.HOT_PLUG;
import static io.gpuchassis.switchdrv.expether.ExpEtherRig.gpu;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.switchdrv.expether.EemException.Kind;
import io.gpuchassis.switchdrv.expether.ValenceRequests.Device;
import io.gpuchassis.switchdrv.expether.ValenceRequests.HostFull;
import io.gpuchassis.switchdrv.expether.ValenceRequests.ValenceError;
import io.gpuchassis.switchdrv.expether.sim.EemSimulator;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The flows of OpenStack Valence's ExpEther driver, request for request, against the simulated
 * manager, with our client watching the same manager: what Valence does, our client sees, and the
 * other way round.
 */
class ValenceFlowIT {

  private static final String HOST = HOST_40G.id();
  private static final String GPU0 = gpu(0).id();

  private final SteppedClock clock = new SteppedClock();
  private EemSimulator sim;
  private ValenceRequests valence;
  private EemClient client;
  private ExpEtherGrouping grouping;

  private void start(EemSimulator.Builder builder) {
    sim = builder.start();
    valence = new ValenceRequests(sim.baseUri(), ExpEtherRig.USER, ExpEtherRig.PASSWORD);
    client = ExpEtherRig.client(sim);
    grouping = new ExpEtherGrouping(client);
  }

  @AfterEach
  void stop() {
    if (sim != null) {
      sim.close();
    }
  }

  @Test
  void valence_attaches_a_gpu_to_a_host_without_a_group_with_the_requests_it_always_sends() {
    start(ExpEtherRig.simulator(2, clock));
    valence.getStatus();
    valence.getSystemById(HOST);
    sim.clearRequests();

    assertEquals(HOST, valence.composeNodeHostIds().get(0));
    valence.attach(GPU0, HOST);

    assertEquals(
        List.of(
            "GET devices?status=eesv",
            "GET devices/" + HOST,
            "PUT devices/" + HOST + "/group_id",
            "GET devices?status=eeio&group_id=16",
            "PUT devices/" + GPU0 + "/group_id"),
        sim.requests());
    clock.advance(HOT_PLUG);
    assertEquals(List.of(GPU0), ids(grouping.devicesOf(HOST)), "our client sees Valence's attach");
    Device seen = byId(valence.getAllDevices(), GPU0);
    assertEquals("16", seen.pooledGroupId());
    assertEquals(HOST, seen.nodeId());
    assertEquals("GPU", seen.type());
  }

  @Test
  void valence_composes_a_host_with_two_gpus_back_to_back() {
    start(ExpEtherRig.simulator(2, clock));

    String node = valence.composeNodeHostIds().get(0);
    valence.attach(GPU0, node); // compose_node attaches one device after the other, no wait
    valence.attach(gpu(1).id(), node);

    clock.advance(HOT_PLUG);
    assertEquals(List.of(GPU0, gpu(1).id()), ids(grouping.devicesOf(HOST)));
    assertEquals(
        1,
        sim.requests().stream().filter(r -> r.equals("PUT devices/" + HOST + "/group_id")).count(),
        "the host is given a group once");
  }

  @Test
  void valence_detaches_and_the_device_is_back_in_the_free_pool_for_both() {
    start(ExpEtherRig.simulator(2, clock));
    grouping.attach(HOST, GPU0); // attached by us, detached by Valence
    clock.advance(HOT_PLUG);
    sim.clearRequests();

    valence.detach(GPU0);

    assertEquals(List.of("DELETE devices/" + GPU0 + "/group_id"), sim.requests());
    clock.advance(HOT_PLUG);
    assertTrue(client.device(GPU0).isFree());
    Device seen = byId(valence.getAllDevices(), GPU0);
    assertEquals("4093", seen.pooledGroupId());
    assertNull(seen.nodeId());
  }

  @Test
  void valence_lists_hosts_and_one_host_with_the_fields_it_reads() {
    start(ExpEtherRig.simulator(1, clock));

    List<String> hosts = valence.systemsList().stream().map(h -> h.get("id").asText()).toList();
    assertEquals(List.of(HOST, HOST_10G.id()), hosts);
    assertEquals(
        client.device(HOST_10G.id()).groupId(),
        Integer.parseInt(valence.getSystemById(HOST_10G.id()).get("group_id").asText()));
    assertThrows(IllegalStateException.class, () -> valence.getSystemById(GPU0));
  }

  @Test
  void valence_and_our_client_skip_the_same_engines_that_are_down() {
    start(ExpEtherRig.simulator(3, clock));
    sim.dropOff(gpu(1).id());

    List<String> valenceSees = valence.getAllDevices().stream().map(Device::id).toList();
    assertEquals(List.of(GPU0, gpu(2).id()), valenceSees);
    assertEquals(valenceSees, ids(grouping.ioEngines()));
  }

  @Test
  void valence_and_our_client_both_stop_at_the_hosts_device_limit() {
    EemSimulator.Builder b = ExpEtherRig.simulator(0, clock);
    for (int i = 0; i < 8; i++) {
      b.engine(gpu(i).inGroup(HOST_10G.groupId()));
    }
    start(b.engine(gpu(8)));
    sim.clearRequests();

    assertThrows(HostFull.class, () -> valence.attach(gpu(8).id(), HOST_10G.id()));
    EemException ours =
        assertThrows(EemException.class, () -> grouping.attach(HOST_10G.id(), gpu(8).id()));
    assertEquals(Kind.LIMIT_REACHED, ours.kind());
    assertTrue(
        sim.requests().stream().noneMatch(r -> r.startsWith("PUT")), sim.requests()::toString);
  }

  @Test
  void the_managers_refusals_have_the_form_valence_reads() {
    start(ExpEtherRig.simulator(2, clock));

    ValenceError unknown = assertThrows(ValenceError.class, () -> valence.detach("0x0000000000ff"));
    assertEquals(404, unknown.status);
    valence.attach(GPU0, HOST);
    ValenceError busy = assertThrows(ValenceError.class, () -> valence.detach(GPU0));
    assertEquals(409, busy.status);

    ValenceRequests stranger = new ValenceRequests(sim.baseUri(), ExpEtherRig.USER, "wrong");
    ValenceError auth = assertThrows(ValenceError.class, stranger::getStatus);
    assertEquals(401, auth.status);
  }

  private static Device byId(List<Device> devices, String id) {
    return devices.stream().filter(d -> d.id().equals(id)).findFirst().orElseThrow();
  }

  private static List<String> ids(List<EemDevice> devices) {
    return devices.stream().map(EemDevice::id).toList();
  }
}

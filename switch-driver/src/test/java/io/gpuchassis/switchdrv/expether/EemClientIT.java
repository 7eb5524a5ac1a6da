package io.gpuchassis.switchdrv.expether;

import static io.gpuchassis.switchdrv.expether.ExpEtherRig.HOST_10G;
import static io.gpuchassis.switchdrv.expether.ExpEtherRig.HOST_40G;
import static io.gpuchassis.switchdrv.expether.ExpEtherRig.HOT_PLUG;
import static io.gpuchassis.switchdrv.expether.ExpEtherRig.gpu;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.switchdrv.expether.EemException.Kind;
import io.gpuchassis.switchdrv.expether.sim.EemSimulator;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.time.InstantSource;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** The client and its rules against the simulated manager, over real HTTP on loopback. */
class EemClientIT {

  private static final String HOST = HOST_40G.id();
  private static final String GPU0 = gpu(0).id();
  private static final String GPU1 = gpu(1).id();

  private final SteppedClock clock = new SteppedClock();
  private EemSimulator sim;
  private EemClient client;
  private ExpEtherGrouping grouping;

  private void start(EemSimulator.Builder builder) {
    sim = builder.start();
    client = ExpEtherRig.client(sim);
    grouping = new ExpEtherGrouping(client);
  }

  private void start() {
    start(ExpEtherRig.simulator(3, clock));
  }

  @AfterEach
  void stop() {
    if (sim != null) {
      sim.close();
    }
  }

  @Test
  void the_manager_answers_its_liveness_check() {
    start();
    assertFalse(client.apiVersion().isBlank());
    assertEquals(List.of("GET api_version"), sim.requests());
  }

  @Test
  void an_attach_gives_the_host_a_group_and_the_gpu_reports_it_only_after_the_hot_plug() {
    start();
    EemAttachment attach = grouping.attach(HOST, GPU0);

    assertTrue(attach.hostGroupAllocated());
    assertEquals(EemGroups.FIRST_ASSIGNABLE, attach.groupId());
    assertEquals(attach.groupId(), client.device(HOST).groupId(), "a host's group is set at once");
    assertEquals(EemGroups.FREE_IO, client.device(GPU0).groupId());
    assertEquals(List.of(), client.deviceIds(EemRole.EEIO, attach.groupId()));

    clock.advance(HOT_PLUG.minusMillis(1));
    assertEquals(EemGroups.FREE_IO, client.device(GPU0).groupId());

    clock.advance(Duration.ofMillis(1));
    assertEquals(attach.groupId(), client.device(GPU0).groupId());
    assertEquals(List.of(GPU0), client.deviceIds(EemRole.EEIO, attach.groupId()));
    assertEquals(List.of(GPU0), ids(grouping.devicesOf(HOST)));
    List<String> puts = puts();
    assertEquals(
        List.of("PUT devices/" + HOST + "/group_id", "PUT devices/" + GPU0 + "/group_id"), puts);
  }

  @Test
  void two_gpus_attached_back_to_back_to_a_fresh_host_share_its_one_group() {
    start();
    EemAttachment first = grouping.attach(HOST, GPU0);
    EemAttachment second = grouping.attach(HOST, GPU1);

    assertTrue(first.hostGroupAllocated());
    assertFalse(second.hostGroupAllocated());
    assertEquals(first.groupId(), second.groupId());
    clock.advance(HOT_PLUG);
    assertEquals(List.of(GPU0, GPU1), ids(grouping.devicesOf(HOST)));
  }

  @Test
  void a_host_given_its_vlan_is_put_into_that_group_and_one_in_another_is_refused_untouched() {
    start();
    EemAttachment attach = grouping.attach(HOST, GPU0, OptionalInt.of(100));
    assertTrue(attach.hostGroupAllocated());
    assertEquals(100, attach.groupId());
    assertEquals(100, client.device(HOST).groupId(), "the group ID is the VLAN asked for");
    clock.advance(HOT_PLUG);
    assertEquals(100, client.device(GPU0).groupId());
    // Already in group 100: a later attach asking for it just joins
    assertFalse(grouping.attach(HOST, GPU1, OptionalInt.of(100)).hostGroupAllocated());
    clock.advance(HOT_PLUG);

    sim.clearRequests();
    EemException wrong =
        refused(Kind.WRONG_GROUP, () -> grouping.attach(HOST, gpu(2).id(), OptionalInt.of(200)));
    assertTrue(wrong.getMessage().contains("group 100, not in group 200"), wrong.getMessage());
    assertEquals(List.of(), puts(), "nothing sent");
    assertEquals(100, client.device(HOST).groupId());
  }

  @Test
  void a_detach_returns_the_gpu_to_the_free_pool_after_the_hot_plug() {
    start();
    int group = grouping.attach(HOST, GPU0).groupId();
    clock.advance(HOT_PLUG);

    assertTrue(grouping.detach(GPU0));
    assertEquals(group, client.device(GPU0).groupId());
    clock.advance(HOT_PLUG);
    assertTrue(client.device(GPU0).isFree());
    assertEquals(List.of(), grouping.devicesOf(HOST));

    sim.clearRequests();
    assertFalse(grouping.detach(GPU0), "a free device is not detached again");
    assertTrue(
        sim.requests().stream().noneMatch(r -> r.startsWith("DELETE")), sim.requests()::toString);
  }

  @Test
  void a_second_change_while_the_first_hot_plug_runs_is_a_conflict() {
    start();
    grouping.attach(HOST, GPU0);

    EemException e = refused(Kind.CONFLICT, () -> client.deleteGroup(GPU0));
    assertEquals(409, e.httpStatus());
    assertTrue(e.managerCode().isPresent());
  }

  @Test
  void a_host_at_its_device_limit_is_refused_before_anything_is_sent_and_the_manager_agrees() {
    EemSimulator.Builder b = ExpEtherRig.simulator(0, clock);
    int group = HOST_10G.groupId();
    for (int i = 0; i < 8; i++) {
      b.engine(gpu(i).inGroup(group));
    }
    start(b.engine(gpu(8)));
    sim.clearRequests();

    refused(Kind.LIMIT_REACHED, () -> grouping.attach(HOST_10G.id(), gpu(8).id()));
    assertEquals(List.of(), puts());
    refused(Kind.CONFLICT, () -> client.setGroup(gpu(8).id(), group));
    assertTrue(client.device(gpu(8).id()).isFree());
  }

  @Test
  void the_manager_counts_devices_still_on_their_way_into_a_group() {
    EemSimulator.Builder b = ExpEtherRig.simulator(0, clock);
    int group = HOST_10G.groupId();
    for (int i = 0; i < 7; i++) {
      b.engine(gpu(i).inGroup(group));
    }
    start(b.engine(gpu(7)).engine(gpu(8)));

    grouping.attach(HOST_10G.id(), gpu(7).id());
    assertEquals(7, client.deviceIds(EemRole.EEIO, group).size(), "the eighth is still plugging");
    refused(Kind.CONFLICT, () -> client.setGroup(gpu(8).id(), group));
  }

  @Test
  void an_engine_that_drops_off_reports_down_is_not_offered_and_refuses_changes() {
    start();
    sim.dropOff(GPU1);

    assertTrue(client.device(GPU1).port0Down());
    assertEquals(List.of(GPU0, gpu(2).id()), ids(grouping.ioEngines()));
    sim.clearRequests();
    refused(Kind.ENGINE_DOWN, () -> grouping.attach(HOST, GPU1));
    assertEquals(List.of(), puts(), "nothing is sent for an engine that is down");
    refused(Kind.CONFLICT, () -> client.setGroup(GPU1, 16));

    sim.reconnect(GPU1);
    assertFalse(client.device(GPU1).port0Down());
    assertEquals(16, grouping.attach(HOST, GPU1).groupId());
  }

  @Test
  void a_hot_plug_does_not_finish_while_the_engine_is_off_the_network() {
    start();
    int group = grouping.attach(HOST, GPU0).groupId();
    sim.dropOff(GPU0);
    clock.advance(HOT_PLUG.multipliedBy(3));
    assertTrue(client.device(GPU0).isFree());

    sim.reconnect(GPU0);
    clock.advance(HOT_PLUG);
    assertEquals(group, client.device(GPU0).groupId());
  }

  @Test
  void a_device_in_another_hosts_group_is_not_free() {
    start();
    grouping.attach(HOST, GPU0);
    clock.advance(HOT_PLUG);

    refused(Kind.NOT_FREE, () -> grouping.attach(HOST_10G.id(), GPU0));
  }

  @Test
  void roles_are_checked_before_anything_changes() {
    start();
    sim.clearRequests();
    refused(Kind.WRONG_ROLE, () -> grouping.attach(GPU0, GPU1));
    refused(Kind.WRONG_ROLE, () -> grouping.attach(HOST, HOST_10G.id()));
    refused(Kind.WRONG_ROLE, () -> grouping.detach(HOST));
    assertEquals(List.of(), puts());
    assertTrue(client.device(HOST).isUnassignedHost());
  }

  @Test
  void wrong_credentials_are_refused() {
    start();
    EemClient intruder =
        EemClient.connect(sim.baseUri(), ExpEtherRig.USER, "guess", EemOptions.defaults());

    EemException e = refused(Kind.AUTH_REFUSED, intruder::apiVersion);
    assertEquals(401, e.httpStatus());
  }

  @Test
  void an_unknown_device_is_not_found() {
    start();
    EemException e = refused(Kind.NOT_FOUND, () -> client.device("0x0000000000ff"));
    assertEquals(404, e.httpStatus());
  }

  @Test
  void a_manager_that_does_not_answer_times_out() {
    start();
    EemClient impatient =
        EemClient.connect(
            sim.baseUri(),
            ExpEtherRig.USER,
            ExpEtherRig.PASSWORD,
            EemOptions.defaults().withRequestTimeout(Duration.ofMillis(300)));
    try (EemSimulator.Hold hold = sim.holdAnswers()) {
      refused(Kind.TIMEOUT, impatient::apiVersion);
    }
    assertFalse(impatient.apiVersion().isBlank(), "answers again once released");
  }

  @Test
  void a_manager_nobody_listens_for_is_unreachable() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    EemClient nobody =
        EemClient.connect(
            URI.create("http://127.0.0.1:" + port + "/eem"), "u", "p", EemOptions.defaults());
    refused(Kind.UNREACHABLE, nobody::apiVersion);
  }

  @Test
  void waiting_for_a_group_change_polls_until_the_engine_reports_it() {
    start(ExpEtherRig.simulator(1, InstantSource.system()).hotPlugDelay(Duration.ofMillis(200)));
    int group = grouping.attach(HOST, GPU0).groupId();

    EemDevice gpu = grouping.awaitGroup(GPU0, group, Duration.ofSeconds(20), Duration.ofMillis(20));
    assertEquals(group, gpu.groupId());
  }

  @Test
  void waiting_for_a_change_that_does_not_land_ends_at_the_deadline() {
    start(); // the stepped clock never moves here, so the hot-plug never ends
    int group = grouping.attach(HOST, GPU0).groupId();

    refused(
        Kind.TIMEOUT,
        () -> grouping.awaitGroup(GPU0, group, Duration.ofMillis(100), Duration.ofMillis(10)));
  }

  private List<String> puts() {
    return sim.requests().stream().filter(r -> r.startsWith("PUT")).toList();
  }

  private static List<String> ids(List<EemDevice> devices) {
    return devices.stream().map(EemDevice::id).toList();
  }

  private static EemException refused(Kind kind, Executable call) {
    EemException e = assertThrows(EemException.class, call);
    assertEquals(kind, e.kind(), e.getMessage());
    return e;
  }
}

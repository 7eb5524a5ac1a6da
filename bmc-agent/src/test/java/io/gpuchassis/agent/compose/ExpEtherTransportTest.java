package io.gpuchassis.agent.compose;

import static io.gpuchassis.agent.compose.ExpEtherFixture.HOST;
import static io.gpuchassis.agent.compose.ExpEtherFixture.HOST_ENGINE;
import static io.gpuchassis.agent.compose.ExpEtherFixture.io;
import static io.gpuchassis.agent.compose.ExpEtherFixture.io10g;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.HostSight;
import io.gpuchassis.agent.store.AgentStore;
import io.gpuchassis.switchdrv.expether.EemClient;
import io.gpuchassis.switchdrv.expether.EemGroups;
import io.gpuchassis.switchdrv.expether.sim.EemSimulator;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Ethernet fabric against the simulated manager over HTTP: attach and release journaled as PCIe
 * binds are; an engine off the network refused with nothing changed; an attach the engine never
 * confirms not left bound; once the engine is in the host's group, the host companion's word waited
 * for as on PCIe: the address it reports, a Warning-worthy {@link HostSight#NOT_SEEN} when it does
 * not answer within the bound (the GPU stays attached), no wait for a host without one.
 */
class ExpEtherTransportTest {

  @TempDir Path dir;

  private final ChassisState state = ExpEtherFixture.state();

  @Test
  void an_attach_and_its_release_move_the_engine_and_are_journaled() {
    try (EemSimulator sim =
            ExpEtherFixture.manager(EemGroups.UNASSIGNED_HOST).engine(io10g(1)).start();
        AgentStore store = AgentStore.open(dir)) {
      EemClient client = ExpEtherFixture.client(sim);
      BindingJournal journal = new BindingJournal(store, Clock.systemUTC());
      ExpEtherTransport transport = new ExpEtherTransport(client, journal, Duration.ofSeconds(5));

      assertEquals(
          new Attached(Optional.empty(), HostSight.NOT_EXPECTED),
          transport.attach(state, 1, HOST).join(),
          "no link is read over Ethernet, and no host was asked");
      int group = client.device(HOST_ENGINE).groupId();
      assertEquals(100, group, "the host was put into the group of the VLAN its board gives it");
      assertEquals(group, client.device(io(1)).groupId());
      assertEquals(Map.of(1, HOST), journal.desired());

      transport.release(state, 1, HOST).join();
      assertEquals(EemGroups.FREE_IO, client.device(io(1)).groupId());
      assertEquals(Map.of(), journal.desired());
      assertEquals(0, journal.interrupted().size());
    }
  }

  @Test
  void an_engine_off_the_network_is_refused_and_nothing_changes() {
    try (EemSimulator sim = ExpEtherFixture.manager(100).engine(io10g(1)).start();
        AgentStore store = AgentStore.open(dir)) {
      EemClient client = ExpEtherFixture.client(sim);
      BindingJournal journal = new BindingJournal(store, Clock.systemUTC());
      ExpEtherTransport transport = new ExpEtherTransport(client, journal, Duration.ofSeconds(5));
      sim.dropOff(io(1));

      BindingException e = refusal(() -> transport.attach(state, 1, HOST).join());

      assertEquals(BindingException.Reason.SWITCH_FAILED, e.reason(), e.getMessage());
      assertTrue(e.getMessage().contains("port 0 down"), e.getMessage());
      assertEquals(Map.of(), journal.desired());
      assertEquals(0, journal.interrupted().size(), "the attempt is journaled as failed");
      sim.reconnect(io(1));
      assertEquals(EemGroups.FREE_IO, client.device(io(1)).groupId());
    }
  }

  @Test
  void an_attach_the_engine_never_confirms_is_not_left_bound() {
    // The manager's clock stands still: the hot-plug it accepts never ends
    InstantSource frozen = InstantSource.fixed(Instant.parse("2026-12-04T12:00:00Z"));
    try (EemSimulator sim = ExpEtherFixture.manager(100).clock(frozen).engine(io10g(1)).start();
        AgentStore store = AgentStore.open(dir)) {
      EemClient client = ExpEtherFixture.client(sim);
      BindingJournal journal = new BindingJournal(store, Clock.systemUTC());
      ExpEtherTransport transport = new ExpEtherTransport(client, journal, Duration.ofMillis(300));

      BindingException e = refusal(() -> transport.attach(state, 1, HOST).join());

      // The undo cannot be seen to end either: FAILED for an operator, never BOUND
      assertEquals(BindingException.Reason.SWITCH_STATE_UNKNOWN, e.reason(), e.getMessage());
      assertTrue(e.getMessage().contains("did not report group 100"), e.getMessage());
      assertEquals(Map.of(), journal.desired());
    }
  }

  @Test
  void an_attach_waits_for_the_host_companion_to_see_the_gpu_once_the_engine_is_in_the_group()
      throws Exception {
    try (EemSimulator sim = ExpEtherFixture.manager(100).engine(io10g(1)).start();
        AgentStore store = AgentStore.open(dir)) {
      EemClient client = ExpEtherFixture.client(sim);
      BindingJournal journal = new BindingJournal(store, Clock.systemUTC());
      ExpEtherTransport transport = new ExpEtherTransport(client, journal, Duration.ofSeconds(5));
      Companion host = new Companion(journal, Optional.of(new CompletableFuture<>()));
      transport.confirmWith(host, Duration.ofSeconds(60));
      Instant before = Instant.now();

      CompletableFuture<Attached> attach = transport.attach(state, 1, HOST);

      Asked asked = host.asked.poll(10, TimeUnit.SECONDS);
      assertEquals(1, asked.slot());
      assertEquals(HOST, asked.host());
      assertFalse(asked.since().isBefore(before), "reports count from the attach's start");
      assertEquals(
          Map.of(1, HOST), asked.desired(), "the host is asked once the engine is in its group");
      assertEquals(100, client.device(io(1)).groupId());
      assertFalse(attach.isDone(), "the attach waits for the host's word");

      host.answer.orElseThrow().complete("0000:05:00.0");

      assertEquals(
          new Attached(Optional.empty(), HostSight.seenAt("0000:05:00.0")),
          attach.get(10, TimeUnit.SECONDS));
    }
  }

  @Test
  void a_host_companion_that_never_reports_the_gpu_leaves_it_attached_once_the_wait_ends()
      throws Exception {
    try (EemSimulator sim = ExpEtherFixture.manager(100).engine(io10g(1)).start();
        AgentStore store = AgentStore.open(dir)) {
      EemClient client = ExpEtherFixture.client(sim);
      BindingJournal journal = new BindingJournal(store, Clock.systemUTC());
      ExpEtherTransport transport = new ExpEtherTransport(client, journal, Duration.ofSeconds(5));
      // Its answer never comes: the wait is bounded by the setting, not by this test
      Companion host = new Companion(journal, Optional.of(new CompletableFuture<>()));
      transport.confirmWith(host, Duration.ofMillis(200));

      Attached attached = transport.attach(state, 1, HOST).get(30, TimeUnit.SECONDS);

      assertEquals(new Attached(Optional.empty(), HostSight.NOT_SEEN), attached);
      assertEquals(1, host.asked.size());
      // As on PCIe: the GPU stays attached, journaled as bound
      assertEquals(100, client.device(io(1)).groupId());
      assertEquals(Map.of(1, HOST), journal.desired());
    }
  }

  @Test
  void an_attach_to_a_host_without_a_companion_does_not_wait() throws Exception {
    try (EemSimulator sim = ExpEtherFixture.manager(100).engine(io10g(1)).start();
        AgentStore store = AgentStore.open(dir)) {
      EemClient client = ExpEtherFixture.client(sim);
      BindingJournal journal = new BindingJournal(store, Clock.systemUTC());
      ExpEtherTransport transport = new ExpEtherTransport(client, journal, Duration.ofSeconds(5));
      Companion none = new Companion(journal, Optional.empty());
      // A wait this long would outlast the get below: the attach must not start it
      transport.confirmWith(none, Duration.ofHours(1));

      Attached attached = transport.attach(state, 1, HOST).get(30, TimeUnit.SECONDS);

      assertEquals(new Attached(Optional.empty(), HostSight.NOT_EXPECTED), attached);
      assertEquals(1, none.asked.size(), "the host was asked whether it has a companion");
      assertEquals(100, client.device(io(1)).groupId());
    }
  }

  /** What the transport asked the host, and the journal's bindings at that moment. */
  private record Asked(int slot, String host, Instant since, Map<Integer, String> desired) {}

  /** A host whose companion answers with {@code answer} (empty: it has none). */
  private static final class Companion implements HostConfirmation {
    final BlockingQueue<Asked> asked = new LinkedBlockingQueue<>();
    final BindingJournal journal;
    final Optional<CompletableFuture<String>> answer;

    Companion(BindingJournal journal, Optional<CompletableFuture<String>> answer) {
      this.journal = journal;
      this.answer = answer;
    }

    @Override
    public Optional<CompletableFuture<String>> whenSeen(int slot, String host, Instant since) {
      asked.add(new Asked(slot, host, since, journal.desired()));
      return answer;
    }
  }

  private static BindingException refusal(Runnable attach) {
    CompletionException thrown = assertThrows(CompletionException.class, attach::run);
    return assertInstanceOf(BindingException.class, thrown.getCause());
  }
}

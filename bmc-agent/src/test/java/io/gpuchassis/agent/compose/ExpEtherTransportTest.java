package io.gpuchassis.agent.compose;

import static io.gpuchassis.agent.compose.ExpEtherFixture.HOST;
import static io.gpuchassis.agent.compose.ExpEtherFixture.HOST_ENGINE;
import static io.gpuchassis.agent.compose.ExpEtherFixture.io;
import static io.gpuchassis.agent.compose.ExpEtherFixture.io10g;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.chassis.ChassisState;
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
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Ethernet fabric against the simulated manager over HTTP: attach and release journaled as PCIe
 * binds are; an engine off the network refused with nothing changed; an attach the engine never
 * confirms not left bound.
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

      assertEquals(java.util.Optional.empty(), transport.attach(state, 1, HOST).join());
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

  private static BindingException refusal(Runnable attach) {
    CompletionException thrown = assertThrows(CompletionException.class, attach::run);
    return assertInstanceOf(BindingException.class, thrown.getCause());
  }
}

package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.basic;

import io.gpuchassis.agent.Agent;
import io.gpuchassis.agent.config.AgentConfig;
import io.gpuchassis.agent.config.CompositionSettings;
import io.gpuchassis.agent.config.ListenAddress;
import io.gpuchassis.agent.config.SimulationSpeed;
import io.gpuchassis.agent.security.AccountRepository;
import io.gpuchassis.agent.security.PasswordHasher;
import io.gpuchassis.agent.security.Role;
import io.gpuchassis.agent.security.TestPasswordHashing;
import io.gpuchassis.agent.store.AgentStore;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * An agent started in-process on a free port with the fast simulated reference chassis and one
 * account per role: {@code admin}, {@code operator}, {@code reader} (passwords in the constants).
 * Passwords are hashed cheaply ({@link TestPasswordHashing}) unless the test's point is the cost
 * ({@link #startAtFullHashingCost}).
 */
final class TestAgent implements AutoCloseable {

  static final String ADMIN_PASSWORD = "admin-password-1";
  static final String OPERATOR_PASSWORD = "operator-password-1";
  static final String READER_PASSWORD = "reader-password-1";
  static final String ADMIN = basic("admin", ADMIN_PASSWORD);
  static final String OPERATOR = basic("operator", OPERATOR_PASSWORD);
  static final String READER = basic("reader", READER_PASSWORD);

  final Agent agent;
  final AgentClient client;
  final Path stateDir;

  private TestAgent(Agent agent, AgentClient client, Path stateDir) {
    this.agent = agent;
    this.client = client;
    this.stateDir = stateDir;
  }

  static TestAgent start(Path stateDir) throws Exception {
    return start(stateDir, SimulationSpeed.FAST);
  }

  /**
   * With {@code REALISTIC} speed, operations take the time they take on hardware (a bind ~800 ms).
   */
  static TestAgent start(Path stateDir, SimulationSpeed speed) throws Exception {
    return start(stateDir, speed, AgentConfig.defaults().switchPollInterval());
  }

  /**
   * With a long {@code pollInterval}, the switches are polled once at start and then only by what a
   * test does.
   */
  static TestAgent start(Path stateDir, SimulationSpeed speed, java.time.Duration pollInterval)
      throws Exception {
    return start(stateDir, speed, pollInterval, UnaryOperator.identity());
  }

  /**
   * With the fast simulation and settings changed by {@code tweak} (e.g. a short stuck-sensor
   * window).
   */
  static TestAgent start(Path stateDir, UnaryOperator<AgentConfig> tweak) throws Exception {
    return start(
        stateDir,
        SimulationSpeed.FAST,
        AgentConfig.defaults().switchPollInterval(),
        tweak,
        TestPasswordHashing.hasher());
  }

  /**
   * Hashing and checking every password at the shipped cost ({@link
   * PasswordHasher#DEFAULT_ITERATIONS}), for the tests of what that cost does (login timing, the
   * password-check pool under guessers).
   */
  static TestAgent startAtFullHashingCost(Path stateDir, UnaryOperator<AgentConfig> tweak)
      throws Exception {
    return start(
        stateDir,
        SimulationSpeed.FAST,
        AgentConfig.defaults().switchPollInterval(),
        tweak,
        new PasswordHasher());
  }

  /** At {@code speed}, with settings changed by {@code tweak} (e.g. another board). */
  static TestAgent start(
      Path stateDir,
      SimulationSpeed speed,
      java.time.Duration pollInterval,
      UnaryOperator<AgentConfig> tweak)
      throws Exception {
    return start(stateDir, speed, pollInterval, tweak, TestPasswordHashing.hasher());
  }

  private static TestAgent start(
      Path stateDir,
      SimulationSpeed speed,
      java.time.Duration pollInterval,
      UnaryOperator<AgentConfig> tweak,
      PasswordHasher agentHasher)
      throws Exception {
    try (AgentStore store = AgentStore.open(stateDir)) {
      // Cheap hashes are enough for the accounts: a full-cost agent pads every check to its own
      // cost anyway.
      PasswordHasher hasher = TestPasswordHashing.hasher();
      AccountRepository accounts = new AccountRepository(store);
      accounts.create(
          "admin", hasher.hash(ADMIN_PASSWORD), Role.Administrator, true, false, Instant.now());
      accounts.create(
          "operator", hasher.hash(OPERATOR_PASSWORD), Role.Operator, true, false, Instant.now());
      accounts.create(
          "reader", hasher.hash(READER_PASSWORD), Role.ReadOnly, true, false, Instant.now());
    }
    AgentConfig config =
        AgentConfig.defaults()
            .withListen(new ListenAddress("127.0.0.1", 0))
            .withStateDir(stateDir)
            .withSimulationSpeed(speed)
            .withSwitchPollInterval(pollInterval)
            // Most tests follow a change step by step through its task; the answer window has its
            // own (ReleasePolicyIT, TasksIT)
            .withComposition(CompositionSettings.DEFAULT.withAnswerWithin(java.time.Duration.ZERO));
    Agent agent = Agent.start(tweak.apply(config), Map.of(), agentHasher);
    return new TestAgent(
        agent, new AgentClient(agent.port(), stateDir.resolve("tls/https-cert.pem")), stateDir);
  }

  @Override
  public void close() {
    agent.close();
  }
}

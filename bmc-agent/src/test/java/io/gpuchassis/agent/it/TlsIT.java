package io.gpuchassis.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gpuchassis.agent.Agent;
import io.gpuchassis.agent.config.AgentConfig;
import io.gpuchassis.agent.config.HardwareMode;
import io.gpuchassis.agent.config.ListenAddress;
import io.gpuchassis.agent.config.SimulationSpeed;
import io.gpuchassis.agent.security.TestPasswordHashing;
import io.gpuchassis.agent.tls.SelfSignedCertificate;
import io.gpuchassis.agent.tls.TlsMaterial;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A configured certificate and key replace the generated one. */
class TlsIT {

  @TempDir Path stateDir;
  @TempDir Path elsewhere;

  @Test
  void a_configured_certificate_is_presented_instead_of_the_generated_one() throws Exception {
    TlsMaterial own = SelfSignedCertificate.ensure(elsewhere);
    AgentConfig config =
        new AgentConfig(
            new ListenAddress("127.0.0.1", 0),
            stateDir,
            HardwareMode.SIMULATED,
            Optional.empty(),
            Optional.of(own.certificate()),
            Optional.of(own.privateKey()),
            AgentConfig.DEFAULT_SWITCH_POLL_INTERVAL,
            new io.gpuchassis.agent.config.SimulationSettings(
                SimulationSpeed.FAST, Optional.empty()),
            io.gpuchassis.agent.config.SensorSettings.DEFAULT,
            Optional.empty(),
            Optional.empty(),
            io.gpuchassis.agent.config.SelfUpdateSettings.DEFAULT,
            io.gpuchassis.agent.config.HttpLimits.DEFAULT,
            io.gpuchassis.agent.config.AuthenticationLimits.DEFAULT,
            io.gpuchassis.agent.config.OutboundPolicy.DEFAULT,
            io.gpuchassis.agent.config.ConsoleSettings.DEFAULTS,
            io.gpuchassis.agent.config.LogSettings.DEFAULT,
            io.gpuchassis.agent.config.SyslogSettings.NONE,
            java.util.Optional.empty(),
            io.gpuchassis.agent.config.CompositionSettings.DEFAULT,
            io.gpuchassis.agent.config.SunfishSettings.NONE,
            io.gpuchassis.agent.config.DataPortSettings.DEFAULT);
    try (Agent agent =
        Agent.start(
            config,
            Map.of("BMC_AGENT_ADMIN_PASSWORD", "pw-123456"),
            TestPasswordHashing.hasher())) {
      assertFalse(
          Files.exists(stateDir.resolve("tls/https-cert.pem")), "no certificate may be generated");
      assertEquals(
          200,
          new AgentClient(agent.port(), own.certificate()).get("/redfish/v1/", null).statusCode());

      // A client that trusts some other certificate must fail the handshake.
      TlsMaterial stranger = SelfSignedCertificate.ensure(elsewhere.resolve("other"));
      AgentClient wrong = new AgentClient(agent.port(), stranger.certificate());
      assertThrows(SSLHandshakeException.class, () -> wrong.get("/redfish/v1/", null));
    }
  }
}

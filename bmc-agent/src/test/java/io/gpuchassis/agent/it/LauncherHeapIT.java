package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.basic;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.agent.firmware.FirmwareTrust;
import io.gpuchassis.agent.firmware.FirmwareUpdates;
import io.gpuchassis.firmware.BundleLayout;
import io.gpuchassis.firmware.BundleManifest;
import io.gpuchassis.firmware.BundleSigner;
import io.gpuchassis.switchdrv.FirmwareType;
import io.gpuchassis.switchdrv.FirmwareVersion;
import io.gpuchassis.switchdrv.Generation;
import io.gpuchassis.switchdrv.command.FirmwareImage;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PrivateKey;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The heap the packaged launcher gives the agent holds the largest bundles the agent keeps in
 * memory: a switch bundle signed over its whole payload at the limit for that layout (the JDK's
 * Ed25519 holds such a bundle twice more while verifying it), and a manifest-signed switch image at
 * the image limit. The agent runs as a process with the launcher's {@code -Xmx} and {@code -Xmn},
 * read from the launcher itself so that this test follows any change to them, and with {@code
 * -XX:+ExitOnOutOfMemoryError}, so that an exhausted heap on any thread ends the process instead of
 * being swallowed. Before the whole-payload limit came down from 8 MiB to 4 MiB, the first push
 * here ended the agent ("Terminating due to java.lang.OutOfMemoryError: Java heap space").
 */
class LauncherHeapIT {

  static final String PASSWORD = "heap-admin-password";
  static final String ADMIN = basic("admin", PASSWORD);
  static final Path LAUNCHER = Path.of("../packaging/src/deb/bin/bmc-agent");
  static final FirmwareVersion VERSION = FirmwareVersion.parse("9.99 B999");

  @TempDir Path dir;
  private final List<Process> processes = new ArrayList<>();

  @AfterEach
  void stopAll() {
    processes.forEach(Process::destroyForcibly);
  }

  /** The launcher's heap options ({@code -Xmx..} and {@code -Xmn..}), as it gives them to java. */
  static List<String> launcherHeap() throws IOException {
    String launcher = Files.readString(LAUNCHER);
    List<String> options = new ArrayList<>();
    for (String name : List.of("-Xmx", "-Xmn")) {
      Matcher m = Pattern.compile("(?m)^set -- .*?(" + name + "\\d+[kmg])\\b").matcher(launcher);
      assertTrue(m.find(), LAUNCHER + " gives no " + name);
      options.add(m.group(1));
    }
    return options;
  }

  @Test
  void the_largest_bundles_held_in_memory_fit_the_launchers_heap() throws Exception {
    List<String> heap = launcherHeap();
    int port = AgentProcesses.freePort();
    Path config = dir.resolve("agent.yaml");
    Files.writeString(config, "listen: 127.0.0.1:" + port + "\nstateDir: state\n");
    Path log = dir.resolve("agent.log");
    List<String> options = new ArrayList<>(heap);
    options.add("-XX:+ExitOnOutOfMemoryError");
    Process agent = AgentProcesses.start(dir, PASSWORD, processes, config, log, options);
    AgentClient client = AgentProcesses.awaitReady(dir, port, agent, log);
    PrivateKey key =
        BundleSigner.readPrivateKeyPem(
            Files.readString(FirmwareTrust.simulationSigningKey(dir.resolve("state"))));

    byte[] whole =
        bundleOfAtMost(FirmwareUpdates.MAX_WHOLE_BUNDLE_BYTES, key, BundleLayout.SIGNED_PAYLOAD);
    byte[] manifestSigned =
        bundleOfAtMost(FirmwareUpdates.MAX_SWITCH_IMAGE_BYTES, key, BundleLayout.SIGNED_MANIFEST);
    for (byte[] bundle : List.of(whole, whole, manifestSigned, manifestSigned)) {
      HttpResponse<String> answer = push(client, bundle, agent, log);
      // verified and loaded, then refused for what it names: no switch of this chassis
      assertEquals(400, answer.statusCode(), answer.body());
      assertTrue(answer.body().contains("UpdateNotApplicable"), answer.body());
      assertTrue(agent.isAlive(), Files.readString(log));
    }
    assertEquals(200, client.get("/redfish/v1/Chassis", ADMIN).statusCode());
    assertFalse(Files.readString(log).contains("OutOfMemoryError"), Files.readString(log));
  }

  private static HttpResponse<String> push(
      AgentClient client, byte[] bundle, Process agent, Path log) throws Exception {
    try {
      return client.pushBundle(
          ADMIN, "{\"Targets\": [\"/redfish/v1/UpdateService/FirmwareInventory/SW1\"]}", bundle);
    } catch (IOException e) {
      boolean ended = agent.waitFor(10, TimeUnit.SECONDS); // an exhausted heap ends it
      throw new AssertionError(
          "a push of "
              + bundle.length
              + " bytes got no answer (the agent "
              + (ended ? "ended" : "still runs")
              + "): "
              + Files.readString(log),
          e);
    }
  }

  /**
   * A switch image bundle in {@code layout} whose checked size (the whole file for a payload-signed
   * bundle, the image for a manifest-signed one) is {@code limit} or a few bytes under it, for a
   * switch this chassis does not have.
   */
  static byte[] bundleOfAtMost(long limit, PrivateKey key, BundleLayout layout) {
    long size = limit;
    for (int attempt = 0; attempt < 3; attempt++) {
      byte[] image = image(new byte[(int) size]);
      byte[] bundle = sign(key, layout, image);
      long checked = layout == BundleLayout.SIGNED_PAYLOAD ? bundle.length : image.length;
      if (checked <= limit && checked > limit - 64) {
        return bundle;
      }
      size -= checked - limit;
    }
    throw new AssertionError("no bundle of " + limit + " bytes");
  }

  private static byte[] image(byte[] body) {
    return FirmwareImage.build(FirmwareType.IMG, Generation.GEN6, VERSION, 1, body);
  }

  private static byte[] sign(PrivateKey key, BundleLayout layout, byte[] image) {
    return BundleSigner.sign(
        new BundleManifest("pcie-switch", VERSION.toString(), List.of("ffff:ffff"), "test", null),
        image,
        FirmwareTrust.SIMULATION_KEY_ID,
        key,
        layout);
  }
}

package io.gpuchassis.agent.firmware;

import io.gpuchassis.agent.selfupdate.Slot;
import io.gpuchassis.agent.selfupdate.Slots;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.firmware.VerifiedFile;
import io.gpuchassis.redfish.message.MessageDefinition;
import io.gpuchassis.redfish.message.UpdateMessages;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;
import java.util.function.DoubleConsumer;
import java.util.jar.JarFile;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Installs a new agent into the install slot that does not run, one checked step at a time: the jar
 * written beside its final name, forced to disk and renamed; read back and its digest compared with
 * the signed manifest's; then the slot made the primary on trial, which the launcher starts at the
 * agent's next start (Manager.Reset, or at once with {@code Immediate}). The running slot is never
 * touched, so a failed or interrupted install leaves the agent as it was.
 */
final class AgentUpdate {

  private static final Logger LOG = LoggerFactory.getLogger(AgentUpdate.class);

  private final Slots slots;
  private final VerifiedFile bundle;
  private final String imageName;
  private final String origin;
  private final UpdateProgress progress;
  private final DoubleConsumer done;

  AgentUpdate(
      Slots slots,
      VerifiedFile bundle,
      String imageName,
      String origin,
      UpdateProgress progress,
      DoubleConsumer done) {
    this.slots = slots;
    this.bundle = bundle;
    this.imageName = imageName;
    this.origin = origin;
    this.progress = progress;
    this.done = done;
  }

  /**
   * Runs the install; true when the new agent waits in its slot for the next start, false when it
   * was skipped.
   *
   * @param runningVersion this agent's version
   * @param lowestSupported the oldest agent version installed without {@code force}
   */
  boolean run(String runningVersion, Optional<String> lowestSupported, boolean force) {
    String version = bundle.manifest().version();
    if (!force && version.equals(runningVersion)) {
      progress.step(
          UpdateMessages.UPDATE_SKIPPED_SAME_VERSION.with(Uris.AGENT_FIRMWARE_ID, imageName),
          origin);
      done.accept(1);
      return false;
    }
    if (!force
        && lowestSupported.isPresent()
        && AgentVersions.compare(version, lowestSupported.get()) < 0) {
      progress.step(
          UpdateMessages.UPDATE_SKIPPED_VERSION_TOO_LOW.with(Uris.AGENT_FIRMWARE_ID, imageName),
          origin);
      done.accept(1);
      return false;
    }
    Slot target = slots.installTarget();
    Path jar = slots.jar(target);
    progress.step(
        UpdateMessages.TRANSFERRING_TO_COMPONENT.with(imageName, Uris.AGENT_FIRMWARE_ID), origin);
    LOG.info("Writing agent {} into slot {} ({})", version, target, jar);
    try {
      slots.clear(target);
      write(jar);
    } catch (IOException e) {
      throw failure(
          UpdateMessages.TRANSFER_FAILED, "writing slot " + target + ": " + e.getMessage());
    }
    done.accept(0.8);

    progress.step(
        UpdateMessages.VERIFYING_AT_COMPONENT.with(imageName, Uris.AGENT_FIRMWARE_ID), origin);
    String problem = readBackProblem(jar);
    if (problem != null) {
      try {
        Files.deleteIfExists(jar);
      } catch (IOException e) {
        LOG.warn(
            "Cannot remove the jar that failed its check in slot {}: {}", target, e.getMessage());
      }
      throw failure(UpdateMessages.VERIFICATION_FAILED, "slot " + target + ": " + problem);
    }
    done.accept(0.95);

    progress.step(
        UpdateMessages.APPLYING_ON_COMPONENT.with(imageName, Uris.AGENT_FIRMWARE_ID), origin);
    try {
      slots.activate(target, version);
    } catch (IOException e) {
      throw failure(
          UpdateMessages.ACTIVATE_FAILED,
          "recording slot " + target + " as the next to start: " + e.getMessage());
    }
    LOG.info("Agent {} waits in slot {} for the next start, on trial", version, target);
    progress.step(UpdateMessages.AWAIT_TO_ACTIVATE.with(imageName, Uris.AGENT_FIRMWARE_ID), origin);
    done.accept(1);
    return true;
  }

  /** Copies the payload to {@code jar}: a temporary file, forced to disk, then renamed. */
  private void write(Path jar) throws IOException {
    Files.createDirectories(jar.getParent());
    Path part = jar.resolveSibling(jar.getFileName() + ".part");
    long total = bundle.payloadLength();
    try (InputStream in = bundle.openPayload();
        FileChannel out =
            FileChannel.open(
                part,
                StandardOpenOption.CREATE,
                StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.WRITE)) {
      byte[] buffer = new byte[64 * 1024];
      long written = 0;
      int n;
      while ((n = in.read(buffer)) > 0) {
        ByteBuffer chunk = ByteBuffer.wrap(buffer, 0, n);
        while (chunk.hasRemaining()) {
          out.write(chunk);
        }
        written += n;
        done.accept(0.8 * written / Math.max(1, total));
      }
      out.force(true);
    }
    Files.move(part, jar, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    Slots.syncFolder(jar.getParent());
  }

  /** Null when {@code jar} holds exactly the signed payload and is a runnable jar; else why not. */
  private String readBackProblem(Path jar) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      try (InputStream in = Files.newInputStream(jar)) {
        byte[] buffer = new byte[64 * 1024];
        int n;
        while ((n = in.read(buffer)) > 0) {
          sha.update(buffer, 0, n);
        }
      }
      String read = HexFormat.of().formatHex(sha.digest());
      if (!read.equalsIgnoreCase(bundle.manifest().payloadSha256())) {
        return "the jar read back has SHA-256 "
            + read
            + ", the bundle signed "
            + bundle.manifest().payloadSha256();
      }
      try (JarFile file = new JarFile(jar.toFile())) {
        var manifest = file.getManifest();
        if (manifest == null || manifest.getMainAttributes().getValue("Main-Class") == null) {
          return "the payload is not a runnable jar (its manifest names no Main-Class)";
        }
      }
      return null;
    } catch (IOException e) {
      return "the jar cannot be read back: " + e.getMessage();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("this JDK has no SHA-256", e);
    }
  }

  private UpdateFailure failure(MessageDefinition message, String reason) {
    return new UpdateFailure(message.with(imageName, Uris.AGENT_FIRMWARE_ID), reason);
  }
}

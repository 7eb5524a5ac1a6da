package io.gpuchassis.agent.firmware;

import io.gpuchassis.agent.compose.BindingEngine;
import io.gpuchassis.agent.compose.BindingException;
import io.gpuchassis.agent.fabric.SwitchWorkers;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.firmware.BundleException;
import io.gpuchassis.firmware.BundleLayout;
import io.gpuchassis.firmware.BundleVerifier;
import io.gpuchassis.firmware.StagingStore;
import io.gpuchassis.firmware.TrustedKeys;
import io.gpuchassis.firmware.VerifiedBundle;
import io.gpuchassis.firmware.VerifiedFile;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.error.RedfishException;
import io.gpuchassis.redfish.message.BaseMessages;
import io.gpuchassis.redfish.message.UpdateMessages;
import io.gpuchassis.switchdrv.FirmwarePartition;
import io.gpuchassis.switchdrv.FirmwareType;
import io.gpuchassis.switchdrv.FirmwareVersion;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Orders firmware updates: checks a staged bundle (signature, digest, component, the chips it
 * fits), reserves its chips against binding changes, then updates the chips one after another on a
 * thread of its own. One update runs at a time. A refused request changes nothing: its staged file
 * is removed and no chip is reserved. On the same thread and with the same reservation as a reset,
 * it also rolls a chip back to its other image copy and starts an image that waits for the chip's
 * reset.
 */
public final class FirmwareUpdates implements AutoCloseable {

  /** The bundle component that carries switch firmware. */
  public static final String SWITCH_COMPONENT = "pcie-switch";

  /** The bundle component that carries the agent's own jar (manifest-signed layout). */
  public static final String AGENT_COMPONENT = "agent";

  /** What an agent bundle's Compatible list must name. */
  public static final String AGENT_COMPATIBLE = "bmc-agent";

  /**
   * The largest bundle verified whole in memory (a switch image is a few MiB). The JDK's Ed25519
   * buffers the signed bytes and copies them once more to verify them, so such a bundle is in the
   * heap three times: an 8 MiB one exhausted the launcher's 48 MB heap (LauncherHeapIT). Larger
   * bundles must be manifest-signed, verified where they lie.
   */
  public static final long MAX_WHOLE_BUNDLE_BYTES = 4L << 20;

  /** The largest switch image, which is held in memory (once) until it is written to the chip. */
  public static final long MAX_SWITCH_IMAGE_BYTES = 8L << 20;

  private static final Logger LOG = LoggerFactory.getLogger(FirmwareUpdates.class);

  /** At most this many updates wait for StartUpdate (each keeps its bundle staged on disk). */
  public static final int MAX_WAITING = 4;

  private final Optional<FirmwareVersion> switchLowestSupported;
  private final SelfUpdate self;
  private final HttpPushApplyTime httpPushApplyTime;
  private final TrustedKeys keys;
  private final AtomicBoolean agentWriting = new AtomicBoolean();

  /** Updates waiting for StartUpdate, oldest first. */
  private final List<Waiting> waiting = new ArrayList<>();

  private final BundleVerifier verifier;
  private final StagingStore staging;
  private final FirmwareInventory inventory;
  private final SwitchWorkers workers;
  private final BindingEngine bindings;
  private final Function<String, String> inventoryUri;
  private final long maxImageBytes;
  private final AtomicBoolean busy = new AtomicBoolean();

  /** The chips being written or reset right now (their Status.State is Updating). */
  private final java.util.Set<String> working = java.util.concurrent.ConcurrentHashMap.newKeySet();

  private final ExecutorService thread =
      Executors.newSingleThreadExecutor(
          r -> {
            Thread t = new Thread(r, "firmware-update");
            t.setDaemon(true);
            return t;
          });

  /** A checked request whose chips are reserved; {@link #run} it, or {@link #abandon} it. */
  public static final class Prepared {
    private final UpdateRequest request;
    private final VerifiedBundle bundle;
    private final VerifiedFile agentBundle;
    private final List<String> switchIds;
    private final List<Runnable> reservations;

    private Prepared(
        UpdateRequest request,
        VerifiedBundle bundle,
        VerifiedFile agentBundle,
        List<String> switchIds,
        List<Runnable> reservations) {
      this.request = request;
      this.bundle = bundle;
      this.agentBundle = agentBundle;
      this.switchIds = List.copyOf(switchIds);
      this.reservations = List.copyOf(reservations);
    }

    public List<String> switchIds() {
      return switchIds;
    }
  }

  /**
   * @param inventoryUri the FirmwareInventory URI of a chip, the origin of its update's events
   * @param maxImageBytes the largest bundle accepted
   * @param switchLowestSupported the oldest switch firmware installed without {@code ForceUpdate}
   * @param self the agent's own slots, version and restart
   * @param httpPushApplyTime when a bundle pushed to HttpPushUri applies
   */
  public FirmwareUpdates(
      TrustedKeys keys,
      Path stagingDir,
      FirmwareInventory inventory,
      SwitchWorkers workers,
      BindingEngine bindings,
      Function<String, String> inventoryUri,
      long maxImageBytes,
      Optional<FirmwareVersion> switchLowestSupported,
      SelfUpdate self,
      HttpPushApplyTime httpPushApplyTime)
      throws IOException {
    this.httpPushApplyTime = httpPushApplyTime;
    this.switchLowestSupported = switchLowestSupported;
    this.self = self;
    this.keys = keys;
    this.staging = new StagingStore(stagingDir, maxImageBytes);
    // Uploads left by a crash or a power loss are of no use: their requests were never answered.
    staging.clear();
    this.verifier = new BundleVerifier(keys);
    this.inventory = inventory;
    this.workers = workers;
    this.bindings = bindings;
    this.inventoryUri = inventoryUri;
    this.maxImageBytes = maxImageBytes;
  }

  /** The oldest switch firmware an update installs without {@code ForceUpdate}, if limited. */
  public Optional<FirmwareVersion> switchLowestSupported() {
    return switchLowestSupported;
  }

  /** When a bundle pushed to HttpPushUri applies (HttpPushUriOptions). */
  public HttpPushApplyTime httpPushApplyTime() {
    return httpPushApplyTime;
  }

  /** The agent's own software: its slots (when the launcher gave them), version and floor. */
  public SelfUpdate self() {
    return self;
  }

  /** Whether the agent's own jar is being written into a slot now. */
  public boolean updatingAgent() {
    return agentWriting.get();
  }

  /** Whether any signing key is trusted: without one no bundle can be accepted. */
  public boolean enabled() {
    return !keys.isEmpty();
  }

  public long maxImageBytes() {
    return maxImageBytes;
  }

  public StagingStore staging() {
    return staging;
  }

  public FirmwareInventory inventory() {
    return inventory;
  }

  /** Whether {@code switchId} is being written or reset right now. */
  public boolean updating(String switchId) {
    return working.contains(switchId);
  }

  /** The switch chips whose firmware is being written, activated or rolled back now. */
  public java.util.Set<String> updatingSwitches() {
    return java.util.Set.copyOf(working);
  }

  /**
   * A switch chip reserved for a reset: no bind or release starts on it until the reset has run.
   */
  public record ReservedReset(String switchId, Runnable release) {}

  /**
   * Reserves a switch chip for a reset (Switch.Reset, which also starts an image written for
   * OnReset). Refused while a GPU is bound through the chip (a reset drops every link) or while the
   * chip is busy.
   *
   * @throws RedfishException 409 or 503 when refused; nothing has changed then
   */
  public ReservedReset reserveReset(String switchId) {
    return new ReservedReset(switchId, reserve(switchId, true));
  }

  /**
   * Reserves a chip in the binding engine; its refusal as a Redfish error (503 while busy, else
   * 409).
   */
  private Runnable reserve(String switchId, boolean willReset) {
    try {
      return bindings.reserveForUpdate(switchId, willReset);
    } catch (BindingException e) {
      throw (e.reason() == BindingException.Reason.SWITCH_UPDATING
              ? RedfishErrors.of(BaseMessages.SERVICE_TEMPORARILY_UNAVAILABLE.with("30"))
              : RedfishErrors.of(BaseMessages.RESOURCE_IN_USE.with()))
          .withDetail(e.getMessage());
    }
  }

  /** Resets a reserved chip and checks what it runs afterwards; the reservation ends with it. */
  public CompletableFuture<Void> reset(ReservedReset reserved, UpdateProgress progress) {
    String id = reserved.switchId();
    working.add(id);
    return CompletableFuture.runAsync(
        () -> {
          try {
            new SwitchReset(
                    workers.worker(id).orElseThrow(), inventory, inventoryUri.apply(id), progress)
                .run();
          } finally {
            working.remove(id);
            reserved.release().run();
          }
        },
        thread);
  }

  /**
   * Rolls a switch back to the image in its other copy: makes the copy that does not run boot next,
   * resets the chip and checks that it runs that copy and the version the copy held; when it does
   * not start, the chip is back on the copy it ran and boots that again (then the future fails with
   * ActivateFailed). Reserved like a reset: refused (in the future, nothing changed) while a GPU is
   * bound through the chip or its firmware is being updated, when the other copy holds no valid
   * image, and when it holds an image waiting to boot ({@link #activate} runs that).
   */
  public CompletableFuture<Void> rollback(String switchId, UpdateProgress progress) {
    return resetReserved(
        switchId,
        progress,
        now -> {
          FirmwarePartition other = otherImage(now);
          if (other.active()) {
            throw refused(
                BaseMessages.RESOURCE_IN_USE.with(),
                "switch "
                    + switchId
                    + "'s copy "
                    + copyName(other)
                    + " holds a new image waiting to boot; that is no rollback (activate it, or write the"
                    + " image again to replace it)");
          }
          if (!other.valid()) {
            throw refused(
                BaseMessages.RESOURCE_IN_USE.with(),
                "switch "
                    + switchId
                    + "'s copy "
                    + copyName(other)
                    + " holds no valid image to roll back to");
          }
          LOG.info(
              "Switch {}: rolling back from {} to copy {}",
              switchId,
              now.runningVersion(),
              copyName(other));
          try {
            workers
                .worker(switchId)
                .orElseThrow()
                .submit(
                    driver -> {
                      driver.activatePartition(FirmwareType.IMG, other.copy());
                      return null;
                    })
                .join();
          } catch (CompletionException e) {
            throw refused(
                BaseMessages.SERVICE_TEMPORARILY_UNAVAILABLE.with("10"),
                "switch "
                    + switchId
                    + " did not make copy "
                    + copyName(other)
                    + " boot next: "
                    + e.getCause().getMessage());
          }
        });
  }

  /**
   * Starts an image written with the OnReset apply time, which waits in the copy that boots next:
   * resets the chip and checks that it runs the new image, falling back as {@link #rollback} does.
   * Reserved like a reset; refused (NoOperation, in the future) when no image waits.
   */
  public CompletableFuture<Void> activate(String switchId, UpdateProgress progress) {
    return resetReserved(
        switchId,
        progress,
        now -> {
          boolean waiting = now.images().stream().anyMatch(p -> p.active() && !p.running());
          if (!waiting) {
            throw refused(
                BaseMessages.NO_OPERATION.with(),
                "no image waits to boot on switch "
                    + switchId
                    + ": it runs "
                    + now.runningVersion()
                    + " from the copy that boots next");
          }
          LOG.info("Switch {}: starting the image that waits for the reset", switchId);
        });
  }

  /**
   * Reserves the chip as for a reset, then on the update thread reads its flash table fresh, lets
   * {@code before} check it (and prepare the chip), and resets it with {@link SwitchReset}'s
   * checks. The reservation ends with it.
   */
  private CompletableFuture<Void> resetReserved(
      String switchId, UpdateProgress progress, Consumer<SwitchFirmware> before) {
    if (workers.worker(switchId).isEmpty()) {
      return CompletableFuture.failedFuture(
          RedfishErrors.of(BaseMessages.RESOURCE_NOT_FOUND.with("Switch", switchId)));
    }
    ReservedReset reserved;
    try {
      reserved = reserveReset(switchId);
    } catch (RedfishException e) {
      return CompletableFuture.failedFuture(e);
    }
    working.add(switchId);
    return CompletableFuture.runAsync(
        () -> {
          try {
            SwitchFirmware now;
            try {
              now = inventory.refresh(switchId).join();
            } catch (CompletionException e) {
              throw refused(
                  BaseMessages.SERVICE_TEMPORARILY_UNAVAILABLE.with("10"),
                  "switch " + switchId + " does not answer: " + e.getCause().getMessage());
            }
            before.accept(now);
            new SwitchReset(
                    workers.worker(switchId).orElseThrow(),
                    inventory,
                    inventoryUri.apply(switchId),
                    progress)
                .run();
          } finally {
            working.remove(switchId);
            reserved.release().run();
          }
        },
        thread);
  }

  /** The main image copy that does not run. */
  private static FirmwarePartition otherImage(SwitchFirmware chip) {
    return chip.images().stream()
        .filter(p -> !p.running())
        .findFirst()
        .orElseThrow(
            () ->
                refused(
                    BaseMessages.RESOURCE_IN_USE.with(),
                    "switch " + chip.switchId() + " has no second image copy"));
  }

  private static String copyName(FirmwarePartition p) {
    return p.copy() == 0 ? "A" : "B";
  }

  private static RedfishException refused(
      io.gpuchassis.redfish.message.MessageInstance message, String why) {
    return RedfishErrors.of(message).withDetail(why);
  }

  /**
   * Checks the bundle staged at {@code staged} for {@code request} and reserves its chips. Blocking
   * (reads and verifies the file): call it off the event loop. The staged file is removed in every
   * case.
   *
   * @throws RedfishException why the update cannot be done; nothing has changed then
   */
  public Prepared prepare(Path staged, UpdateRequest request) {
    if (!busy.compareAndSet(false, true)) {
      staging.discard(staged);
      throw RedfishErrors.of(BaseMessages.SERVICE_TEMPORARILY_UNAVAILABLE.with("60"))
          .withDetail("another firmware update is running; try again when its task has ended");
    }
    boolean keep = false;
    try {
      Checked checked = check(staged, request);
      if (checked.agent() != null) {
        // the jar is copied from the staged bundle when the update runs
        keep = true;
        return new Prepared(request, null, checked.agent(), List.of(), List.of());
      }
      List<String> targets = checked.switchIds();
      List<Runnable> reservations = new ArrayList<>();
      try {
        for (String id : targets) {
          reservations.add(reserve(id, request.applyTime() == ApplyTime.IMMEDIATE));
        }
      } catch (RedfishException e) {
        reservations.forEach(Runnable::run);
        throw e;
      }
      return new Prepared(request, checked.bundle(), null, targets, reservations);
    } catch (RuntimeException e) {
      busy.set(false);
      throw e;
    } finally {
      if (!keep) {
        staging.discard(staged);
      }
    }
  }

  /** A checked bundle: a switch image in memory and its chips, or the agent's jar where it lies. */
  private record Checked(VerifiedBundle bundle, List<String> switchIds, VerifiedFile agent) {}

  /**
   * Verifies the bundle staged at {@code staged} and finds what it updates: an agent bundle where
   * it lies (its jar is tens of MB), a switch bundle in memory.
   */
  private Checked check(Path staged, UpdateRequest request) {
    String imageName = request.imageName();
    if (!enabled()) {
      throw RedfishErrors.of(BaseMessages.SERVICE_TEMPORARILY_UNAVAILABLE.with("0"))
          .withDetail(
              "no firmware signing key is trusted on this chassis, so no bundle can be accepted");
    }
    try {
      if (BundleVerifier.layoutOf(staged) == BundleLayout.SIGNED_MANIFEST) {
        VerifiedFile file = verifier.verifyInPlace(staged);
        if (AGENT_COMPONENT.equals(file.manifest().component())) {
          agentTarget(file, request);
          return new Checked(null, List.of(), file);
        }
        if (file.payloadLength() > MAX_SWITCH_IMAGE_BYTES) {
          throw notApplicable(
              request, file.manifest().component(), "is too large for a switch image");
        }
        VerifiedBundle bundle = file.load();
        return new Checked(bundle, targets(bundle, request), null);
      }
      if (java.nio.file.Files.size(staged) > MAX_WHOLE_BUNDLE_BYTES) {
        throw RedfishErrors.of(UpdateMessages.VERIFICATION_FAILED.with(imageName, "UpdateService"))
            .withDetail(
                "a bundle over "
                    + (MAX_WHOLE_BUNDLE_BYTES >> 20)
                    + " MiB must be manifest-signed (BundleSigner sign --layout manifest), so that it"
                    + " is verified without being held in memory");
      }
      VerifiedBundle bundle = verifier.verify(staged);
      return new Checked(bundle, targets(bundle, request), null);
    } catch (BundleException e) {
      throw RedfishErrors.of(UpdateMessages.VERIFICATION_FAILED.with(imageName, "UpdateService"))
          .withDetail(e.getMessage());
    } catch (IOException e) {
      throw new UncheckedIOException("reading the staged bundle " + staged, e);
    }
  }

  /** Checks that an agent bundle may update this agent, as {@code request} asks. */
  private void agentTarget(VerifiedFile bundle, UpdateRequest request) {
    String image = request.imageName();
    if (!request.switchIds().isEmpty()) {
      throw RedfishErrors.of(
              UpdateMessages.UPDATE_NOT_APPLICABLE.with(image, request.switchIds().get(0)))
          .withDetail("the bundle carries the agent's own software, not switch firmware");
    }
    if (!bundle.compatibleWith(AGENT_COMPATIBLE)) {
      throw RedfishErrors.of(
              UpdateMessages.UPDATE_NOT_APPLICABLE.with(image, Uris.AGENT_FIRMWARE_ID))
          .withDetail(
              "the bundle fits " + bundle.manifest().compatible() + ", not " + AGENT_COMPATIBLE);
    }
    if (self.slots().isEmpty()) {
      throw RedfishErrors.of(
              UpdateMessages.UPDATE_NOT_APPLICABLE.with(image, Uris.AGENT_FIRMWARE_ID))
          .withDetail(
              "this agent was not started by the packaged launcher with install slots"
                  + " (docs/FIRMWARE.md, \"The agent's own update\"), so it cannot update itself");
    }
  }

  private static RedfishException notApplicable(
      UpdateRequest request, String component, String why) {
    return RedfishErrors.of(
            UpdateMessages.UPDATE_NOT_APPLICABLE.with(request.imageName(), "switches"))
        .withDetail("the bundle's " + component + " payload " + why);
  }

  /**
   * Fetches an image with {@code fetch} (blocking: it stages the image and returns its staging
   * place), then checks and runs it, all on the update thread: a fetch waits for a running update,
   * and is refused afterwards only if it is not fit. The fetched bundle is kept under a name of its
   * own and removed once checked (once run for an agent's jar).
   */
  public CompletableFuture<Void> fetchAndRun(
      Supplier<StagingStore.Upload> fetch, UpdateRequest request, UpdateProgress progress) {
    return CompletableFuture.supplyAsync(fetch, thread)
        .thenCompose(
            upload -> {
              Prepared prepared;
              try (upload) {
                // kept: an agent's jar is copied from it while the update runs
                prepared = prepare(staging.keep(upload), request);
              } catch (IOException e) {
                throw new UncheckedIOException("keeping the fetched bundle: " + e.getMessage(), e);
              }
              return run(prepared, progress);
            });
  }

  /**
   * An update waiting for StartUpdate ({@code OnStartUpdateRequest}): its bundle stays staged,
   * checked once; it holds no chip and blocks no bind or other update until it starts.
   */
  public final class Waiting {
    private final Path staged;
    private final UpdateRequest request;
    private final List<String> targets;
    private final CompletableFuture<Void> started = new CompletableFuture<>();
    private final CompletableFuture<Void> done = new CompletableFuture<>();

    private final boolean agent;

    private Waiting(Path staged, UpdateRequest request, List<String> targets, boolean agent) {
      this.staged = staged;
      this.request = request;
      this.targets = targets;
      this.agent = agent;
    }

    /**
     * Reports that the update waits, then follows it once started: checked again and run as an
     * update accepted then would be. Completes when it has run.
     */
    public CompletableFuture<Void> follow(UpdateProgress progress) {
      for (String id : targets) {
        progress.step(
            UpdateMessages.AWAIT_TO_UPDATE.with(request.imageName(), id),
            agent ? inventoryUri.apply(Uris.AGENT_FIRMWARE_ID) : inventoryUri.apply(id));
      }
      started
          .thenCompose(
              go ->
                  CompletableFuture.supplyAsync(() -> prepare(staged, request), thread)
                      .thenCompose(prepared -> run(prepared, progress)))
          .whenComplete(
              (ok, error) -> {
                if (error == null) {
                  done.complete(null);
                } else {
                  done.completeExceptionally(error);
                }
              });
      return done;
    }
  }

  /**
   * Checks the bundle staged at {@code staged} for {@code request} (signature, digest and targets,
   * as {@link #prepare} does) and keeps it staged until {@link #startWaiting}. Blocking: call it
   * off the event loop. A restart forgets it (the staging folder is cleared at start).
   *
   * @throws RedfishException why it cannot wait; the staged file is removed then
   */
  public Waiting hold(Path staged, UpdateRequest request) {
    try {
      Checked checked = check(staged, request);
      List<String> targets =
          checked.agent() != null ? List.of(Uris.AGENT_FIRMWARE_ID) : checked.switchIds();
      Waiting w = new Waiting(staged, request, targets, checked.agent() != null);
      synchronized (waiting) {
        if (waiting.size() >= MAX_WAITING) {
          throw RedfishErrors.of(BaseMessages.SERVICE_TEMPORARILY_UNAVAILABLE.with("60"))
              .withDetail(
                  MAX_WAITING
                      + " updates already wait for UpdateService.StartUpdate; invoke it first");
        }
        waiting.add(w);
      }
      return w;
    } catch (RuntimeException e) {
      staging.discard(staged);
      throw e;
    }
  }

  /**
   * Starts the updates waiting for StartUpdate, one after another in the order they came, each
   * followed by its own task (a failed one does not stop the next); returns how many there were.
   */
  public int startWaiting() {
    List<Waiting> now;
    synchronized (waiting) {
      now = List.copyOf(waiting);
      waiting.clear();
    }
    CompletableFuture<Void> previous = CompletableFuture.completedFuture(null);
    for (Waiting w : now) {
      previous.whenComplete((ok, error) -> w.started.complete(null));
      previous = w.done;
    }
    return now.size();
  }

  /** Releases a prepared update that will not run. */
  public void abandon(Prepared prepared) {
    prepared.reservations.forEach(Runnable::run);
    if (prepared.agentBundle != null) {
      staging.discard(prepared.agentBundle.file());
    }
    busy.set(false);
  }

  /**
   * Updates the prepared chips one after another. Completes normally when every chip is updated (or
   * already ran the version); completes with an {@link UpdateFailure} at the first chip that
   * failed, later chips untouched.
   */
  public CompletableFuture<Void> run(Prepared prepared, UpdateProgress progress) {
    if (prepared.agentBundle != null) {
      return CompletableFuture.runAsync(() -> runAgent(prepared, progress), thread);
    }
    return CompletableFuture.runAsync(
        () -> {
          try {
            String image = prepared.request.imageName();
            for (String id : prepared.switchIds) {
              progress.step(
                  UpdateMessages.TARGET_DETERMINED.with(id, image), inventoryUri.apply(id));
            }
            int n = prepared.switchIds.size();
            for (int i = 0; i < n; i++) {
              String id = prepared.switchIds.get(i);
              int index = i;
              working.add(id);
              String origin = inventoryUri.apply(id);
              try {
                new SwitchFirmwareUpdate(
                        workers.worker(id).orElseThrow(),
                        inventory,
                        image,
                        prepared.bundle,
                        origin,
                        progress,
                        share -> {
                          progress.targetPercent(origin, (int) (100 * share));
                          progress.percent((int) (100 * (index + share) / n));
                        },
                        switchLowestSupported)
                    .run(prepared.request.applyTime(), prepared.request.force());
                progress.targetDone(origin, false);
              } catch (UpdateFailure e) {
                progress.step(e.step(), origin);
                progress.targetDone(origin, true);
                throw e;
              } finally {
                working.remove(id);
              }
            }
          } catch (UpdateFailure e) {
            LOG.warn(
                "Firmware update with {} failed: {}", prepared.request.imageName(), e.getMessage());
            throw e;
          } finally {
            abandon(prepared);
          }
        },
        thread);
  }

  /**
   * Installs the agent's own jar into the slot that does not run; with {@code Immediate}, restarts
   * the agent into it once the task has ended.
   */
  private void runAgent(Prepared prepared, UpdateProgress progress) {
    String image = prepared.request.imageName();
    String origin = inventoryUri.apply(Uris.AGENT_FIRMWARE_ID);
    agentWriting.set(true);
    boolean installed;
    try {
      progress.step(UpdateMessages.TARGET_DETERMINED.with(Uris.AGENT_FIRMWARE_ID, image), origin);
      installed =
          new AgentUpdate(
                  self.slots().orElseThrow(),
                  prepared.agentBundle,
                  image,
                  origin,
                  progress,
                  share -> {
                    progress.targetPercent(origin, (int) (100 * share));
                    progress.percent((int) (100 * share));
                  })
              .run(self.runningVersion(), self.lowestSupported(), prepared.request.force());
      progress.targetDone(origin, false);
    } catch (UpdateFailure e) {
      progress.step(e.step(), origin);
      progress.targetDone(origin, true);
      LOG.warn("Agent update with {} failed: {}", image, e.getMessage());
      throw e;
    } finally {
      agentWriting.set(false);
      abandon(prepared);
    }
    if (installed && prepared.request.applyTime() == ApplyTime.IMMEDIATE) {
      // the restart runs on a thread of its own, stopping the agent as SIGTERM does
      self.restart().accept("the agent's update with " + image + " applies at once");
    }
  }

  /**
   * The chips to update: those asked for, each of which the bundle must fit, or else every chip it
   * fits.
   */
  private List<String> targets(VerifiedBundle bundle, UpdateRequest request) {
    if (request.agent()) {
      throw RedfishErrors.of(
              UpdateMessages.UPDATE_NOT_APPLICABLE.with(
                  request.imageName(), Uris.AGENT_FIRMWARE_ID))
          .withDetail(
              "the bundle carries '"
                  + bundle.manifest().component()
                  + "'; the agent is updated from a manifest-signed bundle of component "
                  + AGENT_COMPONENT);
    }
    if (!SWITCH_COMPONENT.equals(bundle.manifest().component())) {
      throw RedfishErrors.of(
              UpdateMessages.UPDATE_NOT_APPLICABLE.with(request.imageName(), "switches"))
          .withDetail(
              "the bundle carries '"
                  + bundle.manifest().component()
                  + "', not "
                  + SWITCH_COMPONENT
                  + " firmware");
    }
    if (!request.switchIds().isEmpty()) {
      for (String id : request.switchIds()) {
        SwitchFirmware chip = chip(id);
        if (!bundle.compatibleWith(chip.compatibilityId())) {
          throw RedfishErrors.of(UpdateMessages.UPDATE_NOT_APPLICABLE.with(request.imageName(), id))
              .withDetail(
                  "the bundle fits "
                      + bundle.manifest().compatible()
                      + "; switch "
                      + id
                      + " is "
                      + chip.compatibilityId());
        }
      }
      return request.switchIds();
    }
    List<String> fitting =
        workers.all().keySet().stream()
            .sorted()
            .filter(
                id ->
                    inventory
                        .of(id)
                        .map(c -> bundle.compatibleWith(c.compatibilityId()))
                        .orElse(false))
            .toList();
    if (fitting.isEmpty()) {
      throw RedfishErrors.of(UpdateMessages.NO_TARGETS_DETERMINED.with(request.imageName()))
          .withDetail(
              "the bundle fits "
                  + bundle.manifest().compatible()
                  + "; no switch of this chassis is one");
    }
    return fitting;
  }

  private SwitchFirmware chip(String id) {
    SwitchFirmware chip =
        inventory.of(id).orElseGet(() -> inventory.refresh(id).exceptionally(e -> null).join());
    if (chip == null) {
      throw RedfishErrors.of(BaseMessages.SERVICE_TEMPORARILY_UNAVAILABLE.with("10"))
          .withDetail("switch " + id + " does not answer, so its firmware cannot be read");
    }
    return chip;
  }

  @Override
  public void close() {
    thread.shutdownNow();
  }
}

package io.gpuchassis.agent.selfupdate;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;

/**
 * The agent's install slots as the launcher set them up: the folder that holds {@code A/}, {@code
 * B/} and the boot state, and the slot this agent was started from. Present only when the packaged
 * launcher started the agent with slots ({@code -Dbmc-agent.slots}, {@code -Dbmc-agent.slot}); an
 * agent started otherwise cannot update itself. Every change is written to the boot state at once,
 * under this object's lock; reading the state takes no lock, so that rendering never waits for a
 * write to reach the disk.
 */
public final class Slots {

  /** The system property naming the slots folder. */
  public static final String FOLDER_PROPERTY = "bmc-agent.slots";

  /** The system property naming the slot the launcher started: A, B or package. */
  public static final String RUNNING_PROPERTY = "bmc-agent.slot";

  /** The jar's name in a slot folder, as in the package's folder. */
  public static final String JAR = "bmc-agent.jar";

  private final Path folder;
  private final Slot running;
  private volatile BootState state;

  Slots(Path folder, Slot running, BootState state) {
    this.folder = folder;
    this.running = running;
    this.state = state;
  }

  /** The slots the launcher named in the system properties, if it named them. */
  public static Optional<Slots> fromLauncher() throws IOException {
    String folder = System.getProperty(FOLDER_PROPERTY);
    if (folder == null || folder.isBlank()) {
      return Optional.empty();
    }
    Slot running = Slot.named(System.getProperty(RUNNING_PROPERTY, "package")).orElse(Slot.PACKAGE);
    return Optional.of(open(Path.of(folder), running));
  }

  /** The slots in {@code folder}, this agent started from {@code running}. */
  public static Slots open(Path folder, Slot running) throws IOException {
    return new Slots(folder, running, BootState.read(folder.resolve(BootState.FILE)));
  }

  public Path folder() {
    return folder;
  }

  public Slot running() {
    return running;
  }

  public BootState state() {
    return state;
  }

  /** The jar of an install slot. */
  public Path jar(Slot slot) {
    if (slot == Slot.PACKAGE) {
      throw new IllegalArgumentException("the package's jar is not written by the agent");
    }
    return folder.resolve(slot.name()).resolve(JAR);
  }

  /**
   * The slot an update writes: the other install slot; when the package's jar runs, slot A unless
   * only A is good (a good slot is kept to fall back to).
   */
  public synchronized Slot installTarget() {
    if (running != Slot.PACKAGE) {
      return running.other();
    }
    return state.status(Slot.A) == SlotStatus.GOOD && state.status(Slot.B) != SlotStatus.GOOD
        ? Slot.B
        : Slot.A;
  }

  /** Whether this agent runs from a slot that has not been marked good yet. */
  public synchronized boolean onTrial() {
    return running != Slot.PACKAGE && state.status(running) == SlotStatus.PENDING;
  }

  /**
   * Records at start what this agent reads (the newest schema it knows) and what the database is at
   * now, so that the launcher refuses to fall back to an agent that cannot read it.
   */
  public synchronized void recordStart(int schemaKnown, int databaseSchema) throws IOException {
    update(
        state
            .with(running.key("schema"), Integer.toString(schemaKnown))
            .with("db.schema", Integer.toString(databaseSchema)));
  }

  /**
   * The slot the launcher gave up on before starting this agent, once: the record is removed, so
   * that the next start does not report it again.
   */
  public synchronized Optional<Slot> takeFallback() throws IOException {
    Optional<Slot> fallback = state.fallback();
    if (fallback.isPresent()) {
      update(state.with("fallback", null));
    }
    return fallback;
  }

  /** Marks the running slot good: the launcher starts it from now on without counting. */
  public synchronized void markGood() throws IOException {
    update(state.with(running.key("state"), SlotStatus.GOOD.stateName()).with("attempts", "0"));
  }

  /**
   * Records that {@code slot} holds {@code version}, written and checked, and makes it the primary
   * on trial: the launcher starts it next and counts its starts until it is marked good.
   */
  public synchronized void activate(Slot slot, String version) throws IOException {
    update(
        state
            .with(slot.key("version"), version)
            .with(slot.key("state"), SlotStatus.PENDING.stateName())
            .with(slot.key("schema"), null)
            .with("primary", slot.stateName())
            .with("attempts", "0"));
  }

  /**
   * Records that {@code slot} is being written: it is no longer anything to start or fall back to.
   */
  public synchronized void clear(Slot slot) throws IOException {
    BootState next =
        state
            .with(slot.key("version"), null)
            .with(slot.key("state"), null)
            .with(slot.key("schema"), null);
    if (next.primary() == slot) {
      next = next.with("primary", running.stateName()).with("attempts", "0");
    }
    update(next);
  }

  private void update(BootState next) throws IOException {
    next.write(folder.resolve(BootState.FILE));
    state = next;
  }

  /** Forces a folder's entries (a rename, a new file) to the disk. */
  public static void syncFolder(Path folder) throws IOException {
    try (FileChannel dir = FileChannel.open(folder, StandardOpenOption.READ)) {
      dir.force(true);
    }
  }
}

package io.gpuchassis.agent.selfupdate;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The boot state the agent shares with its launcher ({@code packaging/src/deb/bin/bmc-agent}):
 * lines of {@code key=value}, the last line of a key winning. The launcher, a shell script, only
 * appends lines (one short write each); the agent rewrites the file whole, through a temporary file
 * and a rename, so that a power loss leaves the old file or the new one. Immutable: each change
 * makes a new state.
 *
 * <p>Keys: {@code primary} (A, B or package: what the launcher starts), {@code attempts} (starts of
 * a pending primary so far), {@code A.state} and {@code B.state} (good, pending or bad), {@code
 * A.version} and {@code B.version} (the bundle's version written there), {@code A.schema}, {@code
 * B.schema} and {@code package.schema} (the newest database schema that slot's agent reads), {@code
 * db.schema} (the database's schema now), and {@code fallback} (the slot the launcher gave up on,
 * until the agent has reported it).
 */
public final class BootState {

  /** The file's name in the slots folder. */
  public static final String FILE = "state";

  private final Map<String, String> values;

  private BootState(Map<String, String> values) {
    this.values = Map.copyOf(values);
  }

  /** No state yet: the package's jar runs. */
  public static BootState empty() {
    return new BootState(Map.of());
  }

  /** Reads {@code file}; a missing file is the empty state. Unreadable lines are skipped. */
  public static BootState read(Path file) throws IOException {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      return empty();
    }
    Map<String, String> values = new LinkedHashMap<>();
    for (String line : text.split("\n")) {
      int eq = line.indexOf('=');
      if (line.startsWith("#") || eq <= 0) {
        continue;
      }
      String key = line.substring(0, eq).trim();
      String value = line.substring(eq + 1).trim();
      values.remove(key); // the last line of a key wins, and keeps the order of writing
      if (!value.isEmpty()) {
        values.put(key, value);
      }
    }
    return new BootState(values);
  }

  /**
   * Writes this state to {@code file} whole: temporary file, fsync, rename, fsync of the folder.
   */
  public void write(Path file) throws IOException {
    StringBuilder text =
        new StringBuilder(
            "# bmc-agent boot state (docs/FIRMWARE.md); the last line of a key wins\n");
    values.forEach((k, v) -> text.append(k).append('=').append(v).append('\n'));
    Files.createDirectories(file.getParent());
    Path tmp = file.resolveSibling(FILE + ".tmp");
    try (FileChannel out =
        FileChannel.open(
            tmp,
            StandardOpenOption.CREATE,
            StandardOpenOption.TRUNCATE_EXISTING,
            StandardOpenOption.WRITE)) {
      out.write(java.nio.ByteBuffer.wrap(text.toString().getBytes(StandardCharsets.UTF_8)));
      out.force(true);
    }
    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    Slots.syncFolder(file.getParent());
  }

  public Optional<String> get(String key) {
    return Optional.ofNullable(values.get(key));
  }

  /** This state with {@code key} set to {@code value} (removed when null). */
  public BootState with(String key, String value) {
    Map<String, String> changed = new LinkedHashMap<>(values);
    changed.remove(key);
    if (value != null) {
      changed.put(key, value);
    }
    return new BootState(changed);
  }

  /** What the launcher starts: a slot, or {@link Slot#PACKAGE} when none is primary. */
  public Slot primary() {
    return get("primary").flatMap(Slot::named).orElse(Slot.PACKAGE);
  }

  public SlotStatus status(Slot slot) {
    return get(slot.key("state")).flatMap(SlotStatus::named).orElse(SlotStatus.EMPTY);
  }

  public Optional<String> version(Slot slot) {
    return get(slot.key("version"));
  }

  public int attempts() {
    return get("attempts").map(BootState::number).orElse(0);
  }

  /** The slot the launcher gave up on at this start, not reported yet. */
  public Optional<Slot> fallback() {
    return get("fallback").flatMap(Slot::named);
  }

  private static int number(String s) {
    try {
      return Integer.parseInt(s);
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  @Override
  public String toString() {
    return values.toString();
  }
}

package io.gpuchassis.switchdrv.sim;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * A symbolic link at a fixed path that a simulator points at whatever it serves now (a pty slave
 * whose number changes with every start), so that an agent configured with the path finds it again.
 */
final class StableSymlink {

  private StableSymlink() {}

  /**
   * Points {@code link} at {@code target}, replacing a link left by an earlier (possibly killed)
   * simulator in one atomic rename, so an agent never sees the path missing. Refuses to replace
   * anything that is not a symbolic link.
   */
  static void pointAt(Path link, Path target) throws IOException {
    if (Files.exists(link, LinkOption.NOFOLLOW_LINKS) && !Files.isSymbolicLink(link)) {
      throw new IOException(link + " exists and is not a symbolic link; not replacing it");
    }
    Path parent = link.toAbsolutePath().getParent();
    Files.createDirectories(parent);
    Path temporary =
        parent.resolve("." + link.getFileName() + "." + ProcessHandle.current().pid() + ".new");
    Files.deleteIfExists(temporary);
    Files.createSymbolicLink(temporary, target);
    try {
      Files.move(
          temporary,
          link.toAbsolutePath(),
          StandardCopyOption.ATOMIC_MOVE,
          StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      Files.deleteIfExists(temporary);
      throw e;
    }
  }

  /**
   * Removes {@code link} if it still points at {@code target} (a newer simulator may have taken it
   * over).
   */
  static void removeIfPointsAt(Path link, Path target) throws IOException {
    if (Files.isSymbolicLink(link) && Files.readSymbolicLink(link).equals(target)) {
      Files.delete(link);
    }
  }
}

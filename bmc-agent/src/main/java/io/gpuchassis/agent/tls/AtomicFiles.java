package io.gpuchassis.agent.tls;

import io.gpuchassis.agent.store.StateFiles;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Writes a file of the state directory so that a crash leaves either the old content or the new,
 * never half of it. Every such file is the agent user's only, from its creation: keys, and
 * certificates too.
 */
final class AtomicFiles {

  private AtomicFiles() {}

  /**
   * Writes {@code content} to an owner-only temporary sibling, flushes it to the disk and renames
   * it over {@code file}.
   */
  static void write(Path file, String content) throws IOException {
    StateFiles.createFolders(file.toAbsolutePath().getParent());
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    Files.deleteIfExists(tmp);
    Files.createFile(tmp, StateFiles.ownerOnly(tmp.toAbsolutePath().getParent()));
    Files.writeString(tmp, content, StandardCharsets.US_ASCII);
    try (FileChannel channel = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
      channel.force(true);
    }
    Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
  }
}

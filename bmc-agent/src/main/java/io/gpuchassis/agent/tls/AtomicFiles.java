package io.gpuchassis.agent.tls;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;

/** Writes a file so that a crash leaves either the old content or the new, never half of it. */
final class AtomicFiles {

  private AtomicFiles() {}

  /**
   * Writes {@code content} to a temporary sibling, flushes it to the disk and renames it over {@code file}.
   *
   * @param secret create the file readable by its owner only (it holds a private key)
   */
  static void write(Path file, String content, boolean secret) throws IOException {
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    Files.deleteIfExists(tmp);
    if (secret && tmp.getFileSystem().supportedFileAttributeViews().contains("posix")) {
      Files.createFile(tmp, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    }
    Files.writeString(tmp, content, StandardCharsets.US_ASCII);
    try (FileChannel channel = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
      channel.force(true);
    }
    Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
  }
}

package io.gpuchassis.firmware;

import io.gpuchassis.firmware.BundleException.Reason;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A directory uploaded bundles are staged in before verification. A staged file appears under its
 * final name only once complete and on disk; an upload cut short leaves at most a {@code *.part}
 * file, which {@link #clear()} removes. Streamed uploads take the one {@link Upload} place ({@link
 * #begin()}): one at a time, and its file is deleted when the place is given back, whatever became
 * of the upload. {@link #requireSpace} checks the file system first.
 */
public final class StagingStore {

  static final String PART_SUFFIX = ".part";
  static final String STAGED_SUFFIX = ".fwb";

  private final Path dir;
  private final long maxBytes;
  private final boolean posix;
  private final AtomicReference<Upload> current = new AtomicReference<>();

  /**
   * Uses {@code dir}, creating it (mode 0700) when missing; uploads over {@code maxBytes} are
   * refused.
   */
  public StagingStore(Path dir, long maxBytes) throws IOException {
    if (maxBytes < 1) {
      throw new IllegalArgumentException("maxBytes must be >= 1");
    }
    this.dir = dir.toAbsolutePath().normalize();
    this.maxBytes = maxBytes;
    this.posix = this.dir.getFileSystem().supportedFileAttributeViews().contains("posix");
    if (posix) {
      Files.createDirectories(
          this.dir,
          PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
      Files.setPosixFilePermissions(this.dir, PosixFilePermissions.fromString("rwx------"));
    } else {
      Files.createDirectories(this.dir);
    }
  }

  /** The staging directory. */
  public Path dir() {
    return dir;
  }

  /**
   * Copies {@code in} to a new staged file: a temporary file in the directory, fsynced, then
   * atomically renamed to a unique {@code *.fwb} name. Reads at most {@code maxBytes + 1} bytes of
   * {@code in}; does not close it.
   *
   * @return the staged file
   * @throws BundleException TOO_LARGE when more than {@code maxBytes} arrive (the partial file is
   *     deleted)
   */
  public Path stage(InputStream in) throws IOException, BundleException {
    FileAttribute<?>[] attrs =
        posix
            ? new FileAttribute<?>[] {
              PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"))
            }
            : new FileAttribute<?>[0];
    Path tmp = Files.createTempFile(dir, "upload-", PART_SUFFIX, attrs);
    boolean done = false;
    try {
      try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
        byte[] buf = new byte[64 * 1024];
        long total = 0;
        while (true) {
          int want = (int) Math.min(buf.length, maxBytes + 1 - total);
          int n = in.read(buf, 0, want);
          if (n < 0) {
            break;
          }
          total += n;
          if (total > maxBytes) {
            throw new BundleException(
                Reason.TOO_LARGE, "upload is over the limit of " + maxBytes + " bytes");
          }
          ByteBuffer bb = ByteBuffer.wrap(buf, 0, n);
          while (bb.hasRemaining()) {
            ch.write(bb);
          }
        }
        ch.force(true);
      }
      Path staged = dir.resolve("bundle-" + UUID.randomUUID() + STAGED_SUFFIX);
      Files.move(tmp, staged, StandardCopyOption.ATOMIC_MOVE);
      syncDirectory();
      done = true;
      return staged;
    } finally {
      if (!done) {
        Files.deleteIfExists(tmp);
      }
    }
  }

  /**
   * The staging place for one streamed upload, with a new empty {@code *.part} file (mode 0600) to
   * write it to; empty while another upload holds the place. Close the upload when done with its
   * file: that deletes the file.
   */
  public Optional<Upload> begin() throws IOException {
    Upload upload = new Upload(dir.resolve("push-" + UUID.randomUUID() + PART_SUFFIX));
    if (!current.compareAndSet(null, upload)) {
      return Optional.empty();
    }
    try {
      Files.createFile(
          upload.file, posix ? new FileAttribute<?>[] {ownerOnly()} : new FileAttribute<?>[0]);
    } catch (IOException | RuntimeException e) {
      current.set(null);
      throw e;
    }
    return Optional.of(upload);
  }

  /** Whether an upload holds the staging place now. */
  public boolean uploading() {
    return current.get() != null;
  }

  /** Bytes the staging file system has free for the agent. */
  public long usableSpace() throws IOException {
    return Files.getFileStore(dir).getUsableSpace();
  }

  /**
   * Checks that {@code bytes} can be staged and {@code marginBytes} still be left free.
   *
   * @throws BundleException NO_SPACE when the file system has less free
   */
  public void requireSpace(long bytes, long marginBytes) throws IOException, BundleException {
    long free = usableSpace();
    if (free - marginBytes < bytes) {
      throw new BundleException(
          Reason.NO_SPACE,
          "the staging file system has "
              + free
              + " bytes free; the upload"
              + " needs "
              + bytes
              + " and "
              + marginBytes
              + " more are kept free");
    }
  }

  /**
   * One streamed upload's place and file; {@link #close()} deletes the file and frees the place.
   * Thread-safe.
   */
  public final class Upload implements AutoCloseable {
    private final Path file;

    private Upload(Path file) {
      this.file = file;
    }

    /** Where the upload is written. */
    public Path file() {
      return file;
    }

    /** Deletes the file (if still there) and frees the place; repeated calls do nothing. */
    @Override
    public void close() {
      if (current.get() != this) {
        return;
      }
      try {
        Files.deleteIfExists(file);
      } catch (IOException e) {
        throw new UncheckedIOException(
            "cannot delete the upload " + file + ": " + e.getMessage(), e);
      } finally {
        current.compareAndSet(this, null);
      }
    }
  }

  /**
   * Moves {@code upload}'s file to a name of its own in the staging folder and frees the upload
   * place, for a bundle kept until later (the next upload may come meanwhile). The kept file is the
   * caller's to {@link #discard}; {@link #clear} removes it at the next start.
   */
  public Path keep(Upload upload) throws IOException {
    Path kept = Files.move(upload.file(), dir.resolve("kept-" + UUID.randomUUID() + ".fwb"));
    upload.close();
    return kept;
  }

  /** Deletes a file this store staged; a missing file is ignored. */
  public void discard(Path staged) {
    Path p = staged.toAbsolutePath().normalize();
    if (!dir.equals(p.getParent())) {
      throw new IllegalArgumentException(staged + " is not in the staging directory " + dir);
    }
    try {
      Files.deleteIfExists(p);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete staged file " + p + ": " + e.getMessage(), e);
    }
  }

  /**
   * Deletes every file in the staging directory: staged bundles and partial uploads left by a
   * crash.
   */
  public void clear() {
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
      for (Path p : entries) {
        if (Files.isRegularFile(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)
            || Files.isSymbolicLink(p)) {
          try {
            Files.deleteIfExists(p);
          } catch (NoSuchFileException ignored) {
            // raced with discard()
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot clear staging directory " + dir + ": " + e.getMessage(), e);
    }
  }

  private static FileAttribute<?> ownerOnly() {
    return PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"));
  }

  private void syncDirectory() {
    // Makes the rename durable on Linux; some platforms cannot open a directory, which is harmless
    // to skip.
    try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
      ch.force(true);
    } catch (IOException | UnsupportedOperationException ignored) {
      // best effort
    }
  }

  @Override
  public String toString() {
    return "StagingStore[" + dir + ", max " + maxBytes + " bytes]";
  }
}

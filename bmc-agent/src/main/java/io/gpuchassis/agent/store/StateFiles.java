package io.gpuchassis.agent.store;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The state directory holds password and session hashes and the TLS private key: it is the agent
 * user's alone. Folders are created {@code rwx------} and files {@code rw-------} from the start
 * (permissions given at creation, never loosened first and tightened later), and what an older
 * agent left more open is tightened at start. On a file system without POSIX permissions nothing is
 * changed.
 */
public final class StateFiles {

  private static final Logger LOG = LoggerFactory.getLogger(StateFiles.class);

  public static final Set<PosixFilePermission> FOLDER =
      PosixFilePermissions.fromString("rwx------");
  public static final Set<PosixFilePermission> FILE = PosixFilePermissions.fromString("rw-------");

  /**
   * What the agent keeps in its state directory; only these are tightened, never anything else
   * found there.
   */
  private static final List<String> OWN_ENTRIES =
      List.of("agent.db", "agent.db-wal", "agent.db-shm", "agent.db-journal", "tls", "firmware");

  private StateFiles() {}

  /**
   * Creates {@code folder} and any missing parent, each owner-only. Existing folders are left as
   * they are.
   */
  public static void createFolders(Path folder) throws IOException {
    if (Files.isDirectory(folder)) {
      return;
    }
    if (posix(folder.toAbsolutePath().getRoot())) {
      Files.createDirectories(folder, PosixFilePermissions.asFileAttribute(FOLDER));
    } else {
      Files.createDirectories(folder);
    }
  }

  /** Creates the empty file {@code file}, owner-only, unless it exists already. */
  public static void createFile(Path file) throws IOException {
    try {
      Files.createFile(file, ownerOnly(file.toAbsolutePath().getParent()));
    } catch (FileAlreadyExistsException e) {
      // kept as it is; tighten() fixes an old one
    }
  }

  /**
   * The attribute that makes a new file in {@code folder} owner-only (none where POSIX permissions
   * do not exist).
   */
  public static FileAttribute<?>[] ownerOnly(Path folder) {
    return posix(folder)
        ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(FILE)}
        : new FileAttribute<?>[0];
  }

  /**
   * Tightens the state directory and what the agent keeps in it (database, TLS material, firmware
   * files) to owner-only, for directories written by an older agent. Symbolic links are skipped,
   * and a file that cannot be changed (another owner) is reported, not fatal.
   */
  public static void tighten(Path stateDir) {
    if (!posix(stateDir)) {
      return;
    }
    restrict(stateDir);
    for (String name : OWN_ENTRIES) {
      tightenTree(stateDir.resolve(name));
    }
  }

  private static void tightenTree(Path path) {
    if (Files.isSymbolicLink(path) || !Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    restrict(path);
    if (Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
      try (DirectoryStream<Path> children = Files.newDirectoryStream(path)) {
        for (Path child : children) {
          tightenTree(child);
        }
      } catch (IOException e) {
        LOG.warn("Cannot list {} to restrict its permissions: {}", path, e.toString());
      }
    }
  }

  private static void restrict(Path path) {
    try {
      Set<PosixFilePermission> wanted =
          Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS) ? FOLDER : FILE;
      if (!Files.getPosixFilePermissions(path, LinkOption.NOFOLLOW_LINKS).equals(wanted)) {
        Files.setPosixFilePermissions(path, wanted);
        LOG.info("Restricted {} to its owner", path);
      }
    } catch (NoSuchFileException e) {
      // removed meanwhile (a temporary file renamed into place): nothing to protect
    } catch (IOException | SecurityException e) {
      LOG.warn("Cannot restrict {} to its owner: {}", path, e.toString());
    }
  }

  private static boolean posix(Path path) {
    return path != null && path.getFileSystem().supportedFileAttributeViews().contains("posix");
  }
}

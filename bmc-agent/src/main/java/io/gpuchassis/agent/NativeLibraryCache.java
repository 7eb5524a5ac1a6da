package io.gpuchassis.agent;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Optional;
import org.slf4j.LoggerFactory;

/**
 * The native libraries the jar carries (SQLite's, Netty's epoll transport and BoringSSL), kept
 * unpacked in a folder the launcher names, one per jar ({@value #FOLDER_PROPERTY}). Without it
 * every start unpacks about 4 MB into fresh temporary files, and SQLite's loader first starts
 * {@code uname -o} to tell Android from Linux. The launcher also puts the folder on the library
 * path ({@code LD_LIBRARY_PATH}, which the JVM puts in front of {@code java.library.path}), where
 * Netty looks before it unpacks; SQLite is pointed at its file by {@link #useCached()}. The first
 * start unpacks the libraries there once it answers ({@link #fillLater()}); a library missing from
 * the folder is unpacked the libraries' own way, so a folder that cannot be written only costs
 * time.
 *
 * <p>Thread-safety: {@link #fill()} writes each file under a temporary name and moves it into
 * place, so a start that runs beside it finds either no file or a whole one.
 */
final class NativeLibraryCache {

  static final String FOLDER_PROPERTY = "bmc-agent.native.dir";
  static final String SQLITE_FILE = "libsqlitejdbc.so";

  private final Path folder;

  NativeLibraryCache(Path folder) {
    this.folder = folder;
  }

  /** The folder the launcher named; empty when started another way. */
  static Optional<NativeLibraryCache> fromLauncher() {
    String folder = System.getProperty(FOLDER_PROPERTY);
    return folder == null || folder.isBlank()
        ? Optional.empty()
        : Optional.of(new NativeLibraryCache(Path.of(folder)));
  }

  /**
   * Points SQLite at its library in the folder when it is there, unless the command line chose
   * another: call before SQLite loads.
   */
  void useCached() {
    if (System.getProperty("org.sqlite.lib.path") == null
        && Files.isRegularFile(folder.resolve(SQLITE_FILE))) {
      System.setProperty("org.sqlite.lib.path", folder.toString());
      System.setProperty("org.sqlite.lib.name", SQLITE_FILE);
    }
  }

  /** {@link #fill()} on a daemon thread of its own, when a library is missing. */
  void fillLater() {
    if (missing().isEmpty()) {
      return;
    }
    Thread thread = new Thread(this::fill, "native-library-cache");
    thread.setDaemon(true);
    thread.setPriority(Thread.MIN_PRIORITY);
    thread.start();
  }

  /** Unpacks the libraries of this machine that the folder lacks. */
  void fill() {
    try {
      Files.createDirectories(folder);
      for (String file : missing()) {
        unpack(resource(file), folder.resolve(file));
      }
    } catch (IOException | RuntimeException | LinkageError e) {
      // the next start unpacks the libraries to temporary files, as without the folder
      LoggerFactory.getLogger(NativeLibraryCache.class)
          .debug("native libraries not kept in {}: {}", folder, e.toString());
    }
  }

  /** The libraries not yet in the folder. */
  private List<String> missing() {
    return files().stream().filter(f -> !Files.isRegularFile(folder.resolve(f))).toList();
  }

  /** The file names the libraries' loaders ask the library path for, on this machine. */
  static List<String> files() {
    String arch = io.netty.util.internal.PlatformDependent.normalizedArch();
    return List.of(
        "libnetty_transport_native_epoll_" + arch + ".so",
        "libnetty_tcnative_linux_" + arch + ".so",
        SQLITE_FILE);
  }

  /**
   * The jar resource of a library. SQLite's folder name asks the system (it starts {@code uname
   * -o}), so it is looked up only when the library is unpacked.
   */
  static String resource(String file) {
    return file.equals(SQLITE_FILE)
        ? "org/sqlite/native/"
            + org.sqlite.util.OSInfo.getNativeLibFolderPathForCurrentOS()
            + "/"
            + file
        : "META-INF/native/" + file;
  }

  private static void unpack(String resource, Path file) throws IOException {
    try (InputStream in = NativeLibraryCache.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        return; // not carried for this machine: its loader reports that itself
      }
      Path part = Files.createTempFile(file.getParent(), file.getFileName().toString(), ".part");
      try {
        Files.copy(in, part, StandardCopyOption.REPLACE_EXISTING);
        Files.move(part, file, StandardCopyOption.ATOMIC_MOVE);
      } finally {
        Files.deleteIfExists(part);
      }
    }
  }
}

package io.gpuchassis.agent.it;

import java.io.File;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The start of the command line of a JVM of its own for a class of the tests' class path: the agent
 * ({@code TestMain}, {@code Main}) or the switch simulator as a process, for the tests that stop,
 * kill, signal or watch one. These JVMs live for seconds: C1 alone (C2 would only burn CPU) and the
 * serial collector; and the classes an agent loads at start mapped from a class-data archive
 * (AppCDS) made once per build, which took a start from about 2.1 to 1.4 s of CPU. CDS refuses a
 * folder on the class path, so the test classes come from the jar the build makes of them ({@code
 * bmc-agent-tests.jar}); without it (a test run from an IDE) the JVM starts as it would without an
 * archive.
 */
final class ChildJvm {

  private static final String JAVA =
      Path.of(System.getProperty("java.home"), "bin", "java").toString();
  private static final List<String> OPTIONS =
      List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");
  private static final List<String> ARCHIVE_LOGS_OFF =
      List.of("-Xlog:cds=off", "-Xlog:cds+dynamic=off");

  private ChildJvm() {}

  /** {@code java <options> -cp <class path> mainClass arguments}. */
  static List<String> command(String mainClass, String... arguments) {
    return command(List.of(), mainClass, arguments);
  }

  /** As above, with {@code jvmOptions} after this class's own. */
  static List<String> command(List<String> jvmOptions, String mainClass, String... arguments) {
    Optional<Setup> s = Found.SETUP;
    List<String> command = new ArrayList<>();
    command.add(JAVA);
    command.addAll(OPTIONS);
    command.addAll(jvmOptions);
    s.ifPresent(
        found -> {
          command.add("-XX:SharedArchiveFile=" + found.archive);
          command.addAll(ARCHIVE_LOGS_OFF);
        });
    command.add("-cp");
    command.add(s.map(found -> found.classPath).orElse(System.getProperty("java.class.path")));
    command.add(mainClass);
    command.addAll(List.of(arguments));
    return command;
  }

  /** The jar-only class path and its archive. */
  private record Setup(String classPath, Path archive) {}

  /** Found once per test JVM, when the first child starts (the JVM's class initialisation). */
  private static final class Found {
    static final Optional<Setup> SETUP = jarClassPath().flatMap(ChildJvm::archiveFor);
  }

  /**
   * The tests' class path with the test classes' folder replaced by the build's jar of them, if
   * that jar holds what the folder holds (it is made after them, in the same build).
   */
  private static Optional<String> jarClassPath() {
    List<String> entries = new ArrayList<>();
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      Path path = Path.of(entry);
      if (Files.isDirectory(path)) {
        Path jar = path.resolveSibling("bmc-agent-tests.jar");
        if (!path.getFileName().toString().equals("test-classes") || !newer(jar, path)) {
          return Optional.empty();
        }
        entries.add(jar.toString());
      } else {
        entries.add(entry);
      }
    }
    return Optional.of(String.join(File.pathSeparator, entries));
  }

  private static boolean newer(Path jar, Path folder) {
    try (Stream<Path> files = Files.walk(folder)) {
      long made = Files.getLastModifiedTime(jar).toMillis();
      return files.allMatch(f -> lastModified(f) <= made);
    } catch (IOException e) {
      return false;
    }
  }

  private static long lastModified(Path file) {
    try {
      return Files.getLastModifiedTime(file).toMillis();
    } catch (IOException e) {
      return Long.MAX_VALUE;
    }
  }

  /**
   * The archive of {@code classPath}, made by the first test JVM that needs it while the others
   * wait on a file lock: an agent started with {@code -XX:ArchiveClassesAtExit}, stopped once it
   * answers. Its name carries a checksum of the class path's files, so a later build makes its own.
   */
  private static Optional<Setup> archiveFor(String classPath) {
    Path target =
        Stream.of(classPath.split(File.pathSeparator))
            .filter(entry -> entry.endsWith("bmc-agent-tests.jar"))
            .map(entry -> Path.of(entry).getParent())
            .findFirst()
            .orElseThrow();
    Path archive = target.resolve("child-jvm-" + checksum(classPath) + ".jsa");
    try (FileChannel lockFile =
            FileChannel.open(
                target.resolve("child-jvm.lock"),
                StandardOpenOption.CREATE,
                StandardOpenOption.WRITE);
        FileLock lock = lockFile.lock()) {
      if (!Files.exists(archive) && !dump(classPath, archive)) {
        return Optional.empty();
      }
      return Optional.of(new Setup(classPath, archive));
    } catch (IOException | InterruptedException e) {
      System.err.println("ChildJvm: no class-data archive: " + e);
      return Optional.empty();
    }
  }

  private static String checksum(String classPath) {
    long sum = classPath.hashCode();
    for (String entry : classPath.split(File.pathSeparator)) {
      Path path = Path.of(entry);
      sum = sum * 31 + lastModified(path);
      try {
        sum = sum * 31 + Files.size(path);
      } catch (IOException e) {
        sum = sum * 31;
      }
    }
    return Long.toHexString(sum);
  }

  private static boolean dump(String classPath, Path archive)
      throws IOException, InterruptedException {
    Path dir = Files.createTempDirectory("child-jvm-archive");
    Path config = dir.resolve("agent.yaml");
    Files.writeString(config, "listen: 127.0.0.1:0\nstateDir: state\nsimulation:\n  speed: fast\n");
    Path log = dir.resolve("agent.log");
    Path written = archive.resolveSibling(archive.getFileName() + ".part");
    List<String> command = new ArrayList<>(List.of(JAVA));
    command.addAll(OPTIONS);
    command.add("-XX:ArchiveClassesAtExit=" + written);
    command.addAll(ARCHIVE_LOGS_OFF);
    command.addAll(
        List.of("-cp", classPath, "io.gpuchassis.agent.TestMain", "--config", config.toString()));
    ProcessBuilder pb =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
    pb.environment().put("BMC_AGENT_ADMIN_PASSWORD", "archive-admin-password");
    pb.environment().remove("NOTIFY_SOCKET"); // in case the build itself runs under systemd
    Process agent = pb.start();
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
      while (!Files.readString(log).contains("Redfish service ready")) {
        if (!agent.isAlive() || System.nanoTime() > deadline) {
          System.err.println("ChildJvm: no class-data archive, the agent did not start: " + log);
          return false;
        }
        Thread.sleep(50);
      }
      agent.destroy(); // SIGTERM: the JVM writes the archive as it exits
      if (!agent.waitFor(90, TimeUnit.SECONDS) || !Files.isRegularFile(written)) {
        System.err.println("ChildJvm: no class-data archive was written: " + log);
        return false;
      }
      Files.move(written, archive, StandardCopyOption.ATOMIC_MOVE);
      try (Stream<Path> old = Files.list(archive.getParent())) { // an earlier build's: 40 MB each
        old.filter(f -> f.getFileName().toString().matches("child-jvm-.*\\.jsa"))
            .filter(f -> !f.equals(archive))
            .forEach(f -> f.toFile().delete());
      }
      return true;
    } finally {
      agent.destroyForcibly();
      agent.waitFor(30, TimeUnit.SECONDS);
      try (Stream<Path> files = Files.walk(dir)) {
        files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
      }
    }
  }
}

package io.gpuchassis.agent.network;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * How the management processor keeps its clock, as far as its files tell: chrony ({@code server}
 * and {@code pool} lines of {@code /etc/chrony/chrony.conf} or {@code /etc/chrony.conf}) or
 * systemd-timesyncd ({@code NTP=} of {@code /etc/systemd/timesyncd.conf} and its drop-ins, the last
 * assignment winning, an empty one resetting). Whether the daemon runs is told by what it leaves in
 * {@code /run} (chrony's pid file, timesyncd's state folder); with neither, it is not known.
 *
 * @param servers the configured NTP servers or pools, in their order (empty: none configured, or
 *     timesyncd's compiled-in defaults, which no file names)
 * @param running whether a time synchronisation daemon runs; empty when no trace of one is found
 */
public record TimeSync(List<String> servers, Optional<Boolean> running) {

  public TimeSync {
    servers = List.copyOf(servers);
  }

  /** Reads the files below {@code root} ({@code /} on the machine). */
  static TimeSync read(Path root) {
    boolean chronyRuns = Files.exists(root.resolve("run/chrony/chronyd.pid"));
    boolean timesyncdRuns = Files.isDirectory(root.resolve("run/systemd/timesync"));
    Optional<Path> chronyConf =
        java.util.stream.Stream.of("etc/chrony/chrony.conf", "etc/chrony.conf")
            .map(root::resolve)
            .filter(Files::isRegularFile)
            .findFirst();
    if (chronyRuns || (chronyConf.isPresent() && !timesyncdRuns)) {
      return new TimeSync(
          chronyConf.map(TimeSync::chronyServers).orElse(List.of()),
          chronyRuns ? Optional.of(true) : Optional.empty());
    }
    return new TimeSync(
        timesyncdServers(root.resolve("etc/systemd")),
        timesyncdRuns ? Optional.of(true) : Optional.empty());
  }

  private static List<String> chronyServers(Path conf) {
    List<String> servers = new ArrayList<>();
    for (String line : lines(conf)) {
      String[] f = line.strip().split("\\s+");
      if (f.length >= 2 && (f[0].equals("server") || f[0].equals("pool"))) {
        servers.add(f[1]);
      }
    }
    return servers;
  }

  /** The main file, then the drop-ins in name order, as systemd reads them. */
  private static List<String> timesyncdServers(Path etcSystemd) {
    List<Path> files = new ArrayList<>();
    files.add(etcSystemd.resolve("timesyncd.conf"));
    Path dropIns = etcSystemd.resolve("timesyncd.conf.d");
    if (Files.isDirectory(dropIns)) {
      try (DirectoryStream<Path> confs = Files.newDirectoryStream(dropIns, "*.conf")) {
        List<Path> sorted = new ArrayList<>();
        confs.forEach(sorted::add);
        sorted.sort(java.util.Comparator.comparing(p -> p.getFileName().toString()));
        files.addAll(sorted);
      } catch (IOException e) {
        // unreadable drop-ins: the main file is all there is
      }
    }
    List<String> servers = new ArrayList<>();
    for (Path file : files) {
      boolean inTime = false;
      for (String line : lines(file)) {
        String l = line.strip();
        if (l.startsWith("[")) {
          inTime = l.equals("[Time]");
        } else if (inTime && l.startsWith("NTP=")) {
          servers.clear();
          String value = l.substring("NTP=".length()).strip();
          if (!value.isEmpty()) {
            servers.addAll(List.of(value.split("\\s+")));
          }
        }
      }
    }
    return servers;
  }

  private static List<String> lines(Path file) {
    try {
      return Files.readAllLines(file);
    } catch (IOException e) {
      return List.of(); // absent or unreadable: says nothing
    }
  }
}

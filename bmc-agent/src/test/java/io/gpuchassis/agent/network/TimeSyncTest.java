package io.gpuchassis.agent.network;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The NTP servers and daemon as the management processor's files tell them. */
class TimeSyncTest {

  @TempDir Path root;

  private void write(String file, String text) throws Exception {
    Path path = root.resolve(file);
    Files.createDirectories(path.getParent());
    Files.writeString(path, text);
  }

  @Test
  void timesyncd_takes_the_last_ntp_assignment_of_its_file_and_drop_ins_in_name_order()
      throws Exception {
    write(
        "etc/systemd/timesyncd.conf", "[Time]\n#NTP=commented.example\nNTP=a.example b.example\n");
    write("etc/systemd/timesyncd.conf.d/20-site.conf", "[Time]\nNTP=\nNTP=site.example\n");
    write("etc/systemd/timesyncd.conf.d/10-vendor.conf", "[Time]\nNTP=vendor.example\n");
    write("etc/systemd/timesyncd.conf.d/30-other.conf", "[Other]\nNTP=not-time.example\n");
    Files.createDirectories(root.resolve("run/systemd/timesync"));
    assertEquals(new TimeSync(List.of("site.example"), Optional.of(true)), TimeSync.read(root));
  }

  @Test
  void chrony_servers_and_pools_in_order_and_running_by_its_pid_file() throws Exception {
    write(
        "etc/chrony/chrony.conf",
        "# comment\npool 2.debian.pool.ntp.org iburst\nserver 10.0.0.1 iburst\n"
            + "driftfile /var/lib/chrony/chrony.drift\n");
    write("run/chrony/chronyd.pid", "123\n");
    assertEquals(
        new TimeSync(List.of("2.debian.pool.ntp.org", "10.0.0.1"), Optional.of(true)),
        TimeSync.read(root));
  }

  @Test
  void nothing_running_and_nothing_configured_says_nothing() {
    assertEquals(new TimeSync(List.of(), Optional.empty()), TimeSync.read(root));
  }
}

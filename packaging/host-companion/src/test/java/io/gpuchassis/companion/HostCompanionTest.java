package io.gpuchassis.companion;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The companion's commands against a host's sysfs and procfs in a temporary folder, with a stand-in
 * kernel that answers a rescan or a removal as Linux does.
 */
class HostCompanionTest {

  static final PciAddress BRIDGE = PciAddress.parse("0000:40:01.1");
  static final PciAddress GPU = PciAddress.parse("0000:41:00.0");
  static final PciAddress AUDIO = PciAddress.parse("0000:41:00.1");
  static final String UUID = "GPU-5a3c4d1e-8f90-4b2a-9c6d-0e1f2a3b4c5d";

  @TempDir Path dir;
  FakeHost host;
  RecordingAgent agent = new RecordingAgent();

  /** What {@code nvidia-smi -L} prints on this host: nothing (not installed) unless a test says. */
  Optional<String> nvidiaSmi = Optional.empty();

  ByteArrayOutputStream out = new ByteArrayOutputStream();
  ByteArrayOutputStream err = new ByteArrayOutputStream();

  @BeforeEach
  void host() throws IOException {
    host = new FakeHost(dir.resolve("root"));
    Files.writeString(dir.resolve("password"), "operator-password\n");
  }

  @AfterEach
  void stopKernel() {
    host.close();
  }

  @Test
  void a_gpu_pciehp_added_is_reported_without_a_rescan() {
    host.bridge(BRIDGE).pciehp(BRIDGE).gpu(BRIDGE, GPU).nvidia(GPU, UUID, 0);
    host.function(BRIDGE, AUDIO, "0x040300");

    assertEquals(
        0, run("attach", "--system", "Host3", "--slot", "3", "--bridge", "40:01.1"), err());

    assertEquals(
        List.of(
            new RecordingAgent.Report(
                "Host3",
                FakeHost.SYSTEM_UUID.toLowerCase(),
                List.of(new SeenDevice(3, GPU, Optional.of(UUID))))),
        agent.reports);
    assertEquals("", FakeHost.written(host.folder(BRIDGE).resolve("rescan")), "no rescan");
    assertEquals("", FakeHost.written(host.root.resolve("sys/bus/pci/rescan")), "no rescan");
  }

  @Test
  void an_attach_reports_the_mig_devices_nvidia_smi_lists_for_that_gpu() {
    host.bridge(BRIDGE).pciehp(BRIDGE).gpu(BRIDGE, GPU).nvidia(GPU, MigDevicesTest.A100, 0);
    nvidiaSmi = Optional.of(MigDevicesTest.TWO_GPUS_WITH_MIG);

    assertEquals(
        0, run("attach", "--system", "Host3", "--slot", "3", "--bridge", "40:01.1"), err());

    SeenDevice seen = agent.reports.get(0).devices().get(0);
    assertEquals(
        List.of(0, 1, 2), seen.partitions().stream().map(MigDevice::index).toList(), "its own");
    assertEquals("3g.20gb", seen.partitions().get(0).profile());
    assertTrue(out().contains("MIG device 0: 3g.20gb"), out());

    // The MIG devices are gone (destroyed on the host): attach again reports none
    nvidiaSmi = Optional.of(MigDevicesTest.NO_MIG);
    assertEquals(
        0, run("attach", "--system", "Host3", "--slot", "3", "--bridge", "40:01.1"), err());
    assertEquals(List.of(), agent.reports.get(1).devices().get(0).partitions());
  }

  @Test
  void a_gpu_behind_a_bridge_without_pciehp_appears_after_a_rescan_of_that_bridge() {
    host.bridge(BRIDGE);
    host.whenWritten(
        host.folder(BRIDGE).resolve("rescan"),
        () -> {
          host.gpu(BRIDGE, GPU);
          host.nvidia(GPU, UUID, 0);
        });

    assertEquals(
        0, run("attach", "--system", "Host3", "--slot", "3", "--bridge", BRIDGE + ""), err());

    assertEquals("1", FakeHost.written(host.folder(BRIDGE).resolve("rescan")));
    assertEquals(
        "", FakeHost.written(host.root.resolve("sys/bus/pci/rescan")), "only the bridge's");
    assertEquals(
        List.of(new SeenDevice(3, GPU, Optional.of(UUID))), agent.reports.get(0).devices());
    assertTrue(out().contains("after a rescan"), out());
  }

  @Test
  void under_pciehp_the_bus_is_rescanned_only_once_the_grace_has_passed() {
    host.bridge(BRIDGE).pciehp(BRIDGE);
    host.whenWritten(
        host.folder(BRIDGE).resolve("rescan"),
        () -> {
          host.gpu(BRIDGE, GPU);
          host.driver(GPU, "amdgpu");
        });
    long started = System.nanoTime();

    assertEquals(
        0,
        run(
            "attach",
            "--system",
            "Host3",
            "--slot",
            "4",
            "--bridge",
            BRIDGE + "",
            "--hotplug-grace",
            "600ms"),
        err());

    assertTrue(System.nanoTime() - started >= 600_000_000L, "pciehp had its grace first");
    assertEquals("1", FakeHost.written(host.folder(BRIDGE).resolve("rescan")));
    assertEquals(
        List.of(new SeenDevice(4, GPU, Optional.empty())),
        agent.reports.get(0).devices(),
        "a driver without a UUID reader: reported without one");
  }

  @Test
  void a_gpu_at_a_known_address_is_found_after_a_rescan_of_every_bus() {
    host.bridge(BRIDGE);
    host.whenWritten(
        host.root.resolve("sys/bus/pci/rescan"),
        () -> {
          host.gpu(BRIDGE, GPU);
          host.nvidia(GPU, UUID, 0);
        });

    assertEquals(
        0,
        run(
            "attach",
            "--system",
            "Host3",
            "--slot",
            "3",
            "--address",
            GPU + "",
            "--hotplug-grace",
            "100ms"),
        err());

    assertEquals(
        List.of(new SeenDevice(3, GPU, Optional.of(UUID))), agent.reports.get(0).devices());
  }

  @Test
  void a_driver_that_never_binds_ends_the_attach_with_a_timeout_and_no_report() {
    host.bridge(BRIDGE).pciehp(BRIDGE).gpu(BRIDGE, GPU);

    int code =
        run(
            "attach",
            "--system",
            "Host3",
            "--slot",
            "3",
            "--bridge",
            BRIDGE + "",
            "--driver-timeout",
            "300ms");

    assertEquals(CompanionException.FAILED, code);
    assertTrue(err().contains("no driver bound to the GPU at 0000:41:00.0 within 300 ms"), err());
    assertTrue(err().contains("modprobe"), "says what to check: " + err());
    assertEquals(List.of(), agent.reports);
  }

  @Test
  void a_gpu_that_never_appears_ends_the_attach_naming_the_bridge() {
    host.bridge(BRIDGE);

    int code =
        run(
            "attach",
            "--system",
            "Host3",
            "--slot",
            "3",
            "--bridge",
            BRIDGE + "",
            "--appear-timeout",
            "200ms");

    assertEquals(CompanionException.FAILED, code);
    assertTrue(err().contains("no GPU appeared under bridge 0000:40:01.1"), err());
    assertEquals(List.of(), agent.reports);
  }

  @Test
  void a_busy_gpu_is_refused_and_left_on_the_host() {
    host.bridge(BRIDGE).gpu(BRIDGE, GPU).nvidia(GPU, UUID, 2);
    host.process(4242, "python3", "/dev/nvidia2");
    host.process(5000, "bash", "/dev/nvidia1");

    int code = run("detach", "--slot", "3", "--address", GPU + "");

    assertEquals(CompanionException.BUSY, code, err());
    assertTrue(err().contains("process 4242 (python3) holds /dev/nvidia2"), err());
    assertFalse(err().contains("5000"), "another GPU's user is not this one's: " + err());
    assertEquals("", FakeHost.written(host.folder(GPU).resolve("remove")), "not removed");
    assertEquals(List.of(), agent.readyToRemove);
  }

  @Test
  void a_gpu_passed_to_a_virtual_machine_is_busy_through_its_vfio_group() throws IOException {
    host.bridge(BRIDGE).gpu(BRIDGE, GPU).driver(GPU, "vfio-pci");
    Files.createSymbolicLink(
        host.folder(GPU).resolve("iommu_group"), host.root.resolve("sys/kernel/iommu_groups/42"));
    host.process(777, "qemu-system-x86", "/dev/vfio/42");

    assertEquals(CompanionException.BUSY, run("detach", "--slot", "3", "--address", GPU + ""));
    assertTrue(err().contains("process 777 (qemu-system-x86) holds /dev/vfio/42"), err());
  }

  @Test
  void a_driver_whose_users_cannot_be_told_is_not_taken_for_idle() {
    host.bridge(BRIDGE).gpu(BRIDGE, GPU).driver(GPU, "mystery");

    assertEquals(CompanionException.BUSY, run("detach", "--slot", "3", "--address", GPU + ""));
    assertTrue(err().contains("driver mystery") && err().contains("unbind"), err());
    assertEquals(List.of(), agent.readyToRemove);
  }

  @Test
  void an_idle_gpu_is_removed_with_its_other_functions_and_then_ready_to_remove_is_set() {
    host.bridge(BRIDGE).gpu(BRIDGE, GPU).nvidia(GPU, UUID, 0);
    host.function(BRIDGE, AUDIO, "0x040300").driver(AUDIO, "snd_hda_intel");
    host.process(5000, "bash", "/dev/nvidia1");
    host.removes(GPU);
    host.removes(AUDIO);

    assertEquals(0, run("detach", "--slot", "3", "--address", GPU + ""), err());

    assertFalse(Files.exists(host.device(GPU)), "the GPU is gone from the host");
    assertFalse(Files.exists(host.device(AUDIO)), "with its audio function");
    assertEquals(List.of(3), agent.readyToRemove);
    assertTrue(
        out().indexOf("Removing " + AUDIO) < out().indexOf("Removing " + GPU),
        "the GPU's own function last: " + out());
  }

  @Test
  void detach_finds_the_address_the_host_reported_to_the_agent() {
    host.bridge(BRIDGE).gpu(BRIDGE, GPU);
    host.removes(GPU);
    agent.addresses.put(3, GPU);

    assertEquals(0, run("detach", "--slot", "3"), err());

    assertFalse(Files.exists(host.device(GPU)));
    assertEquals(List.of(3), agent.readyToRemove);
  }

  @Test
  void report_sends_the_system_uuid_alone() {
    assertEquals(0, run("report", "--system", "Host5"), err());

    assertEquals(
        List.of(new RecordingAgent.Report("Host5", FakeHost.SYSTEM_UUID.toLowerCase(), List.of())),
        agent.reports);
  }

  /** A 64-bit prefetchable bridge window as Linux flags it: memory, prefetchable, 64-bit. */
  static final long PREFETCH_64 = 0x14220cL;

  static final PciAddress ROOT_PORT = PciAddress.parse("0000:3f:01.0");
  static final PciAddress SECOND_ROOT_PORT = PciAddress.parse("0000:80:01.0");

  @Test
  void report_with_a_bridge_sends_its_64_bit_prefetchable_window_in_mib() {
    // 256 GiB at 0x38000000000, as a host's firmware reserves it for hot-plug
    host.bridge(ROOT_PORT)
        .prefetchableWindow(
            ROOT_PORT, 0x38000000000L, 0x38000000000L + (256L << 30) - 1, PREFETCH_64);

    assertEquals(0, run("report", "--system", "Host5", "--bridge", ROOT_PORT + ""), err());

    assertEquals(
        List.of(
            new RecordingAgent.Report(
                "Host5", FakeHost.SYSTEM_UUID.toLowerCase(), OptionalLong.of(262144), List.of())),
        agent.reports);
    assertTrue(out().contains("hot-plug window of 262144 MiB"), out());
  }

  @Test
  void the_windows_of_several_bridges_are_added_whatever_the_kernel_s_resource_count() {
    host.bridge(ROOT_PORT)
        .prefetchableWindow(
            ROOT_PORT, 0x38000000000L, 0x38000000000L + (64L << 30) - 1, PREFETCH_64);
    // A kernel without SR-IOV lists 11 resources: the window is still the third of the last four
    host.bridge(SECOND_ROOT_PORT)
        .resources(
            SECOND_ROOT_PORT, 11, 0x40000000000L, 0x40000000000L + (32L << 30) - 1, PREFETCH_64);

    assertEquals(
        0,
        run("report", "--system", "Host5", "--bridge", ROOT_PORT + "", "--bridge", "80:01.0"),
        err());

    assertEquals(OptionalLong.of(96 * 1024), agent.reports.get(0).hotPlugWindowMiB());
  }

  @Test
  void a_bridge_without_a_64_bit_prefetchable_window_gives_no_room() {
    // 32-bit prefetchable (no IORESOURCE_MEM_64): below 4 GiB, no room for a GPU's BAR1
    host.bridge(ROOT_PORT).prefetchableWindow(ROOT_PORT, 0xc0000000L, 0xcfffffffL, 0x42208L);
    // no prefetchable window assigned at all
    host.bridge(SECOND_ROOT_PORT).prefetchableWindow(SECOND_ROOT_PORT, 0, 0, 0);

    assertEquals(
        0,
        run("report", "--system", "Host5", "--bridge", ROOT_PORT + "", "--bridge", "80:01.0"),
        err());

    assertEquals(OptionalLong.of(0), agent.reports.get(0).hotPlugWindowMiB());
    assertTrue(out().contains("a 32-bit prefetchable window of 256 MiB, not counted"), out());
    assertTrue(out().contains("no prefetchable memory window"), out());
  }

  @Test
  void a_bridge_named_wrong_fails_the_report_before_the_agent_hears_of_it() {
    host.bridge(BRIDGE).gpu(BRIDGE, GPU);

    assertEquals(
        CompanionException.FAILED, run("report", "--system", "Host5", "--bridge", GPU + ""));
    assertTrue(err().contains("0000:41:00.0 is not a PCI bridge (class 0x030200)"), err());
    assertEquals(
        CompanionException.FAILED, run("report", "--system", "Host5", "--bridge", "0000:99:00.0"));
    assertTrue(err().contains("the host has no PCI function 0000:99:00.0"), err());
    assertEquals(List.of(), agent.reports);
  }

  @Test
  void a_command_line_without_an_agent_is_a_usage_error() {
    assertEquals(
        2, HostCompanion.run(companion(), new PrintStream(err), "report", "--system", "H"));
    assertTrue(err().contains("--agent"), err());
  }

  @Test
  void addresses_are_read_as_linux_writes_them() {
    assertEquals("0000:41:00.0", PciAddress.parse("41:00.0").toString());
    assertEquals("0001:c1:1f.7", PciAddress.parse("0001:C1:1f.7").toString());
    assertEquals(Optional.empty(), PciAddress.find("0000:41:00.0:pcie204"));
    assertEquals(Optional.empty(), PciAddress.find("0000:41:20.0"));
  }

  private int run(String... command) {
    List<String> args = new ArrayList<>(List.of(command));
    args.addAll(
        List.of(
            "--agent",
            "https://chassis.example:8443",
            "--user",
            "operator",
            "--password-file",
            dir.resolve("password").toString(),
            "--root",
            host.root.toString(),
            "--interval",
            "10ms"));
    return HostCompanion.run(companion(), new PrintStream(err, true), args.toArray(String[]::new));
  }

  private HostCompanion companion() {
    return new HostCompanion(options -> agent, command -> nvidiaSmi, new PrintStream(out, true));
  }

  private String out() {
    return out.toString(StandardCharsets.UTF_8);
  }

  private String err() {
    return err.toString(StandardCharsets.UTF_8);
  }
}

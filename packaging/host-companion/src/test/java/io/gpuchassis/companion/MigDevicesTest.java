package io.gpuchassis.companion;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** {@code nvidia-smi -L} outputs as hosts print them, with and without MIG devices. */
class MigDevicesTest {

  static final String A100 = "GPU-5a3c4d1e-8f90-4b2a-9c6d-0e1f2a3b4c5d";
  static final String H100 = "GPU-950792bf-a01c-3f1a-e122-3473e67f54b2";

  /** Two GPUs, the first split into a 3g.20gb and two 1g.5gb, the second into one 3g.40gb. */
  static final String TWO_GPUS_WITH_MIG =
      "GPU 0: NVIDIA A100-SXM4-40GB (UUID: "
          + A100
          + ")\n"
          + "  MIG 3g.20gb     Device  0: (UUID: MIG-c7384736-a75d-5afc-978f-d2f1294409fd)\n"
          + "  MIG 1g.5gb      Device  1: (UUID: MIG-a28ad590-3fda-56dd-84fc-0a0b96edc58d)\n"
          + "  MIG 1g.5gb      Device  2: (UUID: MIG-ffda444c-c706-57c6-98c9-67c441a0b109)\n"
          + "GPU 1: NVIDIA H100 80GB HBM3 (UUID: "
          + H100
          + ")\n"
          + "  MIG 3g.40gb     Device  0: (UUID: MIG-b3061c09-2a4c-5026-a575-79f86a5bb12c)\n";

  static final String NO_MIG =
      "GPU 0: NVIDIA A100-SXM4-40GB (UUID: "
          + A100
          + ")\n"
          + "GPU 1: NVIDIA H100 80GB HBM3 (UUID: "
          + H100
          + ")\n";

  @Test
  void each_gpus_mig_devices_are_matched_to_it_by_its_uuid() {
    Map<String, List<MigDevice>> byGpu = MigDevices.parse(TWO_GPUS_WITH_MIG);
    assertEquals(
        List.of(
            new MigDevice(0, "3g.20gb", "MIG-c7384736-a75d-5afc-978f-d2f1294409fd"),
            new MigDevice(1, "1g.5gb", "MIG-a28ad590-3fda-56dd-84fc-0a0b96edc58d"),
            new MigDevice(2, "1g.5gb", "MIG-ffda444c-c706-57c6-98c9-67c441a0b109")),
        byGpu.get(A100));
    assertEquals(
        List.of(new MigDevice(0, "3g.40gb", "MIG-b3061c09-2a4c-5026-a575-79f86a5bb12c")),
        byGpu.get(H100));
  }

  @Test
  void gpus_without_mig_have_none() {
    assertEquals(Map.of(A100, List.of(), H100, List.of()), MigDevices.parse(NO_MIG));
  }

  @Test
  void older_drivers_uuids_compute_instances_and_options_are_read() {
    String output =
        "GPU 0: A100-SXM4-40GB (UUID: "
            + A100
            + ")\n"
            + "  MIG 1c.3g.20gb   Device  0: (UUID: MIG-"
            + A100
            + "/1/0)\n"
            + "  MIG 1g.5gb+me    Device  1: (UUID: MIG-"
            + A100
            + "/9/0)\n";
    assertEquals(
        List.of(
            new MigDevice(0, "1c.3g.20gb", "MIG-" + A100 + "/1/0"),
            new MigDevice(1, "1g.5gb+me", "MIG-" + A100 + "/9/0")),
        MigDevices.parse(output).get(A100));
  }

  @Test
  void a_device_line_of_another_form_is_left_out_not_reported() {
    String output =
        "GPU 0: NVIDIA A100-SXM4-40GB (UUID: "
            + A100
            + ")\n"
            + "  MIG 3g.20gb     Device  0: (UUID: MIG-c7384736-a75d-5afc-978f-d2f1294409fd)\n"
            + "  MIG weird       Device  1: (UUID: MIG-a28ad590-3fda-56dd-84fc-0a0b96edc58d)\n";
    assertEquals(
        List.of(new MigDevice(0, "3g.20gb", "MIG-c7384736-a75d-5afc-978f-d2f1294409fd")),
        MigDevices.parse(output).get(A100));
  }

  @Test
  void nvidia_smi_is_run_as_nvidia_smi_dash_l_and_its_absence_means_no_devices() {
    List<List<String>> ran = new ArrayList<>();
    MigDevices devices =
        new MigDevices(
            command -> {
              ran.add(command);
              return Optional.of(TWO_GPUS_WITH_MIG);
            });
    assertEquals(3, devices.of(A100).size());
    assertEquals(List.of(), devices.of("GPU-00000000-0000-0000-0000-000000000000"));
    assertEquals(List.of("nvidia-smi", "-L"), ran.get(0));

    assertEquals(List.of(), new MigDevices(command -> Optional.empty()).of(A100));
  }

  @Test
  void a_missing_tool_gives_no_output_rather_than_an_error() {
    assertEquals(
        Optional.empty(),
        CommandRunner.processes(java.time.Duration.ofSeconds(5))
            .run(List.of("/nonexistent/nvidia-smi", "-L")));
  }
}

package io.gpuchassis.companion;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The MIG devices NVIDIA's driver has on the host's GPUs, from {@code nvidia-smi -L}: a line per
 * GPU, {@code GPU 0: NVIDIA A100-SXM4-40GB (UUID: GPU-...)}, followed by an indented line per MIG
 * device, {@code MIG 3g.20gb Device 0: (UUID: MIG-...)}. No nvidia-smi, or a GPU without MIG
 * devices, means none.
 */
final class MigDevices {

  static final List<String> COMMAND = List.of("nvidia-smi", "-L");

  private static final String UUID =
      "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}";

  private static final Pattern GPU =
      Pattern.compile("^GPU \\d+: .*\\(UUID: (GPU-[0-9a-fA-F-]+)\\)\\s*$");

  /**
   * Only the profile and UUID forms the agent takes ({@code 1c.3g.20gb}, {@code 1g.10gb+me}; {@code
   * MIG-<uuid>} or the older {@code MIG-GPU-<uuid>/<gi>/<ci>}): a device of another form is left
   * out rather than failing the whole report.
   */
  private static final Pattern MIG =
      Pattern.compile(
          "^\\s+MIG ((?:\\d{1,2}c\\.)?\\d{1,2}g\\.\\d{1,4}gb(?:\\+[a-z]{1,8}){0,4})\\s+"
              + "Device\\s+(\\d{1,2}|1[01]\\d|12[0-7]): \\(UUID: (MIG-"
              + UUID
              + "|MIG-GPU-"
              + UUID
              + "/\\d{1,3}/\\d{1,3})\\)\\s*$");

  private final CommandRunner commands;

  MigDevices(CommandRunner commands) {
    this.commands = commands;
  }

  /** The MIG devices of the GPU the driver names {@code gpuUuid} ({@code GPU-...}). */
  List<MigDevice> of(String gpuUuid) {
    return commands
        .run(COMMAND)
        .map(MigDevices::parse)
        .map(byGpu -> byGpu.getOrDefault(gpuUuid, List.of()))
        .orElse(List.of());
  }

  /** Each GPU's MIG devices, by the GPU's UUID; lines of any other form are skipped. */
  static Map<String, List<MigDevice>> parse(String output) {
    Map<String, List<MigDevice>> byGpu = new HashMap<>();
    List<MigDevice> current = null;
    for (String line : output.split("\\R")) {
      Matcher gpu = GPU.matcher(line);
      if (gpu.matches()) {
        current = new ArrayList<>();
        byGpu.put(gpu.group(1), current);
        continue;
      }
      Matcher mig = MIG.matcher(line);
      if (mig.matches() && current != null) {
        current.add(new MigDevice(Integer.parseInt(mig.group(2)), mig.group(1), mig.group(3)));
      }
    }
    Map<String, List<MigDevice>> result = new HashMap<>();
    byGpu.forEach((uuid, devices) -> result.put(uuid, List.copyOf(devices)));
    return result;
  }
}

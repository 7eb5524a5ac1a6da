package io.gpuchassis.agent.host;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A MIG device of a GPU as its host's NVIDIA driver lists it ({@code nvidia-smi -L}): its index on
 * the GPU, its profile ({@code 3g.20gb}) and its UUID ({@code MIG-<uuid>}, or {@code
 * MIG-GPU-<uuid>/<gi>/<ci>} from drivers before R470).
 */
public record MigPartition(int index, String profile, String uuid) {

  /** Compute slices (optional), GPU-instance slices, memory in GB, then options ({@code +me}). */
  public static final Pattern PROFILE =
      Pattern.compile("(?:\\d{1,2}c\\.)?\\d{1,2}g\\.(\\d{1,4})gb(?:\\+[a-z]{1,8}){0,4}");

  private static final String HEX_UUID =
      "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}";

  /** Today's form, and the older one named after the GPU and its instances. */
  public static final Pattern UUID =
      Pattern.compile("MIG-(" + HEX_UUID + ")|MIG-GPU-" + HEX_UUID + "/\\d{1,3}/\\d{1,3}");

  /** The most MIG devices a GPU can have (seven GPU instances, each split into compute ones). */
  public static final int MAX_INDEX = 127;

  /** The memory the profile gives the device, in GB as NVIDIA names it ({@code 20} of 3g.20gb). */
  public int memoryGB() {
    Matcher m = PROFILE.matcher(profile);
    return m.matches() ? Integer.parseInt(m.group(1)) : 0;
  }

  /** The UUID part of a {@code MIG-<uuid>}; the older form has no UUID of its own. */
  public Optional<java.util.UUID> ownUuid() {
    Matcher m = UUID.matcher(uuid);
    return m.matches() && m.group(1) != null
        ? Optional.of(java.util.UUID.fromString(m.group(1)))
        : Optional.empty();
  }

  /** One line per device, {@code index profile uuid}: none of the three holds a blank. */
  static String encode(List<MigPartition> partitions) {
    StringBuilder text = new StringBuilder();
    for (MigPartition p : partitions) {
      text.append(p.index()).append(' ').append(p.profile()).append(' ').append(p.uuid());
      text.append('\n');
    }
    return text.toString();
  }

  static List<MigPartition> decode(String text) {
    List<MigPartition> partitions = new ArrayList<>();
    if (text != null) {
      for (String line : text.split("\n")) {
        String[] f = line.split(" ");
        if (f.length == 3) {
          partitions.add(new MigPartition(Integer.parseInt(f[0]), f[1], f[2]));
        }
      }
    }
    return List.copyOf(partitions);
  }
}

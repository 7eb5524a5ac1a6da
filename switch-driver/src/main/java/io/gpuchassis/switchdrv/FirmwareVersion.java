package io.gpuchassis.switchdrv;

/**
 * A Switchtec firmware version word: major = bits 31:24, minor = 23:16, build = 15:0, printed as
 * {@code "%x.%02x B%03X"} (reference §2.2), e.g. {@code 0x0920004A} is "9.20 B04A".
 */
public record FirmwareVersion(int major, int minor, int build) {

  public FirmwareVersion {
    if (major < 0 || major > 0xFF || minor < 0 || minor > 0xFF || build < 0 || build > 0xFFFF) {
      throw new IllegalArgumentException("version field out of range");
    }
  }

  public static FirmwareVersion fromWord(int word) {
    return new FirmwareVersion(word >>> 24, (word >>> 16) & 0xFF, word & 0xFFFF);
  }

  /**
   * Parses the printed form, e.g. "9.20 B04A" (all fields hexadecimal, as printed by the tools).
   */
  public static FirmwareVersion parse(String text) {
    String[] parts = text.trim().split("[. ]+B?");
    if (parts.length != 3) {
      throw new IllegalArgumentException("not a firmware version: " + text);
    }
    return new FirmwareVersion(
        Integer.parseInt(parts[0], 16),
        Integer.parseInt(parts[1], 16),
        Integer.parseInt(parts[2], 16));
  }

  public int word() {
    return (major << 24) | (minor << 16) | build;
  }

  /**
   * The generation this firmware line belongs to: major 1-2 Gen3, 3-5 Gen4, 6-8 Gen5, 9-11 Gen6.
   */
  public Generation generation() {
    if (major <= 2) {
      return Generation.GEN3;
    } else if (major <= 5) {
      return Generation.GEN4;
    } else if (major <= 8) {
      return Generation.GEN5;
    }
    return Generation.GEN6;
  }

  @Override
  public String toString() {
    return String.format("%x.%02x B%03X", major, minor, build);
  }
}

package io.gpuchassis.switchdrv.command;

import io.gpuchassis.switchdrv.FirmwareType;
import io.gpuchassis.switchdrv.FirmwareVersion;
import io.gpuchassis.switchdrv.Generation;
import io.gpuchassis.switchdrv.SwitchException;
import io.gpuchassis.switchdrv.wire.Crc32;
import io.gpuchassis.switchdrv.wire.LeReader;
import io.gpuchassis.switchdrv.wire.LeWriter;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A Gen4-6 firmware image: 628-byte "MSCC" "_MD " metadata followed by the body (reference §2.8).
 * Metadata fields used: header_len @16 (body offset), image_len @24, type @28, version @36,
 * image_crc @0x54, xml_version @612, header_crc @0x270 (624).
 *
 * <p>The firmware's CRC algorithm is not public; image_crc (over the body) and header_crc (over
 * metadata bytes 0..623) use CRC-32/BZIP2, the simulator's documented convention.
 *
 * @param type partition type the image belongs in
 * @param typeCode raw metadata type code
 * @param version image version
 * @param headerLength body offset
 * @param imageLength body length
 * @param imageCrc declared body CRC
 * @param headerCrc declared metadata CRC
 * @param xmlVersion configuration/image compatibility version
 */
public record FirmwareImage(
    FirmwareType type,
    int typeCode,
    FirmwareVersion version,
    int headerLength,
    int imageLength,
    long imageCrc,
    long headerCrc,
    int xmlVersion) {

  public static final int METADATA_LENGTH = 628;
  static final int OFF_HEADER_LEN = 16;
  static final int OFF_IMAGE_LEN = 24;
  static final int OFF_TYPE = 28;
  static final int OFF_VERSION = 36;
  static final int OFF_IMAGE_CRC = 0x54;
  static final int OFF_XML_VERSION = 612;
  static final int OFF_HEADER_CRC = 0x270;

  /** Parses and checks the metadata of a whole image file. Throws PROTOCOL when malformed. */
  public static FirmwareImage parse(byte[] file, Generation gen) {
    FirmwareImage meta = parseMetadata(file, gen);
    if ((long) meta.headerLength() + meta.imageLength() > file.length) {
      throw new SwitchException(
          SwitchException.Kind.PROTOCOL, "image lengths inconsistent with the file size");
    }
    return meta;
  }

  /** Whether {@code block} starts with the "MSCC" "_MD " magic of a Gen4-6 image. */
  public static boolean hasMagic(byte[] block) {
    return block.length >= 8
        && "MSCC".equals(new String(block, 0, 4, StandardCharsets.US_ASCII))
        && "_MD ".equals(new String(block, 4, 4, StandardCharsets.US_ASCII));
  }

  /**
   * Parses the 628-byte metadata alone (as stored at the start of a partition, or as PART_INFO's
   * per-partition sub-command answers it). Throws PROTOCOL when malformed.
   */
  public static FirmwareImage parseMetadata(byte[] file, Generation gen) {
    if (file.length < METADATA_LENGTH) {
      throw new SwitchException(
          SwitchException.Kind.PROTOCOL, "image shorter than its 628-byte metadata");
    }
    if (!hasMagic(file)) {
      throw new SwitchException(SwitchException.Kind.PROTOCOL, "not an MSCC firmware image");
    }
    LeReader r = new LeReader(file, "image metadata");
    int headerLen = r.at(OFF_HEADER_LEN).i32();
    int imageLen = r.at(OFF_IMAGE_LEN).i32();
    int typeCode = r.at(OFF_TYPE).i32();
    int version = r.at(OFF_VERSION).i32();
    long imageCrc = r.at(OFF_IMAGE_CRC).u32();
    int xml = r.at(OFF_XML_VERSION).i32();
    long headerCrc = r.at(OFF_HEADER_CRC).u32();
    if (headerLen < METADATA_LENGTH || imageLen < 0) {
      throw new SwitchException(SwitchException.Kind.PROTOCOL, "image lengths inconsistent");
    }
    FirmwareType type;
    try {
      type = FirmwareType.fromImageTypeCode(typeCode, gen);
    } catch (IllegalArgumentException e) {
      throw new SwitchException(
          SwitchException.Kind.PROTOCOL, "image type " + typeCode + " unknown on " + gen);
    }
    return new FirmwareImage(
        type,
        typeCode,
        FirmwareVersion.fromWord(version),
        headerLen,
        imageLen,
        imageCrc,
        headerCrc,
        xml);
  }

  /** Whether the body CRC matches (simulator convention, CRC-32/BZIP2). */
  public static boolean bodyCrcMatches(byte[] file, FirmwareImage meta) {
    return Crc32.of(file, meta.headerLength(), meta.imageLength()) == meta.imageCrc();
  }

  /** Whether the metadata CRC matches (simulator convention). */
  public static boolean headerCrcMatches(byte[] file) {
    return Crc32.of(file, 0, OFF_HEADER_CRC)
        == new LeReader(file, "image").at(OFF_HEADER_CRC).u32();
  }

  /**
   * Builds an image file from a body, with both CRCs computed (for tests, demos and the simulator).
   */
  public static byte[] build(
      FirmwareType type, Generation gen, FirmwareVersion version, int xmlVersion, byte[] body) {
    byte[] file = new byte[METADATA_LENGTH + body.length];
    System.arraycopy("MSCC_MD ".getBytes(StandardCharsets.US_ASCII), 0, file, 0, 8);
    LeWriter.putU32(file, 8, 1);
    LeWriter.putU32(file, OFF_HEADER_LEN, METADATA_LENGTH);
    LeWriter.putU32(file, 20, METADATA_LENGTH);
    LeWriter.putU32(file, OFF_IMAGE_LEN, body.length);
    LeWriter.putU32(file, OFF_TYPE, type.imageTypeCode(gen));
    LeWriter.putU32(file, OFF_VERSION, version.word());
    byte[] name = ("sim-" + type).getBytes(StandardCharsets.US_ASCII);
    System.arraycopy(name, 0, file, 64, Math.min(16, name.length));
    System.arraycopy(body, 0, file, METADATA_LENGTH, body.length);
    LeWriter.putU32(file, OFF_IMAGE_CRC, Crc32.of(body));
    LeWriter.putU32(file, OFF_XML_VERSION, xmlVersion);
    LeWriter.putU32(file, OFF_HEADER_CRC, Crc32.of(file, 0, OFF_HEADER_CRC));
    return file;
  }

  /** The body bytes of a parsed file. */
  public static byte[] body(byte[] file, FirmwareImage meta) {
    return Arrays.copyOfRange(file, meta.headerLength(), meta.headerLength() + meta.imageLength());
  }
}

package io.gpuchassis.switchdrv.command;

import io.gpuchassis.switchdrv.Generation;
import io.gpuchassis.switchdrv.mrpc.CommandIds;
import java.util.Optional;

/**
 * PART_INFO 0x2B per-partition metadata (reference §2.8; switchtec-user lib/fw.c
 * switchtec_fw_info_metadata_gen4/5/6): payload {sub u8, part_id u8} with sub 1 on Gen4, 5 on Gen5,
 * 9 on Gen6 and part_id the record index of {@link PartInfo#partitionId}; output the 628-byte image
 * metadata stored at the start of the partition (struct switchtec_fw_metadata_gen4/5/6: magic
 * "MSCC", sub_magic "_MD ", header_len @16, image_len @24, type @28, version @36, image_crc @0x54,
 * xml_version @612, header_crc @0x270). Decodes to empty when the partition holds no image (no
 * magic).
 */
public record PartMetadata(Generation generation, int partitionId)
    implements MrpcCommand<Optional<FirmwareImage>> {

  /** The metadata sub-command of {@code gen}. */
  public static int subCommand(Generation gen) {
    return gen == Generation.GEN6 ? 9 : gen == Generation.GEN5 ? 5 : 1;
  }

  @Override
  public int commandId() {
    return CommandIds.PART_INFO;
  }

  @Override
  public byte[] payload() {
    return new byte[] {(byte) subCommand(generation), (byte) partitionId};
  }

  @Override
  public int outputLength() {
    return FirmwareImage.METADATA_LENGTH;
  }

  @Override
  public Optional<FirmwareImage> decode(byte[] output) {
    Payloads.requireLength(output, outputLength(), "PART_INFO metadata");
    if (!FirmwareImage.hasMagic(output)) {
      return Optional.empty();
    }
    return Optional.of(FirmwareImage.parseMetadata(output, generation));
  }
}

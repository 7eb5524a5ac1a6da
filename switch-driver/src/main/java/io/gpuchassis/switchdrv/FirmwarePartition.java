package io.gpuchassis.switchdrv;

import java.util.Optional;

/**
 * One flash partition as PART_INFO reports it.
 *
 * @param type partition type
 * @param copy 0 or 1 (the A/B copy)
 * @param imageCrc CRC of the stored image (0xFFFFFFFF when nothing valid is stored)
 * @param imageLength stored image length in bytes
 * @param imageVersion the 16-bit image version field of the partition record
 * @param valid the stored image passed its checks
 * @param active this copy boots next time
 * @param running this copy is the one running now
 * @param readOnly the partition is write-protected
 * @param start flash address where the partition starts
 * @param sizeBytes partition size in bytes
 * @param version the full version from the image's metadata (PART_INFO per-partition sub-command),
 *     when it was read
 */
public record FirmwarePartition(
    FirmwareType type,
    int copy,
    long imageCrc,
    long imageLength,
    int imageVersion,
    boolean valid,
    boolean active,
    boolean running,
    boolean readOnly,
    long start,
    long sizeBytes,
    Optional<FirmwareVersion> version) {

  /** A record from the flash table alone, without metadata. */
  public FirmwarePartition(
      FirmwareType type,
      int copy,
      long imageCrc,
      long imageLength,
      int imageVersion,
      boolean valid,
      boolean active,
      boolean running,
      boolean readOnly,
      long start,
      long sizeBytes) {
    this(
        type,
        copy,
        imageCrc,
        imageLength,
        imageVersion,
        valid,
        active,
        running,
        readOnly,
        start,
        sizeBytes,
        Optional.empty());
  }

  /**
   * This record completed by the image's metadata: the full version, and the record's 16-bit
   * version (major, minor) taken from it when the flash table left it 0.
   */
  public FirmwarePartition withMetadataVersion(FirmwareVersion v) {
    return new FirmwarePartition(
        type,
        copy,
        imageCrc,
        imageLength,
        imageVersion != 0 ? imageVersion : v.word() >>> 16,
        valid,
        active,
        running,
        readOnly,
        start,
        sizeBytes,
        Optional.of(v));
  }
}

package io.gpuchassis.switchdrv;

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
    long sizeBytes) {}

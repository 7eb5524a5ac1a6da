package io.gpuchassis.agent.ethernet;

/**
 * One entry of a RoCE port's GID table, as sysfs shows it: what a peer addresses the port's queue
 * pairs by.
 *
 * @param index the entry's index in the table (the GID index an application passes)
 * @param gid the GID, eight groups of four hex digits ({@code fe80:0000:...})
 * @param type {@code IB/RoCE v1} or {@code RoCE v2}, as {@code gid_attrs/types/<index>} says
 */
public record RoceGid(int index, String gid, String type) {}

package io.gpuchassis.switchdrv.expether;

/** The group IDs the manager gives a meaning to. */
public final class EemGroups {

  /** Where a detached I/O engine goes: the free pool. */
  public static final int FREE_IO = 4093;

  /** Where a host engine without a group of its own sits. */
  public static final int UNASSIGNED_HOST = 4094;

  /** The lowest group ID a host and its devices may share (NEC's EEM client's bound). */
  public static final int FIRST_ASSIGNABLE = 16;

  /** The highest group ID a host and its devices may share (NEC's EEM client's bound). */
  public static final int LAST_ASSIGNABLE = 4092;

  private EemGroups() {}

  /** True for a group a host and its I/O engines may share. */
  public static boolean assignable(int group) {
    return group >= FIRST_ASSIGNABLE && group <= LAST_ASSIGNABLE;
  }
}

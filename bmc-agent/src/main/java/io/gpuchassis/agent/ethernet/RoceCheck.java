package io.gpuchassis.agent.ethernet;

import io.gpuchassis.agent.config.RoceProfile;
import io.gpuchassis.agent.ethernet.RoceToolOutput.DscpEntry;
import io.gpuchassis.agent.ethernet.RoceToolOutput.RootQdisc;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * One check of a port's RoCE profile ({@link RoceProfileApplier#check}): each item as it was found
 * and what became of it, and the port's state as read back last.
 *
 * @param at when the check ended
 * @param profile the profile the port was checked against
 * @param items the four items, in {@link Item} order
 * @param mtu the MTU read back, when {@code ip} answered
 * @param dscp the DSCP entries of the application table read back, when {@code dcb} answered
 * @param pfc the priorities PFC is enabled on as read back, when {@code dcb} answered
 * @param root the root qdisc read back, when {@code tc} answered
 */
public record RoceCheck(
    Instant at,
    RoceProfile profile,
    List<ItemResult> items,
    OptionalInt mtu,
    Optional<List<DscpEntry>> dscp,
    Optional<Set<Integer>> pfc,
    Optional<RootQdisc> root) {

  public RoceCheck {
    items = List.copyOf(items);
  }

  /** An item of the profile, as Redfish names it. */
  public enum Item {
    MTU("MTU"),
    DSCP_MAP("DSCPMap"),
    PFC("PFC"),
    ECN("ECN");

    private final String redfish;

    Item(String redfish) {
      this.redfish = redfish;
    }

    public String redfish() {
      return redfish;
    }
  }

  /** What a check made of an item. */
  public enum ItemState {
    /** Read back as the profile says; nothing was changed. */
    IN_SYNC("InSync"),
    /** Found otherwise, applied, and read back as the profile says. */
    CORRECTED("Corrected"),
    /** Applied without an error, yet read back otherwise (the driver did not take it). */
    DRIFTED("Drifted"),
    /** A tool failed: not installed, refused, or the driver does not support it. */
    FAILED("Failed");

    private final String redfish;

    ItemState(String redfish) {
      this.redfish = redfish;
    }

    public String redfish() {
      return redfish;
    }
  }

  /**
   * @param found what the port had when it differed from the profile (empty when in sync or
   *     unreadable)
   * @param message why the item failed or drifted (the tool's own message where it gave one)
   */
  public record ItemResult(
      Item item, ItemState state, Optional<String> found, Optional<String> message) {}

  /** The port's profile as a whole, as Redfish names it. */
  public enum ProfileState {
    APPLIED("Applied"),
    DRIFTED("Drifted"),
    FAILED("Failed");

    private final String redfish;

    ProfileState(String redfish) {
      this.redfish = redfish;
    }

    public String redfish() {
      return redfish;
    }
  }

  /** Failed when an item failed, else Drifted when one reads back otherwise, else Applied. */
  public ProfileState state() {
    if (items.stream().anyMatch(i -> i.state() == ItemState.FAILED)) {
      return ProfileState.FAILED;
    }
    if (items.stream().anyMatch(i -> i.state() == ItemState.DRIFTED)) {
      return ProfileState.DRIFTED;
    }
    return ProfileState.APPLIED;
  }

  /** The items this check found differing from the profile (corrected or not). */
  public List<ItemResult> differing() {
    return items.stream().filter(i -> i.found().isPresent()).toList();
  }

  /** The priority the port maps {@code dscp} to as read back, when it maps it to exactly one. */
  public OptionalInt priorityOf(int dscp) {
    if (this.dscp.isEmpty()) {
      return OptionalInt.empty();
    }
    List<DscpEntry> entries = this.dscp.get().stream().filter(e -> e.dscp() == dscp).toList();
    return entries.size() == 1 ? OptionalInt.of(entries.get(0).priority()) : OptionalInt.empty();
  }
}

package io.gpuchassis.agent.board;

import io.gpuchassis.agent.board.BoardDocument.DeviceEntry;
import io.gpuchassis.agent.board.BoardDocument.MuxEntry;
import io.gpuchassis.agent.board.BoardDocument.PathKeys;
import io.gpuchassis.agent.board.BoardDocument.Root;
import io.gpuchassis.agent.board.BoardDocument.SlotEntry;
import io.gpuchassis.agent.board.BoardDocument.SwitchEntry;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The I2C tree: mux entries, every I2C path in the file (devices, switch management interfaces, GPU
 * sidebands), and that no two devices answer at one address on wires they share (see {@link
 * BusTree} for when wires are shared).
 */
final class I2cRules {

  // 0x00-0x07 and 0x78-0x7F are reserved by the I2C specification
  private static final int FIRST_ADDRESS = 0x08;
  private static final int LAST_ADDRESS = 0x77;
  static final int PCA9548_CHANNELS = 8;

  /** Something that answers on the buses, for the address conflict check. */
  private record Claim(KeyPath at, String who, I2cPath path, Optional<BusTree.Position> position) {

    String label() {
      return at + " (" + who + ")";
    }
  }

  private final Root root;
  private final DocumentIndex index;
  private final Checks checks;
  private final List<Claim> claims = new ArrayList<>();

  private I2cRules(Root root, DocumentIndex index, Checks checks) {
    this.root = root;
    this.index = index;
    this.checks = checks;
  }

  static void check(Root root, DocumentIndex index, Checks checks) {
    I2cRules rules = new I2cRules(root, index, checks);
    rules.checkIds();
    BusTree tree = new BusTree(rules.checkMuxes());
    rules.checkMuxLoops(tree);
    rules.checkPaths(tree);
    rules.checkAddressConflicts();
  }

  /** Muxes and devices share one id space: references name them by id alone. */
  private void checkIds() {
    Map<String, KeyPath> firstUse = new HashMap<>();
    for (int i = 0; i < root.muxes().size(); i++) {
      checkId(root.muxes().get(i).id(), KeyPath.of("i2c").key("muxes").index(i), firstUse);
    }
    for (int i = 0; i < root.devices().size(); i++) {
      checkId(root.devices().get(i).id(), KeyPath.of("i2c").key("devices").index(i), firstUse);
    }
  }

  private void checkId(String id, KeyPath at, Map<String, KeyPath> firstUse) {
    if (checks.requireText(id, at.key("id"))) {
      KeyPath first = firstUse.putIfAbsent(id, at);
      if (first != null) {
        checks.problem(at.key("id"), "duplicate id '" + id + "' (also " + first + ")");
      }
    }
  }

  /** The muxes whose own keys are valid: only those are used to resolve the paths through them. */
  private List<MuxEntry> checkMuxes() {
    List<MuxEntry> usable = new ArrayList<>();
    Map<Integer, String> kernelBusOwners = new HashMap<>();
    for (int i = 0; i < root.muxes().size(); i++) {
      MuxEntry mux = root.muxes().get(i);
      KeyPath at = KeyPath.of("i2c").key("muxes").index(i);
      boolean ok = true;
      if (!mux.part().equals(I2cPart.PCA9548.fileName())) {
        checks.problem(
            at.key("part"),
            "unknown mux part '" + mux.part() + "'; mux parts are: " + I2cPart.PCA9548);
        ok = false;
      }
      ok &= checks.requireAtLeastZero(mux.bus(), at.key("bus"));
      ok &= requireAddress(mux.address(), at.key("address"));
      ok &= checkKernelBuses(mux, at, kernelBusOwners);
      if (ok && index.mux(mux.id()).orElse(null) == mux) {
        usable.add(mux);
      }
    }
    return usable;
  }

  private boolean checkKernelBuses(MuxEntry mux, KeyPath at, Map<Integer, String> owners) {
    if (mux.kernelBuses() == null) {
      return true;
    }
    List<Integer> buses = mux.kernelBuses();
    KeyPath listAt = at.key("kernelBuses");
    if (buses.size() != PCA9548_CHANNELS) {
      checks.problem(
          listAt,
          "a pca9548 has "
              + PCA9548_CHANNELS
              + " channels: list the bus number the kernel gives"
              + " each, "
              + PCA9548_CHANNELS
              + " numbers, got "
              + buses.size());
      return false;
    }
    boolean ok = true;
    for (int channel = 0; channel < buses.size(); channel++) {
      int bus = buses.get(channel);
      KeyPath busAt = listAt.index(channel);
      if (!checks.requireAtLeastZero(bus, busAt)) {
        ok = false;
      } else if (bus == mux.bus()) {
        checks.problem(
            busAt,
            "bus " + bus + " is the bus the mux sits on; each channel gets a bus of its own");
        ok = false;
      } else {
        String owner = owners.putIfAbsent(bus, "channel " + channel + " of mux " + mux.id());
        if (owner != null) {
          checks.problem(busAt, "bus " + bus + " is already " + owner);
          ok = false;
        }
      }
    }
    return ok;
  }

  /**
   * A mux that sits on a bus made by its own channels (directly or through other muxes) cannot
   * exist.
   */
  private void checkMuxLoops(BusTree tree) {
    for (int i = 0; i < root.muxes().size(); i++) {
      MuxEntry mux = root.muxes().get(i);
      if (tree.knowsMux(mux.id()) && tree.positionOfBus(mux.bus()).isEmpty()) {
        checks.problem(
            KeyPath.of("i2c").key("muxes").index(i).key("bus"),
            "bus "
                + mux.bus()
                + " is made by the channels of this mux, directly or through other muxes: the muxes form a loop");
      }
    }
  }

  /**
   * Every I2C path of the file, in file order, so that a conflict is reported at the later entry.
   */
  private void checkPaths(BusTree tree) {
    for (int i = 0; i < root.switches().size(); i++) {
      SwitchEntry chip = root.switches().get(i);
      if (chip.i2c() != null) {
        claim(
            chip.i2c(),
            KeyPath.of("switches").index(i).key("i2c"),
            "switch " + chip.id(),
            tree,
            false);
      }
    }
    for (int i = 0; i < root.slots().size(); i++) {
      SlotEntry slot = root.slots().get(i);
      if (slot.sideband() != null) {
        claim(
            slot.sideband(),
            KeyPath.of("slots").index(i).key("sideband"),
            "GPU of slot " + slot.id(),
            tree,
            true);
      }
    }
    for (int i = 0; i < root.muxes().size(); i++) {
      MuxEntry mux = root.muxes().get(i);
      if (tree.knowsMux(mux.id()) && index.mux(mux.id()).orElse(null) == mux) {
        I2cPath path = I2cPath.direct(mux.bus(), mux.address().value());
        claims.add(
            new Claim(
                KeyPath.of("i2c").key("muxes").index(i),
                "mux " + mux.id(),
                path,
                tree.positionOfBus(mux.bus())));
      }
    }
    for (int i = 0; i < root.devices().size(); i++) {
      DeviceEntry device = root.devices().get(i);
      claim(
          device,
          KeyPath.of("i2c").key("devices").index(i),
          device.part() + " " + device.id(),
          tree,
          false);
    }
  }

  /**
   * @param agentMuxAllowed whether the agent may switch a mux for it: only GPU sidebands, whose
   *     driver selects the channel around each transfer; the other drivers address a bus of their
   *     own
   */
  private void claim(PathKeys keys, KeyPath at, String who, BusTree tree, boolean agentMuxAllowed) {
    if (checkPathKeys(keys, at, tree)) {
      I2cPath path = tree.resolve(keys);
      if (!agentMuxAllowed && path.mux().isPresent()) {
        checks.problem(
            at.key("mux"),
            who
                + " is behind mux '"
                + path.mux().get().muxId()
                + "', which has no"
                + " kernelBuses: only GPU sidebands may sit behind a mux the agent switches; give the mux kernelBuses so"
                + " that the kernel's i2c-mux-pca954x owns it");
        return;
      }
      claims.add(new Claim(at, who, path, tree.positionOf(path)));
    }
  }

  /**
   * Whether {@code keys} are one valid form; reports what is not. True only if the path can be
   * resolved.
   */
  private boolean checkPathKeys(PathKeys keys, KeyPath at, BusTree tree) {
    boolean ok = requireAddress(keys.address(), at.key("address"));
    if (keys.bus() != null) {
      if (keys.mux() != null) {
        checks.problem(at.key("mux"), "give either bus, or mux and channel, not both");
        return false;
      }
      if (keys.channel() != null) {
        checks.problem(
            at.key("channel"),
            "a channel needs a mux; a device on bus " + keys.bus() + " has none");
        return false;
      }
      return checks.requireAtLeastZero(keys.bus(), at.key("bus")) && ok;
    }
    if (keys.mux() == null) {
      checks.problem(at, "say where the device is: give bus, or mux and channel");
      return false;
    }
    Optional<MuxEntry> mux = index.mux(keys.mux());
    if (mux.isEmpty()) {
      checks.problem(
          at.key("mux"),
          "unknown mux '"
              + keys.mux()
              + "'; "
              + (index.muxIds().isEmpty()
                  ? "there are no muxes under i2c.muxes"
                  : "muxes are: " + index.muxIds()));
      return false;
    }
    if (keys.channel() == null) {
      checks.problem(
          at.key("mux"),
          "a device behind mux '"
              + keys.mux()
              + "' needs its channel (0-"
              + (PCA9548_CHANNELS - 1)
              + ")");
      return false;
    }
    if (keys.channel() < 0 || keys.channel() >= PCA9548_CHANNELS) {
      checks.problem(
          at.key("channel"),
          "mux '"
              + keys.mux()
              + "' (pca9548) has channels 0-"
              + (PCA9548_CHANNELS - 1)
              + ", got "
              + keys.channel());
      return false;
    }
    // a mux with invalid keys of its own is reported at the mux; paths through it are not followed
    return ok && tree.knowsMux(keys.mux());
  }

  private boolean requireAddress(HexNumber address, KeyPath at) {
    if (address.value() < FIRST_ADDRESS || address.value() > LAST_ADDRESS) {
      checks.problem(
          at, HexIds.format(address.value(), 2) + " is not a 7-bit device address (0x08..0x77)");
      return false;
    }
    return true;
  }

  /**
   * Two devices answering one address on shared wires would corrupt each other's transfers. Each
   * claim is held against the earlier claims of its address, in file order: only those can collide,
   * so devices at different addresses are never compared (this runs at every start, before the JIT
   * has compiled it).
   */
  private void checkAddressConflicts() {
    Map<Integer, List<Claim>> earlierAt = new HashMap<>();
    for (Claim claim : claims) {
      List<Claim> earlier =
          earlierAt.computeIfAbsent(claim.path().address(), a -> new ArrayList<>());
      for (Claim other : earlier) {
        if (shareWires(claim, other)) {
          checks.problem(claim.at().key("address"), conflict(claim, other));
          break;
        }
      }
      earlier.add(claim);
    }
  }

  /** Two claims of one address. */
  private static boolean shareWires(Claim a, Claim b) {
    // a position is unknown only below a loop of muxes, which is reported at the mux
    return a.position().isPresent()
        && b.position().isPresent()
        && a.position().get().sharesWiresWith(b.position().get());
  }

  private static String conflict(Claim claim, Claim other) {
    if (claim.position().equals(other.position())) {
      return claim.path().describe() + " is already used by " + other.label();
    }
    return claim.path().describe()
        + " collides with "
        + other.label()
        + " at "
        + other.path().describe()
        + ": a selected mux channel joins their wires";
  }
}

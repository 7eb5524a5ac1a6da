package io.gpuchassis.agent.chassis;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * A switch port that the chassis wiring uses: it feeds a GPU slot, is cabled to a host, or joins
 * another switch chip. Ports the wiring does not use are not managed.
 *
 * @param label what a technician calls it: {@code Slot 3}, {@code Host1}, {@code Link to SW2}
 * @param linkExpected whether a link should be up here (a slot with a GPU, a host cable, an
 *     inter-switch link)
 * @param expectedGeneration the PCIe generation the link should train to: the lower of what the
 *     port and the device at its other end can do (an L40S is Gen4 in a Gen5 slot)
 * @param expectedWidth the width the link should train to, likewise
 * @param farEnd for an inter-switch link, the switch and port at the other end
 */
public record WiredPort(
    String switchId,
    int port,
    Role role,
    String label,
    int lanes,
    int maxGeneration,
    boolean linkExpected,
    int expectedGeneration,
    int expectedWidth,
    Optional<SwitchPortRef> farEnd) {

  /** What the port is wired to. */
  public enum Role {
    SLOT,
    HOST,
    INTER_SWITCH
  }

  /** The raw bit rate of one lane by PCIe generation (index), in Gbit/s. */
  private static final double[] GTS_PER_LANE = {0, 2.5, 5, 8, 16, 32, 64};

  /** A link's raw speed, as Redfish's {@code CurrentSpeedGbps} and {@code MaxSpeedGbps} give it. */
  public static double speedGbps(int generation, int lanes) {
    return GTS_PER_LANE[generation] * lanes;
  }

  /** One end of an inter-switch link. */
  public record SwitchPortRef(String switchId, int port) {}

  /** The wired ports of {@code switchId}, ordered by port number. */
  public static List<WiredPort> of(ChassisState state, String switchId) {
    List<WiredPort> ports = new ArrayList<>();
    for (Slot slot : state.slots()) {
      if (slot.switchId().equals(switchId)) {
        int generation =
            slot.gpu().map(g -> Math.min(g.maxPcieGeneration(), slot.pcieGeneration())).orElse(0);
        int width = slot.gpu().map(g -> Math.min(g.maxLanes(), slot.lanes())).orElse(0);
        ports.add(
            new WiredPort(
                switchId,
                slot.port(),
                Role.SLOT,
                "Slot " + slot.number(),
                slot.lanes(),
                slot.pcieGeneration(),
                slot.occupied(),
                generation,
                width,
                Optional.empty()));
      }
    }
    for (HostPort host : state.hosts()) {
      // An Ethernet host has no switch port (its switch id is empty)
      if (!host.overEthernet() && host.switchId().equals(switchId)) {
        ports.add(
            new WiredPort(
                switchId,
                host.port(),
                Role.HOST,
                host.id(),
                host.lanes(),
                host.pcieGeneration(),
                true,
                host.pcieGeneration(),
                host.lanes(),
                Optional.empty()));
      }
    }
    for (InterSwitchLink link : state.interSwitchLinks()) {
      if (link.switchA().equals(switchId)) {
        ports.add(interSwitch(switchId, link.portA(), link.switchB(), link.portB(), link));
      }
      if (link.switchB().equals(switchId)) {
        ports.add(interSwitch(switchId, link.portB(), link.switchA(), link.portA(), link));
      }
    }
    ports.sort(Comparator.comparingInt(WiredPort::port));
    return List.copyOf(ports);
  }

  /** Whether {@code link} is up but narrower or slower than this port should train to. */
  public boolean degraded(PortLink link) {
    return link.up() && (link.width() < expectedWidth || link.generation() < expectedGeneration);
  }

  public static Optional<WiredPort> find(ChassisState state, String switchId, int port) {
    return of(state, switchId).stream().filter(p -> p.port() == port).findFirst();
  }

  private static WiredPort interSwitch(
      String switchId, int port, String farSwitch, int farPort, InterSwitchLink link) {
    return new WiredPort(
        switchId,
        port,
        Role.INTER_SWITCH,
        "Link to " + farSwitch,
        link.lanes(),
        link.generation(),
        true,
        link.generation(),
        link.lanes(),
        Optional.of(new SwitchPortRef(farSwitch, farPort)));
  }
}

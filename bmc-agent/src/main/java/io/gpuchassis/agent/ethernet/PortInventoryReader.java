package io.gpuchassis.agent.ethernet;

import java.io.IOException;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads the inventory of every data-path port: {@code ethtool -m <if>} and {@code ethtool -i <if>}
 * per port, and once for all of them {@code lldpcli -f json0 show neighbors details}. Blocks on the
 * tools (each has the runner's timeout), so never on an event loop. A tool that fails leaves its
 * part absent: a port without a module ({@code Cannot get module EEPROM information}), a board
 * without lldpd.
 */
public final class PortInventoryReader {

  static final List<String> LLDP_NEIGHBORS =
      List.of("lldpcli", "-f", "json0", "show", "neighbors", "details");

  private final ToolRunner tools;
  private final Clock clock;

  public PortInventoryReader(ToolRunner tools, Clock clock) {
    this.tools = tools;
    this.clock = clock;
  }

  /** Every port's inventory, in the order given. */
  public List<PortInventory> read(List<DataPort> ports) {
    Optional<Map<String, LldpNeighbor>> lldp = lldp();
    return ports.stream()
        .map(
            p ->
                new PortInventory(
                    p,
                    run("ethtool", "-m", p.netdev()).flatMap(EthtoolModule::parse),
                    run("ethtool", "-i", p.netdev()).flatMap(NicDriver::parse),
                    lldp.map(n -> Optional.ofNullable(n.get(p.netdev()))),
                    Optional.of(clock.instant())))
        .toList();
  }

  private Optional<Map<String, LldpNeighbor>> lldp() {
    try {
      return Optional.of(LldpNeighbors.parse(tools.run(LLDP_NEIGHBORS)));
    } catch (IOException | IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  private Optional<String> run(String... command) {
    try {
      return Optional.of(tools.run(List.of(command)));
    } catch (IOException e) {
      return Optional.empty();
    }
  }
}

package io.gpuchassis.agent.ethernet;

import io.gpuchassis.agent.board.BoardDescription;
import java.util.List;

/** The data-path ports a board file names, as the monitors know them. */
public final class BoardDataPorts {

  private BoardDataPorts() {}

  /**
   * Every port of every adapter, in the file's order; a port is its own network device function
   * (each port of a ConnectX NIC is a PCI function of its own), so the function is named as the
   * port.
   */
  public static List<DataPort> of(BoardDescription board) {
    return ports(board, false);
  }

  /** The ports the board file marks {@code roce: true}, in the file's order. */
  public static List<DataPort> roce(BoardDescription board) {
    return ports(board, true);
  }

  private static List<DataPort> ports(BoardDescription board, boolean roceOnly) {
    return board.networkAdapters().stream()
        .flatMap(
            a ->
                a.ports().stream()
                    .filter(p -> !roceOnly || p.roce())
                    .map(
                        p ->
                            new DataPort(
                                a.id(),
                                p.id(),
                                p.id(),
                                p.netdev(),
                                p.rdmaDevice(),
                                p.rdmaPort(),
                                p.speedGbps() * 1000)))
        .toList();
  }
}

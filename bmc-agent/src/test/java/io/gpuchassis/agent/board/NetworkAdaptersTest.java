package io.gpuchassis.agent.board;

import static io.gpuchassis.agent.board.BoardYaml.VALID;
import static io.gpuchassis.agent.board.BoardYaml.load;
import static io.gpuchassis.agent.board.BoardYaml.loadFails;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The board file's {@code networkAdapters:} section: the chassis's own data-path ports. */
class NetworkAdaptersTest {

  private static final String ONE =
      "networkAdapters:\n"
          + "  - id: NIC1\n"
          + "    manufacturer: NVIDIA\n"
          + "    ports:\n"
          + "      - {id: '1', interface: enp65s0f0np0, rdmaDevice: mlx5_0, speedGbps: 100}\n"
          + "      - {id: '2', interface: enp65s0f1np1, rdmaDevice: mlx5_1, rdmaPort: 1,"
          + " speedGbps: 100, lanes: 4}\n";

  @TempDir Path dir;

  @Test
  void a_board_without_the_section_has_no_data_ports() {
    assertEquals(List.of(), load(dir, VALID).networkAdapters());
  }

  @Test
  void the_ports_are_read_in_order_and_the_rdma_port_defaults_to_1() {
    NetworkAdapter nic = load(dir, VALID + ONE).networkAdapters().get(0);
    assertEquals("NIC1", nic.id());
    assertEquals(Optional.of("NVIDIA"), nic.manufacturer());
    assertEquals(Optional.empty(), nic.model());
    assertEquals(
        List.of(
            new NetworkAdapter.Port("1", "enp65s0f0np0", "mlx5_0", 1, 100, OptionalInt.empty()),
            new NetworkAdapter.Port("2", "enp65s0f1np1", "mlx5_1", 1, 100, OptionalInt.of(4))),
        nic.ports());
  }

  @Test
  void a_port_carries_roce_where_the_file_says_so_and_only_there() {
    BoardDescription board =
        load(
            dir,
            VALID
                + ONE.replace(
                    "speedGbps: 100, lanes: 4}", "speedGbps: 100, lanes: 4, roce: true}"));
    List<NetworkAdapter.Port> ports = board.networkAdapters().get(0).ports();
    assertEquals(List.of(false, true), ports.stream().map(NetworkAdapter.Port::roce).toList());
    assertEquals(
        List.of("enp65s0f1np1"),
        io.gpuchassis.agent.ethernet.BoardDataPorts.roce(board).stream()
            .map(io.gpuchassis.agent.ethernet.DataPort::netdev)
            .toList());
    assertEquals(2, io.gpuchassis.agent.ethernet.BoardDataPorts.of(board).size());
    BoardException e =
        loadFails(dir, VALID + ONE.replace("lanes: 4}", "lanes: 4, roce: sometimes}"));
    assertTrue(e.getMessage().contains("roce"), e.getMessage());
  }

  @Test
  void the_reference_boards_nic_carries_roce_on_both_ports() {
    assertEquals(
        List.of("enp65s0f0np0", "enp65s0f1np1"),
        io.gpuchassis.agent.ethernet.BoardDataPorts.roce(BoardDescription.reference()).stream()
            .map(io.gpuchassis.agent.ethernet.DataPort::netdev)
            .toList());
  }

  @Test
  void an_interface_given_twice_is_refused_at_its_second_port() {
    BoardException e = loadFails(dir, VALID + ONE.replace("enp65s0f1np1", "enp65s0f0np0"));
    assertTrue(
        e.getMessage().contains("networkAdapters[0].ports[1].interface: enp65s0f0np0 is given"),
        e.getMessage());
  }

  @Test
  void a_path_as_interface_or_rdma_device_is_refused() {
    BoardException e =
        loadFails(dir, VALID + ONE.replace("enp65s0f0np0", "../x").replace("mlx5_1", ".."));
    assertTrue(e.getMessage().contains("'../x' is not an interface name"), e.getMessage());
    assertTrue(e.getMessage().contains("'..' is not an RDMA device name"), e.getMessage());
  }

  @Test
  void a_speed_out_of_range_a_bad_id_and_a_missing_interface_are_named() {
    BoardException e = loadFails(dir, VALID + ONE.replace("speedGbps: 100}\n", "speedGbps: 0}\n"));
    assertTrue(e.getMessage().contains("speedGbps: must lie between 1 and 800"), e.getMessage());
    e = loadFails(dir, VALID + ONE.replace("lanes: 4", "lanes: 3"));
    assertTrue(e.getMessage().contains("3 is not a port's lane count"), e.getMessage());
    e = loadFails(dir, VALID + ONE.replace("id: NIC1", "id: NIC/1"));
    assertTrue(e.getMessage().contains("'NIC/1' is not an id"), e.getMessage());
    e = loadFails(dir, VALID + ONE.replace("interface: enp65s0f0np0, ", ""));
    assertTrue(e.getMessage().contains("interface: missing required key"), e.getMessage());
  }
}

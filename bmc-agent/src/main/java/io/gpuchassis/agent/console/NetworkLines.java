package io.gpuchassis.agent.console;

import io.gpuchassis.agent.console.view.NetworkView;
import io.gpuchassis.agent.network.ManagementNetwork;
import java.util.List;

/**
 * {@code show network}: the management port as the operating system has it, read as Redfish reads
 * it.
 */
final class NetworkLines {

  private NetworkLines() {}

  static List<String> of(ConsoleServices services) {
    return NetworkView.render(ManagementNetwork.ofHost().read());
  }
}

package io.gpuchassis.agent.redfish.managers;

import java.util.List;
import java.util.function.IntSupplier;

/**
 * What the Manager's resources need from the agent's assembly beyond the chassis: where it listens,
 * where its consoles run, and how it restarts.
 *
 * @param httpsPort the port of the HTTPS server (known once it listens)
 * @param consoleDevices the serial devices the technician's consoles run on ({@code stdio} is no
 *     serial interface and is left out here)
 * @param consoleBaud their speed (8N1, no flow control)
 * @param restart how Manager.Reset restarts the agent
 */
public record ManagerSetup(
    IntSupplier httpsPort, List<String> consoleDevices, int consoleBaud, ManagerRestart restart) {

  public ManagerSetup {
    consoleDevices = List.copyOf(consoleDevices);
  }
}

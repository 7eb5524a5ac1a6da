package io.gpuchassis.agent.ethernet;

/**
 * Where a port monitor gets its readings: {@link PortReader} on a board; the simulated platform
 * puts its file tree in order first, then reads it with the same reader.
 */
@FunctionalInterface
public interface PortSource {

  /** The port now; blocks on file reads and a tool run, so never on an event loop. */
  PortReading read();
}

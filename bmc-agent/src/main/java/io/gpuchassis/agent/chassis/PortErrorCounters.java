package io.gpuchassis.agent.chassis;

/**
 * A port's PCIe error counters as last read from its switch (counts since the switch started
 * counting).
 */
public record PortErrorCounters(
    long correctable,
    long uncorrectable,
    long receiverErrors,
    long badTlp,
    long badDllp,
    long surpriseDown) {

  public static final PortErrorCounters ZERO = new PortErrorCounters(0, 0, 0, 0, 0, 0);
}

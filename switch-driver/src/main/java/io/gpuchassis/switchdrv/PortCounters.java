package io.gpuchassis.switchdrv;

/**
 * Error counters of one physical port since the driver first configured the port's PMON counters
 * (or since the switch last reset). All counts are ingress events seen by the switch port, as
 * 32-bit hardware counters widened to long.
 *
 * @param physicalPort physical port ID
 * @param correctable AER correctable errors (receiver error, bad TLP, bad DLLP, replay timeout,
 *     replay rollover)
 * @param uncorrectable AER uncorrectable errors (UR, ECRC, malformed, overflow, completer abort,
 *     poisoned, surprise down, DLP error, internal)
 * @param receiverErrors receiver errors
 * @param badTlp bad TLPs
 * @param badDllp bad DLLPs
 * @param surpriseDown surprise-down events
 */
public record PortCounters(
    int physicalPort,
    long correctable,
    long uncorrectable,
    long receiverErrors,
    long badTlp,
    long badDllp,
    long surpriseDown) {}

package io.gpuchassis.agent.chassis;

import java.util.Optional;

/**
 * A programmable part of the board the board file declares (a CPLD, a retimer), with the firmware
 * version it reported at start.
 *
 * @param id board-unique id, e.g. {@code "SequencerCpld"}
 * @param kind what it is, e.g. {@code "CPLD"} or {@code "Retimer"}
 * @param manufacturer who made it, when the board file says
 * @param model which part it is, when the board file says
 * @param firmwareVersion the version its registers held; empty until read, or when it did not
 *     answer
 */
public record ProgrammablePart(
    String id,
    String kind,
    Optional<String> manufacturer,
    Optional<String> model,
    Optional<String> firmwareVersion) {

  /** This part with the version it reported. */
  public ProgrammablePart withFirmwareVersion(String version) {
    return new ProgrammablePart(id, kind, manufacturer, model, Optional.of(version));
  }
}

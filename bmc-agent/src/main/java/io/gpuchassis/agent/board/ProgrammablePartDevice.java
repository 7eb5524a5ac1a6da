package io.gpuchassis.agent.board;

import java.util.Objects;
import java.util.Optional;

/**
 * A programmable part of the board, a CPLD or a retimer, whose firmware reports its version in
 * consecutive SMBus byte registers (as board designs commonly make a CPLD do): read once at start,
 * listed read-only in the firmware inventory.
 *
 * @param id board-unique id, e.g. {@code "SequencerCpld"}; also its firmware inventory entry's
 * @param path where the part answers
 * @param kind what the part is, as people call it, e.g. {@code "CPLD"} or {@code "Retimer"}
 * @param manufacturer who made it, when the board file says
 * @param model which part it is, when the board file says
 * @param versionRegister the first version register
 * @param versionBytes how many registers the version spans, most significant first; shown as their
 *     decimal values joined by dots ({@code 1.4})
 */
public record ProgrammablePartDevice(
    String id,
    I2cPath path,
    String kind,
    Optional<String> manufacturer,
    Optional<String> model,
    int versionRegister,
    int versionBytes)
    implements I2cDevice {

  public ProgrammablePartDevice {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(kind, "kind");
  }

  @Override
  public I2cPart part() {
    return I2cPart.VERSION_REGISTERS;
  }
}

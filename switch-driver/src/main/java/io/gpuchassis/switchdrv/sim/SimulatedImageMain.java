package io.gpuchassis.switchdrv.sim;

import io.gpuchassis.switchdrv.FirmwareType;
import io.gpuchassis.switchdrv.FirmwareVersion;
import io.gpuchassis.switchdrv.Generation;
import io.gpuchassis.switchdrv.command.FirmwareImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Writes a switch image file the simulated switches accept: "MSCC" metadata with both CRCs over a
 * filler body, for trying firmware updates without a vendor image. Usage: {@code <type>
 * <generation> <version> <out>}, e.g. {@code IMG GEN6 "9.30 B051" switch.img}.
 */
public final class SimulatedImageMain {

  private SimulatedImageMain() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 4) {
      System.err.println(
          "usage: SimulatedImageMain <IMG|CFG|BL2|KEY> <GEN4|GEN5|GEN6> <version, e.g. \"9.30 B051\"> <out>");
      System.exit(2);
    }
    try {
      FirmwareType type = FirmwareType.valueOf(args[0].toUpperCase(Locale.ROOT));
      Generation gen = Generation.valueOf(args[1].toUpperCase(Locale.ROOT));
      FirmwareVersion version = FirmwareVersion.parse(args[2]);
      byte[] body =
          ("simulated " + type + " " + version + "\n")
              .repeat(2048)
              .getBytes(StandardCharsets.US_ASCII);
      Files.write(Path.of(args[3]), FirmwareImage.build(type, gen, version, 1, body));
    } catch (IllegalArgumentException e) {
      System.err.println("bad argument: " + e.getMessage());
      System.exit(2);
    }
  }
}

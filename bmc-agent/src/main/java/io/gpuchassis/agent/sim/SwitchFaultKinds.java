package io.gpuchassis.agent.sim;

import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.WiredPort;
import io.gpuchassis.agent.fault.FaultException;
import io.gpuchassis.agent.fault.FaultInjector;
import io.gpuchassis.agent.fault.FaultKind;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.switchdrv.sim.FaultHandle;
import io.gpuchassis.switchdrv.sim.SimulatedSwitch;
import java.time.Duration;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The switch faults of the simulated chassis, addressed by Redfish URI: port faults take a port
 * ({@code /redfish/v1/Fabrics/PCIe/Switches/SW1/Ports/0}), management-path faults a switch ({@code
 * /redfish/v1/Fabrics/PCIe/Switches/SW1}). Each one acts inside the wire-level simulator.
 */
public final class SwitchFaultKinds {

  private static final Pattern PORT =
      Pattern.compile(Pattern.quote(Uris.SWITCHES) + "/([^/]+)/Ports/(\\d{1,3})/?");
  private static final Pattern SWITCH =
      Pattern.compile(Pattern.quote(Uris.SWITCHES) + "/([^/]+)/?");

  /** How often a flapping link goes down and comes back. */
  static final Duration FLAP_PERIOD = Duration.ofMillis(500);

  /** Correctable errors per second during an AER storm. */
  static final long STORM_RATE = 1000;

  /** How far into a download the power-loss fault strikes. */
  static final long POWER_LOSS_AFTER_BYTES = 16 * 1024;

  private final SimulatedFabric fabric;
  private final ChassisState wiring;

  public SwitchFaultKinds(SimulatedFabric fabric, ChassisState wiring) {
    this.fabric = fabric;
    this.wiring = wiring;
  }

  public void registerWith(FaultInjector injector) {
    injector.register(
        portKind(
            "link-down",
            "The port's link drops and stays down (LTSSM in Detect).",
            (chip, port) -> chip.faults().linkDown(port.port())));
    injector.register(
        portKind(
            "link-flap",
            "The port's link goes down and retrains every " + FLAP_PERIOD.toMillis() + " ms.",
            (chip, port) -> chip.faults().linkFlap(port.port(), FLAP_PERIOD)));
    injector.register(
        portKind(
            "link-degrade",
            "The port's link retrains at half its width and one PCIe generation lower.",
            (chip, port) ->
                chip.faults()
                    .linkDegrade(
                        port.port(),
                        Math.max(1, port.expectedWidth() / 2),
                        Math.max(1, port.expectedGeneration() - 1))));
    injector.register(
        portKind(
            "marginal-link",
            "The port's link trains at half its width and one PCIe generation lower until it is next"
                + " retrained through port control, then at its full rate.",
            (chip, port) ->
                chip.faults()
                    .marginalLink(
                        port.port(),
                        Math.max(1, port.expectedWidth() / 2),
                        Math.max(1, port.expectedGeneration() - 1))));
    injector.register(
        portKind(
            "aer-storm",
            "The port reports " + STORM_RATE + " correctable AER errors per second.",
            (chip, port) -> chip.faults().aerStorm(port.port(), STORM_RATE)));
    injector.register(new GpuIdle());
    injector.register(
        switchKind(
            "mrpc-timeout",
            "The switch's management mailbox stops completing commands.",
            chip -> chip.faults().mrpcTimeout()));
    injector.register(
        switchKind(
            "switch-busy",
            "The switch answers every management command with busy.",
            chip -> chip.faults().switchBusy()));
    injector.register(
        switchKind(
            "firmware-crc-mismatch",
            "The switch's flash stores firmware downloads with a flipped bit, so the switch rejects them (CRC).",
            chip -> chip.faults().firmwareCrcMismatch()));
    injector.register(
        switchKind(
            "power-loss-during-download",
            "The switch loses power "
                + POWER_LOSS_AFTER_BYTES / 1024
                + " KiB into the next firmware download and"
                + " restarts on the image it ran before.",
            chip -> chip.faults().powerLossDuringDownload(POWER_LOSS_AFTER_BYTES)));
    injector.register(
        switchKind(
            "firmware-boot-failure",
            "A main image made active since the switch last booted does not start: at its next reset the boot loader"
                + " runs the image that ran before.",
            chip -> chip.faults().firmwareBootFailure()));
    if (fabric.anyOverI2c()) {
      injector.register(
          switchKind(
              "i2c-nak",
              "The switch does not acknowledge its management address (I2C NAK); only switches reached over I2C.",
              this::i2cNak));
    }
  }

  private FaultHandle i2cNak(SimulatedSwitch chip) {
    String id =
        fabric.switchIds().stream().filter(s -> fabric.chip(s) == chip).findFirst().orElseThrow();
    if (!fabric.managedOverI2c(id)) {
      throw badTarget("i2c-nak", Uris.fabricSwitch(id), "a switch the agent reaches over I2C");
    }
    return chip.faults().i2cNak();
  }

  private FaultKind portKind(
      String name, String description, BiFunction<SimulatedSwitch, WiredPort, FaultHandle> start) {
    return new Kind(
        name,
        description,
        target -> {
          WiredPort port = port(name, target);
          return start.apply(fabric.chip(port.switchId()), port);
        });
  }

  private WiredPort port(String name, String target) {
    Matcher m = PORT.matcher(target);
    if (!m.matches()) {
      throw badTarget(name, target, "a switch port, e.g. " + Uris.port("SW1", 0));
    }
    return WiredPort.find(wiring, m.group(1), Integer.parseInt(m.group(2)))
        .orElseThrow(() -> badTarget(name, target, "a wired port of a switch of this chassis"));
  }

  /**
   * The GPU on a slot's port stops moving data: its load in the simulator's traffic model drops to
   * 0 until cleared, then returns to what it was. Not a failure a chip reports, but the way to see
   * the bandwidth counters stand still while the link stays up.
   */
  private final class GpuIdle implements FaultKind {
    @Override
    public String name() {
      return "gpu-idle";
    }

    @Override
    public String description() {
      return "The GPU on the slot's port stops moving data (load 0 %): its byte counters stand still while"
          + " its link stays up.";
    }

    @Override
    public ActiveEffect inject(String target) {
      WiredPort port = port(name(), target);
      if (port.role() != WiredPort.Role.SLOT) {
        throw badTarget(name(), target, "the port of a GPU slot");
      }
      SimulatedSwitch chip = fabric.chip(port.switchId());
      double before = chip.gpuLoad(port.port());
      if (before == 0) {
        // a second one would restore 0 % when the first is cleared
        throw badTarget(name(), target, "the port of a GPU slot whose GPU is not idle already");
      }
      chip.setGpuLoad(port.port(), 0);
      return () -> chip.setGpuLoad(port.port(), before);
    }
  }

  private FaultKind switchKind(
      String name, String description, Function<SimulatedSwitch, FaultHandle> start) {
    return new Kind(
        name,
        description,
        target -> {
          Matcher m = SWITCH.matcher(target);
          if (!m.matches() || wiring.switchChip(m.group(1)).isEmpty()) {
            throw badTarget(name, target, "a switch, e.g. " + Uris.fabricSwitch("SW1"));
          }
          return start.apply(fabric.chip(m.group(1)));
        });
  }

  private static FaultException badTarget(String kind, String target, String expected) {
    return new FaultException(
        FaultException.Reason.BAD_TARGET,
        kind + " cannot affect '" + target + "': the target must be " + expected);
  }

  private record Kind(String name, String description, Function<String, FaultHandle> starter)
      implements FaultKind {
    @Override
    public ActiveEffect inject(String target) {
      FaultHandle handle = starter.apply(target);
      return handle::clear;
    }
  }
}

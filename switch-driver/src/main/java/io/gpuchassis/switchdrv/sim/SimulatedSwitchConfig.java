package io.gpuchassis.switchdrv.sim;

import io.gpuchassis.switchdrv.command.DeviceIds;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Everything that makes one simulated chip: identity, ports and what is cabled to them, the
 * bindings present at boot, partition count, timing, die temperature and the switch-owned GPIOs.
 *
 * @param identity chip identity (the device ID decides the generation)
 * @param ports physical ports
 * @param initialBindings bindings present after every boot
 * @param partitionCount number of partitions (at least one more than the highest host partition)
 * @param timing time constants
 * @param dieTemperatureCelsius mean die temperature reported
 * @param gpios GPIOs answered by VGPIO, at most one per logical pin
 * @param logicalBridges the logical downstream bridge instances of each partition (its
 *     configuration gives 1..47): a bind to a logical port above it is refused with "no logical
 *     bridge instance"
 */
public record SimulatedSwitchConfig(
    ChipIdentity identity,
    List<PortConfig> ports,
    List<InitialBinding> initialBindings,
    int partitionCount,
    SimTiming timing,
    double dieTemperatureCelsius,
    List<GpioPin> gpios,
    int logicalBridges) {

  public SimulatedSwitchConfig {
    Objects.requireNonNull(identity);
    Objects.requireNonNull(timing);
    ports = List.copyOf(ports);
    initialBindings = List.copyOf(initialBindings);
    gpios = List.copyOf(gpios);
    DeviceIds.generation(identity.deviceId());
    Set<Integer> seen = new HashSet<>();
    for (PortConfig p : ports) {
      if (!seen.add(p.physicalPort())) {
        throw new IllegalArgumentException(
            "physical port " + p.physicalPort() + " configured twice");
      }
      if (p.attachment() instanceof Attachment.Host
          && ((Attachment.Host) p.attachment()).partition() >= partitionCount) {
        throw new IllegalArgumentException("host partition outside partition count");
      }
    }
    if (ports.size() > DeviceIds.generation(identity.deviceId()).lnkstatPorts()) {
      throw new IllegalArgumentException("more ports than LNKSTAT reports on this generation");
    }
    if (partitionCount < 1 || partitionCount > 48) {
      throw new IllegalArgumentException("partition count must be 1..48");
    }
    if (logicalBridges < 1 || logicalBridges > 47) {
      throw new IllegalArgumentException("logical bridges per partition must be 1..47");
    }
    Set<Integer> pins = new HashSet<>();
    for (GpioPin g : gpios) {
      if (!pins.add(g.logicalPin())) {
        throw new IllegalArgumentException(
            "logical GPIO pin " + g.logicalPin() + " configured twice");
      }
      if (g instanceof GpioPin.Presence p && !seen.contains(p.physicalPort())) {
        throw new IllegalArgumentException(
            "presence GPIO "
                + p.logicalPin()
                + " names physical port "
                + p.physicalPort()
                + ", which is not configured");
      }
    }
  }

  /** The GPIO with logical pin ID {@code logicalPin}, or null when the chip has none. */
  public GpioPin gpio(int logicalPin) {
    for (GpioPin g : gpios) {
      if (g.logicalPin() == logicalPin) {
        return g;
      }
    }
    return null;
  }

  public static Builder builder(ChipIdentity identity) {
    return new Builder(identity);
  }

  /**
   * One chip of the reference chassis: PFX 160xG6, five GPU slots on ports 0-4 (x16, GPUs Gen5 x16
   * in the first {@code gpus} of them), hosts on ports 5 and 6 (partitions 0 and 1), inter-switch
   * links on ports 7 and 8, two partitions, nothing bound at boot.
   */
  public static SimulatedSwitchConfig referenceChip(long serialNumber, int gpus, SimTiming timing) {
    Builder b = builder(ChipIdentity.pfx160Gen6(serialNumber)).timing(timing).partitions(2);
    for (int slot = 0; slot < 5; slot++) {
      b.port(slot, 16, 5, slot < gpus ? Attachment.gpu(5, 16) : Attachment.nothing());
    }
    b.port(5, 16, 5, Attachment.host(0));
    b.port(6, 16, 5, Attachment.host(1));
    b.port(7, 16, 5, Attachment.interSwitch("next"));
    b.port(8, 16, 5, Attachment.interSwitch("previous"));
    return b.build();
  }

  /**
   * Builds a config; defaults: no ports, one partition, {@link SimTiming#fast()}, 45.0 degC, no
   * GPIOs.
   */
  public static final class Builder {
    private final ChipIdentity identity;
    private final List<PortConfig> ports = new ArrayList<>();
    private final List<InitialBinding> bindings = new ArrayList<>();
    private final List<GpioPin> gpios = new ArrayList<>();
    private int partitions = 1;
    private SimTiming timing = SimTiming.fast();
    private double temperature = 45.0;
    private int logicalBridges = 47;

    private Builder(ChipIdentity identity) {
      this.identity = identity;
    }

    public Builder port(int physicalPort, int width, int maxGen, Attachment attachment) {
      ports.add(new PortConfig(physicalPort, width, maxGen, attachment));
      return this;
    }

    public Builder bind(int partition, int logicalPort, int physicalPort) {
      bindings.add(new InitialBinding(partition, logicalPort, physicalPort));
      return this;
    }

    /**
     * A slot presence input (PRSNT#) at {@code logicalPin}: reads 0 (asserted) while the port has
     * an {@link Attachment.Endpoint}, 1 otherwise; set-value is refused.
     */
    public Builder presenceGpio(int logicalPin, int physicalPort) {
      gpios.add(new GpioPin.Presence(logicalPin, physicalPort));
      return this;
    }

    /**
     * A settable output at {@code logicalPin}; reads back what was set, {@code initialHigh} after
     * boot.
     */
    public Builder outputGpio(int logicalPin, boolean initialHigh) {
      gpios.add(new GpioPin.Output(logicalPin, initialHigh));
      return this;
    }

    public Builder partitions(int count) {
      this.partitions = count;
      return this;
    }

    public Builder timing(SimTiming t) {
      this.timing = t;
      return this;
    }

    /** The logical downstream bridges each partition has (default 47, the most there can be). */
    public Builder logicalBridges(int count) {
      this.logicalBridges = count;
      return this;
    }

    public Builder dieTemperature(double celsius) {
      this.temperature = celsius;
      return this;
    }

    public SimulatedSwitchConfig build() {
      return new SimulatedSwitchConfig(
          identity, ports, bindings, partitions, timing, temperature, gpios, logicalBridges);
    }
  }
}

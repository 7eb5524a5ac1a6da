package io.gpuchassis.switchdrv.sim;

import io.gpuchassis.switchdrv.command.DeviceIds;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Everything that makes one simulated chip: identity, ports and what is cabled to them, the
 * bindings present at boot, partition count, timing and die temperature.
 *
 * @param identity chip identity (the device ID decides the generation)
 * @param ports physical ports
 * @param initialBindings bindings present after every boot
 * @param partitionCount number of partitions (at least one more than the highest host partition)
 * @param timing time constants
 * @param dieTemperatureCelsius mean die temperature reported
 */
public record SimulatedSwitchConfig(ChipIdentity identity, List<PortConfig> ports, List<InitialBinding> initialBindings,
        int partitionCount, SimTiming timing, double dieTemperatureCelsius) {

    public SimulatedSwitchConfig {
        Objects.requireNonNull(identity);
        Objects.requireNonNull(timing);
        ports = List.copyOf(ports);
        initialBindings = List.copyOf(initialBindings);
        DeviceIds.generation(identity.deviceId());
        Set<Integer> seen = new HashSet<>();
        for (PortConfig p : ports) {
            if (!seen.add(p.physicalPort())) {
                throw new IllegalArgumentException("physical port " + p.physicalPort() + " configured twice");
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
    }

    public static Builder builder(ChipIdentity identity) {
        return new Builder(identity);
    }

    /**
     * One chip of the reference chassis: PFX 160xG6, five GPU slots on ports 0-4 (x16, GPUs Gen5
     * x16 in the first {@code gpus} of them), hosts on ports 5 and 6 (partitions 0 and 1),
     * inter-switch links on ports 7 and 8, two partitions, nothing bound at boot.
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

    /** Builds a config; defaults: no ports, one partition, {@link SimTiming#fast()}, 45.0 degC. */
    public static final class Builder {
        private final ChipIdentity identity;
        private final List<PortConfig> ports = new ArrayList<>();
        private final List<InitialBinding> bindings = new ArrayList<>();
        private int partitions = 1;
        private SimTiming timing = SimTiming.fast();
        private double temperature = 45.0;

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

        public Builder partitions(int count) {
            this.partitions = count;
            return this;
        }

        public Builder timing(SimTiming t) {
            this.timing = t;
            return this;
        }

        public Builder dieTemperature(double celsius) {
            this.temperature = celsius;
            return this;
        }

        public SimulatedSwitchConfig build() {
            return new SimulatedSwitchConfig(identity, ports, bindings, partitions, timing, temperature);
        }
    }
}

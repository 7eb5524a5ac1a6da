package io.gpuchassis.switchdrv.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gpuchassis.switchdrv.DriverOptions;
import io.gpuchassis.switchdrv.SwitchtecDriver;
import io.gpuchassis.switchdrv.sim.SimTiming;
import io.gpuchassis.switchdrv.sim.SimulatedSwitch;
import io.gpuchassis.switchdrv.sim.SimulatedSwitchConfig;
import io.gpuchassis.switchdrv.sim.SmwpServer;
import io.gpuchassis.switchdrv.transport.InMemorySwitchTransport;
import io.gpuchassis.switchdrv.transport.tcp.TcpSwitchTransport;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class Smoke0Test {
    @Test
    void smoke() throws Exception {
        SimulatedSwitch sim = new SimulatedSwitch(SimulatedSwitchConfig.referenceChip(0x6a1c0001L, 3, SimTiming.fast()));
        try (SwitchtecDriver d = SwitchtecDriver.open(new InMemorySwitchTransport(sim.gas(), "x"), DriverOptions.defaults())) {
            System.out.println(d.identity());
            System.out.println(d.dieTemperatureCelsius());
            Thread.sleep(20);
            d.ports().forEach(System.out::println);
            d.bind(0, 1, 0);
            System.out.println(d.bindings());
            System.out.println(d.partitions());
            System.out.println(d.counters(0));
            System.out.println(d.firmwarePartitions());
        }
        try (SmwpServer srv = SmwpServer.start(List.of(sim), 0);
             SwitchtecDriver d = SwitchtecDriver.open(new TcpSwitchTransport(srv.address(), 0, Duration.ofSeconds(2)), DriverOptions.defaults())) {
            System.out.println(d.identity());
            assertEquals(45.0, d.dieTemperatureCelsius(), 0.001);
        }
    }
}

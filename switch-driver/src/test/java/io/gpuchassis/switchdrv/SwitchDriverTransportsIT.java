package io.gpuchassis.switchdrv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.switchdrv.sim.SimTiming;
import io.gpuchassis.switchdrv.sim.SimulatedSwitchConfig;

/** Smoke: the driver talks to the simulator over every transport. */
class SwitchDriverTransportsIT {

    @TestAllTransports
    void identity_is_read_over_every_transport(TransportKind kind) throws Exception {
        try (SimRig rig = SimRig.start(kind, SimulatedSwitchConfig.referenceChip(0x6a1c0001L, 3, SimTiming.fast()))) {
            SwitchIdentity id = rig.driver.identity();
            assertEquals(0x6260, id.deviceId());
            assertEquals(Generation.GEN6, id.generation());
            assertEquals(45.0, rig.driver.dieTemperatureCelsius(), 1e-9);
            Thread.sleep(10);
            assertTrue(rig.driver.ports().get(5).linkUp());
            rig.driver.bind(0, 1, 0);
            assertTrue(rig.driver.bindings().get(0).bound());
            assertFalse(rig.driver.firmwarePartitions().partitions().isEmpty());
        }
    }
}

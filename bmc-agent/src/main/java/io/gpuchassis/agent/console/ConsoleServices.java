package io.gpuchassis.agent.console;

import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.chassis.ServiceIdentity;
import io.gpuchassis.agent.compose.BindingEngine;
import io.gpuchassis.agent.compose.Reservations;
import io.gpuchassis.agent.console.view.ConsoleHealth;
import io.gpuchassis.agent.ethernet.PortWatch;
import io.gpuchassis.agent.ethernet.RoundTripWatch;
import io.gpuchassis.agent.events.EventServices;
import io.gpuchassis.agent.fault.FaultInjector;
import io.gpuchassis.agent.firmware.FirmwareUpdates;
import io.gpuchassis.agent.health.HealthMonitor;
import io.gpuchassis.agent.security.SecurityServices;
import io.gpuchassis.agent.tasks.TaskRegistry;
import io.vertx.core.Vertx;
import java.time.Clock;
import java.util.Optional;

/**
 * The agent's engines as the console reaches them: the very instances the Redfish resources use, so
 * that the console is a second way in, never a second path to the hardware.
 *
 * @param verdicts the health verdicts Redfish gives, for the views
 * @param faults the simulation's fault switchboard; empty on real hardware
 */
public record ConsoleServices(
    ServiceIdentity identity,
    ChassisModel model,
    BindingEngine bindings,
    Reservations reservations,
    HealthMonitor health,
    ConsoleHealth verdicts,
    FirmwareUpdates firmware,
    SecurityServices security,
    EventServices events,
    TaskRegistry tasks,
    Optional<FaultInjector> faults,
    PortWatch dataPorts,
    RoundTripWatch roundTrips,
    Vertx vertx,
    Clock clock) {}

package io.gpuchassis.agent.sim;

import io.gpuchassis.agent.ethernet.DataPort;
import io.gpuchassis.agent.fault.FaultException;
import io.gpuchassis.agent.fault.FaultInjector;
import io.gpuchassis.agent.fault.FaultKind;
import io.gpuchassis.agent.sim.ethernet.PortFaultTraces;
import io.gpuchassis.agent.sim.ethernet.SimulatedDataPorts;
import io.gpuchassis.agent.sim.ethernet.SimulatedPortTree;
import io.gpuchassis.agent.uri.Uris;
import java.util.HashSet;
import java.util.Set;

/**
 * The faults of the simulated data-path ports, addressed by the port's Redfish URI ({@code
 * /redfish/v1/Chassis/<id>/NetworkAdapters/NIC1/Ports/1}): each makes the port's files replay a
 * recorded fault trace from now until it is cleared, and then the trace's recovery. One fault a
 * port at a time: two traces cannot play on one port.
 */
final class DataPortFaultKinds {

  private final SimulatedDataPorts ports;
  private final String chassisId;
  private final Set<DataPort> faulted = new HashSet<>();

  DataPortFaultKinds(SimulatedDataPorts ports, String chassisId) {
    this.ports = ports;
    this.chassisId = chassisId;
  }

  void registerWith(FaultInjector injector) {
    if (ports.ports().isEmpty()) {
      return; // a board without data-path ports has no such faults
    }
    injector.register(
        kind(
            "ethernet-pause-storm",
            "The port receives some 6,000 PFC pause frames a second on priority 3 (paused 95 % of"
                + " the time) and its traffic falls to a tenth.",
            PortFaultTraces.PAUSE_STORM));
    injector.register(
        kind(
            "ethernet-stuck-receiver",
            "The port sends some 6,000 PFC pause frames a second for 15 s (stall warnings), then"
                + " stops pausing and drops 100,000 packets a second (stall errors).",
            PortFaultTraces.STUCK_RECEIVER));
    injector.register(
        kind(
            "ethernet-lossy-link",
            "The port's RoCE traffic loses packets: 50 out-of-sequence packets and 20"
                + " sequence-error NAKs a second.",
            PortFaultTraces.LOSSY_LINK));
    injector.register(
        kind(
            "ethernet-link-flap",
            "The port's link goes down and comes back every 2 s.",
            PortFaultTraces.FLAPPING_LINK));
    injector.register(
        kind(
            "ethernet-slow-link",
            "The port's link drops for 5 s and comes back at 25 Gb/s; once cleared it drops for 5 s"
                + " again and comes back at full speed.",
            PortFaultTraces.SLOW_LINK));
    injector.register(lowRxPower());
    injector.register(profileDrift());
    injector.register(addedLatency());
  }

  /** What {@code ethernet-added-latency} adds to each round trip, in microseconds. */
  static final long ADDED_LATENCY_MICROS = 250;

  /**
   * Every round trip through the port takes {@value #ADDED_LATENCY_MICROS} µs longer until cleared
   * (a congested or misrouted path): what the round-trip probe's ping sees; the counters do not
   * show it. Independent of the traffic traces.
   */
  private FaultKind addedLatency() {
    String name = "ethernet-added-latency";
    Set<DataPort> slow = new HashSet<>();
    return new FaultKind() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public String description() {
        return "Every round trip through the port takes "
            + ADDED_LATENCY_MICROS
            + " µs longer, as ping through it measures, until cleared.";
      }

      @Override
      public ActiveEffect inject(String target) {
        DataPort port = port(name, target);
        synchronized (slow) {
          if (!slow.add(port)) {
            throw badTarget(name, target, "a data-path port without added latency");
          }
        }
        ports.addedLatency(port, ADDED_LATENCY_MICROS);
        return () -> {
          ports.addedLatency(port, 0);
          synchronized (slow) {
            slow.remove(port);
          }
        };
      }
    };
  }

  /**
   * The port's optic loses its light (a dirty or unplugged fibre at the far end): every channel's
   * received power falls below the module's low-alarm level until cleared. Independent of the
   * traffic traces: it changes the module's EEPROM, not the counters.
   */
  private FaultKind lowRxPower() {
    String name = "ethernet-optics-low-rx-power";
    Set<DataPort> dark = new HashSet<>();
    return new FaultKind() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public String description() {
        return "The port's QSFP28 optic receives 0.02 mW on every channel (-17 dBm), below its"
            + " -14.4 dBm low-alarm level, as ethtool -m reads it.";
      }

      @Override
      public ActiveEffect inject(String target) {
        DataPort port = port(name, target);
        synchronized (dark) {
          if (!dark.add(port)) {
            throw badTarget(name, target, "a data-path port whose optic still has its light");
          }
        }
        ports.inventory().lowRxPower(port, true);
        return () -> {
          ports.inventory().lowRxPower(port, false);
          synchronized (dark) {
            dark.remove(port);
          }
        };
      }
    };
  }

  /**
   * PFC turned off on every priority of the port, once, as a NIC firmware reset or another
   * administrator would: the port's traffic is untouched, and clearing the fault puts nothing back
   * (the agent's RoCE profile check is what should).
   */
  private FaultKind profileDrift() {
    String name = "ethernet-profile-drift";
    return new FaultKind() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public String description() {
        return "PFC is turned off on every priority of the port behind the agent's back, as a NIC"
            + " firmware reset or another administrator's dcb pfc set would; clearing the fault"
            + " puts nothing back.";
      }

      @Override
      public ActiveEffect inject(String target) {
        ports.resetPfc(port(name, target));
        return () -> {};
      }
    };
  }

  private FaultKind kind(String name, String description, PortFaultTraces trace) {
    return new FaultKind() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public String description() {
        return description;
      }

      @Override
      public ActiveEffect inject(String target) {
        DataPort port = port(name, target);
        SimulatedPortTree tree = ports.tree(port).orElseThrow();
        synchronized (faulted) {
          if (!faulted.add(port)) {
            throw badTarget(name, target, "a data-path port without another Ethernet fault");
          }
        }
        tree.replay(trace.fault());
        return () -> {
          tree.replay(trace.recovery());
          synchronized (faulted) {
            faulted.remove(port);
          }
        };
      }
    };
  }

  private DataPort port(String kind, String target) {
    String wanted = target.endsWith("/") ? target.substring(0, target.length() - 1) : target;
    return ports.ports().stream()
        .filter(p -> Uris.networkAdapterPort(chassisId, p.adapter(), p.port()).equals(wanted))
        .findFirst()
        .orElseThrow(
            () ->
                badTarget(
                    kind,
                    target,
                    "a data-path port of this chassis, e.g. "
                        + Uris.networkAdapterPort(
                            chassisId,
                            ports.ports().get(0).adapter(),
                            ports.ports().get(0).port())));
  }

  private static FaultException badTarget(String kind, String target, String expected) {
    return new FaultException(
        FaultException.Reason.BAD_TARGET,
        kind + " cannot affect '" + target + "': the target must be " + expected);
  }
}

package io.gpuchassis.agent.redfish;

import io.gpuchassis.agent.chassis.AssetTag;
import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.chassis.ServiceIdentity;
import io.gpuchassis.agent.compose.BindingEngine;
import io.gpuchassis.agent.compose.Placement;
import io.gpuchassis.agent.compose.Reservations;
import io.gpuchassis.agent.events.EventServices;
import io.gpuchassis.agent.events.PublishedReport;
import io.gpuchassis.agent.health.ChassisHealth;
import io.gpuchassis.agent.health.ChassisRollup;
import io.gpuchassis.agent.health.FabricHealth;
import io.gpuchassis.agent.health.HealthMonitor;
import io.gpuchassis.agent.health.SensorCatalog;
import io.gpuchassis.agent.health.ViewVersion;
import io.gpuchassis.agent.host.HostSightings;
import io.gpuchassis.agent.redfish.accounts.AccountServiceResource;
import io.gpuchassis.agent.redfish.accounts.AccountsResource;
import io.gpuchassis.agent.redfish.accounts.SessionServiceResource;
import io.gpuchassis.agent.redfish.aggregation.AggregationServiceResource;
import io.gpuchassis.agent.redfish.aggregation.ConnectionMethodResource;
import io.gpuchassis.agent.redfish.certificates.CertificateReplacement;
import io.gpuchassis.agent.redfish.certificates.CertificateResource;
import io.gpuchassis.agent.redfish.certificates.CertificateServiceResource;
import io.gpuchassis.agent.redfish.certificates.CertificateSigningRequest;
import io.gpuchassis.agent.redfish.chassis.AssemblyResource;
import io.gpuchassis.agent.redfish.chassis.ChassisResource;
import io.gpuchassis.agent.redfish.chassis.ControlsResource;
import io.gpuchassis.agent.redfish.chassis.LegacyPowerResource;
import io.gpuchassis.agent.redfish.chassis.LegacyThermalResource;
import io.gpuchassis.agent.redfish.chassis.PCIeDeviceResource;
import io.gpuchassis.agent.redfish.chassis.PCIeFunctionResource;
import io.gpuchassis.agent.redfish.chassis.PCIeSlotsResource;
import io.gpuchassis.agent.redfish.chassis.PowerResource;
import io.gpuchassis.agent.redfish.chassis.SensorResource;
import io.gpuchassis.agent.redfish.chassis.ThermalResource;
import io.gpuchassis.agent.redfish.composition.CompositionServiceResource;
import io.gpuchassis.agent.redfish.composition.ForcedRemovals;
import io.gpuchassis.agent.redfish.composition.GpuPartitionResource;
import io.gpuchassis.agent.redfish.composition.HostReportAction;
import io.gpuchassis.agent.redfish.composition.ProcessorResource;
import io.gpuchassis.agent.redfish.composition.ResourceBlockResource;
import io.gpuchassis.agent.redfish.composition.ResourceZoneResource;
import io.gpuchassis.agent.redfish.composition.SystemResource;
import io.gpuchassis.agent.redfish.core.JsonSchemasResource;
import io.gpuchassis.agent.redfish.core.ODataResource;
import io.gpuchassis.agent.redfish.core.OemSchemaFiles;
import io.gpuchassis.agent.redfish.core.RegistriesResource;
import io.gpuchassis.agent.redfish.core.SchemaLocations;
import io.gpuchassis.agent.redfish.core.ServiceRootResource;
import io.gpuchassis.agent.redfish.events.DestinationCertificatesResource;
import io.gpuchassis.agent.redfish.events.EventDestinationResource;
import io.gpuchassis.agent.redfish.events.EventLogResource;
import io.gpuchassis.agent.redfish.events.EventServiceResource;
import io.gpuchassis.agent.redfish.events.EventStreamResource;
import io.gpuchassis.agent.redfish.events.SubscriberBodies;
import io.gpuchassis.agent.redfish.fabric.AddressPoolResource;
import io.gpuchassis.agent.redfish.fabric.ConnectionResource;
import io.gpuchassis.agent.redfish.fabric.EndpointZoneResource;
import io.gpuchassis.agent.redfish.fabric.FabricResource;
import io.gpuchassis.agent.redfish.fabric.PeerPathsResource;
import io.gpuchassis.agent.redfish.fabric.PortResource;
import io.gpuchassis.agent.redfish.fabric.SwitchResetAction;
import io.gpuchassis.agent.redfish.fabric.SwitchResource;
import io.gpuchassis.agent.redfish.managers.EthernetInterfaceResource;
import io.gpuchassis.agent.redfish.managers.LogServicesResource;
import io.gpuchassis.agent.redfish.managers.ManagerOsState;
import io.gpuchassis.agent.redfish.managers.ManagerResetAction;
import io.gpuchassis.agent.redfish.managers.ManagerResource;
import io.gpuchassis.agent.redfish.managers.ManagerSetup;
import io.gpuchassis.agent.redfish.managers.NetworkProtocolResource;
import io.gpuchassis.agent.redfish.managers.SecurityLogResource;
import io.gpuchassis.agent.redfish.managers.SerialInterfaceResource;
import io.gpuchassis.agent.redfish.tasks.TaskServiceResource;
import io.gpuchassis.agent.redfish.telemetry.ChassisMetricCatalog;
import io.gpuchassis.agent.redfish.telemetry.MetricReportDefinitionResource;
import io.gpuchassis.agent.redfish.telemetry.MetricReportRenderer;
import io.gpuchassis.agent.redfish.telemetry.MetricReportResource;
import io.gpuchassis.agent.redfish.telemetry.TelemetryServiceResource;
import io.gpuchassis.agent.redfish.update.UpdateServiceResource;
import io.gpuchassis.agent.redfish.update.UpdateTasks;
import io.gpuchassis.agent.security.SecurityServices;
import io.gpuchassis.agent.tasks.TaskRegistry;
import io.gpuchassis.agent.telemetry.Telemetry;
import io.gpuchassis.agent.tls.HttpsCertificate;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.event.EventFacts;
import io.gpuchassis.redfish.route.Caller;
import io.gpuchassis.redfish.route.Privilege;
import io.gpuchassis.redfish.route.RedfishRoutes;
import io.vertx.core.Vertx;
import java.time.Clock;
import java.time.Duration;
import java.util.Set;

/**
 * Registers every Redfish resource of the agent. The route table in docs/ARCHITECTURE.md mirrors
 * this list.
 */
public final class RedfishResources {

  /** Whom the agent's own readers of resources (telemetry, event payloads) read as. */
  private static final Caller READER = new Caller("agent", "ReadOnly", Set.of(Privilege.Login));

  private final ServiceIdentity identity;
  private final ChassisModel model;
  private final HttpsCertificate certificate;
  private final Clock clock;
  private final Duration staleAfter;
  private final SecurityServices security;
  private final Vertx vertx;
  private final BindingEngine bindings;
  private final ChassisHealth health;
  private final Reservations reservations;
  private final EventServices events;
  private final SubscriberBodies subscriberBodies;
  private final Duration answerWithin;
  // A Sunfish core takes only 200 for a create it forwards, and reads the agent's ConnectionMethod
  // (docs/COMPOSITION.md, "Sunfish").
  private final boolean sunfishCore;
  private final io.gpuchassis.agent.firmware.FirmwareUpdates firmware;
  private final io.gpuchassis.agent.config.OutboundPolicy outbound;

  /**
   * @param certificate the HTTPS certificate, shown and replaced through the CertificateService
   * @param staleAfter switch observations older than this are shown as unknown (a few poll
   *     intervals)
   * @param vertx for the blocking parts of write requests (password hashing, database writes)
   * @param events the event log, bus and subscriptions behind the EventService and the EventLog
   * @param firmware the switch firmware updates behind the UpdateService
   * @param outbound where the agent may connect for clients (event destinations, image URIs), the
   *     limits of event streams and subscriptions, and of firmware uploads; the event deliveries
   *     follow it from here on
   */
  private final TaskRegistry tasks;

  private final ManagerSetup manager;

  private final AssetTag assetTag;

  /** The leases on GPU assignments, shown and set on the GPUs' resource blocks. */
  private final io.gpuchassis.agent.compose.Leases leases;

  /** What the host companions reported, shown on the systems and PCIe devices. */
  private final HostSightings hostSightings;

  private final io.gpuchassis.agent.redfish.chassis.DataPath dataPath;

  public RedfishResources(
      ServiceIdentity identity,
      ChassisModel model,
      HttpsCertificate certificate,
      Clock clock,
      Duration staleAfter,
      SecurityServices security,
      Vertx vertx,
      BindingEngine bindings,
      Reservations reservations,
      ChassisHealth health,
      EventServices events,
      io.gpuchassis.agent.firmware.FirmwareUpdates firmware,
      io.gpuchassis.agent.config.OutboundPolicy outbound,
      TaskRegistry tasks,
      ManagerSetup manager,
      AssetTag assetTag,
      SubscriberBodies subscriberBodies,
      Duration answerWithin,
      boolean sunfishCore,
      HostSightings hostSightings,
      io.gpuchassis.agent.redfish.chassis.DataPath dataPath,
      io.gpuchassis.agent.compose.Leases leases) {
    this.dataPath = dataPath;
    this.hostSightings = hostSightings;
    this.leases = leases;
    this.answerWithin = answerWithin;
    this.sunfishCore = sunfishCore;
    this.identity = identity;
    this.subscriberBodies = subscriberBodies;
    this.assetTag = assetTag;
    this.manager = manager;
    this.tasks = tasks;
    this.model = model;
    this.certificate = certificate;
    this.clock = clock;
    this.staleAfter = staleAfter;
    this.security = security;
    this.vertx = vertx;
    this.bindings = bindings;
    this.health = health;
    this.reservations = reservations;
    this.events = events;
    this.firmware = firmware;
    this.outbound = outbound;
    // Deliveries already follow the default policy (the strictest); from here on they follow the
    // configured one.
    events.apply(outbound);
  }

  public void register(RedfishRoutes routes) {
    routes.describedBy(SchemaLocations::describedBy);
    new ServiceRootResource(identity, sunfishCore).register(routes);
    if (sunfishCore) {
      new AggregationServiceResource().register(routes);
      new ConnectionMethodResource(identity.uuid()).register(routes);
    }
    new ODataResource().register(routes);
    FabricHealth fabricHealth = new FabricHealth(clock, staleAfter);
    HealthMonitor monitor = health.monitor();
    ViewVersion views = new ViewVersion(model, monitor, clock, staleAfter);
    new ChassisResource(
            model,
            new ChassisRollup(health, fabricHealth),
            views,
            monitor.identifyLed(),
            assetTag,
            vertx)
        .register(routes);
    new PCIeSlotsResource(model, monitor, clock, staleAfter).register(routes);
    new io.gpuchassis.agent.redfish.chassis.NetworkAdapterResource(model, dataPath)
        .register(routes);
    new io.gpuchassis.agent.redfish.chassis.DataPortResource(model, dataPath).register(routes);
    new PCIeFunctionResource(model).register(routes);
    new AssemblyResource(model).register(routes);
    new ControlsResource(model, monitor).register(routes);
    SensorCatalog sensors = health.catalog();
    new SensorResource(model, monitor, sensors, views).register(routes);
    new ThermalResource(model, monitor, sensors).register(routes);
    new PowerResource(model, monitor, health.redundancyType(), health.minSuppliesNeeded())
        .register(routes);
    new LegacyThermalResource(model, monitor, sensors).register(routes);
    new LegacyPowerResource(model, monitor, sensors).register(routes);
    new ManagerResource(identity, model, clock, manager.consoleDevices().size()).register(routes);
    ManagerOsState os = ManagerOsState.ofHost(vertx);
    new EthernetInterfaceResource(os).register(routes);
    new NetworkProtocolResource(os, manager.httpsPort()).register(routes);
    new SerialInterfaceResource(
            new SerialInterfaceResource.SerialConsoles(
                manager.consoleDevices(), manager.consoleBaud()))
        .register(routes);
    new ManagerResetAction(manager.restart(), security.log(), vertx).register(routes);
    new SessionServiceResource(security, vertx).register(routes);
    new AccountServiceResource(security, vertx).register(routes);
    new AccountsResource(security, vertx).register(routes);
    new LogServicesResource().register(routes);
    new SecurityLogResource(security.log(), clock, vertx).register(routes);
    new EventLogResource(events.log(), clock, vertx).register(routes);
    new EventServiceResource(events.bus(), events.settings(), vertx).register(routes);
    EventStreamResource streams =
        new EventStreamResource(
            events.bus(),
            events.settings(),
            security.sessions(),
            vertx,
            outbound,
            events.streamStats());
    streams.register(routes);
    new EventDestinationResource(events.subscriptions(), streams, vertx, outbound).register(routes);
    new DestinationCertificatesResource(
            events.subscriptions(), events.destinationCertificates(), vertx, clock)
        .register(routes);
    Telemetry telemetry = events.telemetry();
    new TelemetryServiceResource(telemetry).register(routes);
    new MetricReportDefinitionResource(telemetry, vertx).register(routes);
    new MetricReportResource(telemetry).register(routes);
    new FabricResource(model, fabricHealth, views).register(routes);
    new PeerPathsResource(model, views).register(routes);
    new SwitchResource(model, fabricHealth, firmware::updating).register(routes);
    new PortResource(model, fabricHealth, clock, staleAfter, views).register(routes);
    new TaskServiceResource(tasks, clock).register(routes);
    UpdateTasks updateTasks = new UpdateTasks(tasks, events.bus());
    new UpdateServiceResource(
            identity,
            model,
            firmware,
            updateTasks,
            vertx,
            outbound,
            new io.gpuchassis.agent.redfish.update.NicFirmware(
                dataPath.adapters(), dataPath.inventory()))
        .register(routes);
    new SwitchResetAction(model, firmware, updateTasks).register(routes);
    ForcedRemovals forced = new ForcedRemovals(vertx, security.log());
    new EndpointZoneResource(model, bindings, tasks, answerWithin, reservations, forced)
        .register(routes);
    new EndpointZoneResource(
            EndpointZoneResource.Fabric.ROCE,
            model,
            bindings,
            tasks,
            answerWithin,
            reservations,
            forced)
        .register(routes);
    new AddressPoolResource(model).register(routes);
    for (EndpointZoneResource.Fabric fabric : EndpointZoneResource.Fabric.values()) {
      new ConnectionResource(
              fabric, model, bindings, tasks, answerWithin, reservations, sunfishCore ? 200 : 201)
          .register(routes);
    }
    new PCIeDeviceResource(model, bindings, monitor, clock, staleAfter, hostSightings)
        .register(routes);
    Placement placement = Placement.ofEngine();
    new CompositionServiceResource(
            vertx,
            model,
            bindings,
            tasks,
            answerWithin,
            reservations,
            placement,
            fabricHealth,
            hostSightings)
        .register(routes);
    new ResourceBlockResource(model, reservations, leases, clock, vertx).register(routes);
    new ResourceZoneResource(model).register(routes);
    new SystemResource(
            model,
            bindings,
            tasks,
            answerWithin,
            reservations,
            placement,
            forced,
            fabricHealth,
            hostSightings)
        .register(routes);
    new HostReportAction(model, hostSightings, vertx).register(routes);
    new ProcessorResource(model, monitor, fabricHealth, clock, staleAfter).register(routes);
    new GpuPartitionResource(model, hostSightings, monitor, clock, staleAfter).register(routes);
    new RegistriesResource().register(routes);
    new JsonSchemasResource().register(routes);
    new OemSchemaFiles().register(routes);
    CertificateResource certificates = new CertificateResource(certificate, clock);
    certificates.register(routes);
    new CertificateServiceResource(
            new CertificateReplacement(
                certificate,
                certificates,
                events.subscriptions(),
                events.destinationCertificates(),
                clock),
            new CertificateSigningRequest(certificate),
            () ->
                events.subscriptions().all().stream()
                    .flatMap(
                        s ->
                            events.destinationCertificates().list(s.id()).stream()
                                .map(k -> Uris.subscriptionCertificates(s.id()) + "/" + k.id()))
                    .toList())
        .register(routes);
    startTelemetry(routes, telemetry, sensors);
    // Subscribers that asked for OriginOfCondition's resource get it as a caller with Login sees it
    subscriberBodies.readResourcesWith(uri -> routes.view(uri, READER));
  }

  /**
   * Starts collecting metric reports once every resource is registered: values are read from the
   * resources as a caller with Login would GET them, and reports that are events are published on
   * the event bus.
   */
  private void startTelemetry(RedfishRoutes routes, Telemetry telemetry, SensorCatalog sensors) {
    telemetry.start(
        ChassisMetricCatalog.of(model.current(), sensors),
        uri -> routes.view(uri, READER),
        (definition, report) ->
            events
                .bus()
                .publishReport(
                    new PublishedReport(
                        EventFacts.metricReport(Uris.metricReportDefinition(definition.id())),
                        context ->
                            MetricReportRenderer.json(
                                report, definition.name() + " report", context))));
  }
}

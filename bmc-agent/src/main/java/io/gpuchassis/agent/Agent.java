package io.gpuchassis.agent;

import io.gpuchassis.agent.board.BoardDescription;
import io.gpuchassis.agent.board.GpioLineRef;
import io.gpuchassis.agent.board.LineRef;
import io.gpuchassis.agent.board.SwitchGpioRef;
import io.gpuchassis.agent.chassis.AssetTag;
import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.chassis.ServiceIdentity;
import io.gpuchassis.agent.compose.BindingEngine;
import io.gpuchassis.agent.compose.BindingJournal;
import io.gpuchassis.agent.compose.BindingReconciler;
import io.gpuchassis.agent.compose.Reservations;
import io.gpuchassis.agent.config.AgentConfig;
import io.gpuchassis.agent.config.ConfigException;
import io.gpuchassis.agent.config.SimulationSpeed;
import io.gpuchassis.agent.console.Console;
import io.gpuchassis.agent.console.ConsoleServices;
import io.gpuchassis.agent.console.view.ConsoleHealth;
import io.gpuchassis.agent.ethernet.BoardDataPorts;
import io.gpuchassis.agent.ethernet.PortThresholds;
import io.gpuchassis.agent.ethernet.PortWatch;
import io.gpuchassis.agent.ethernet.PublishedPortEvents;
import io.gpuchassis.agent.events.CertificateExpiryEvents;
import io.gpuchassis.agent.events.EventBus;
import io.gpuchassis.agent.events.EventServices;
import io.gpuchassis.agent.events.Subscriptions;
import io.gpuchassis.agent.events.SyslogMessage;
import io.gpuchassis.agent.fabric.SwitchGpioLine;
import io.gpuchassis.agent.fabric.SwitchWorkers;
import io.gpuchassis.agent.fault.FaultInjector;
import io.gpuchassis.agent.firmware.FirmwareInventory;
import io.gpuchassis.agent.firmware.FirmwareUpdates;
import io.gpuchassis.agent.firmware.SelfUpdate;
import io.gpuchassis.agent.health.ChassisHealth;
import io.gpuchassis.agent.health.HealthMonitor;
import io.gpuchassis.agent.health.PublishedHealthEvents;
import io.gpuchassis.agent.health.SensorCatalog;
import io.gpuchassis.agent.http.EventLoops;
import io.gpuchassis.agent.http.RedfishServer;
import io.gpuchassis.agent.metrics.AgentMetrics;
import io.gpuchassis.agent.metrics.MetricsService;
import io.gpuchassis.agent.metrics.MetricsToken;
import io.gpuchassis.agent.platform.BoardSensorLayout;
import io.gpuchassis.agent.platform.ChassisDiscovery;
import io.gpuchassis.agent.platform.ChassisPlatform;
import io.gpuchassis.agent.platform.DeviceReport;
import io.gpuchassis.agent.platform.PlatformAssembly;
import io.gpuchassis.agent.redfish.RedfishResources;
import io.gpuchassis.agent.redfish.composition.CompositionEvents;
import io.gpuchassis.agent.redfish.events.SubscriberBodies;
import io.gpuchassis.agent.redfish.fabric.FabricEvents;
import io.gpuchassis.agent.redfish.managers.ManagerRestart;
import io.gpuchassis.agent.security.AccountRepository;
import io.gpuchassis.agent.security.FirstAdministrator;
import io.gpuchassis.agent.security.PasswordHasher;
import io.gpuchassis.agent.security.SecurityServices;
import io.gpuchassis.agent.selfupdate.SlotReport;
import io.gpuchassis.agent.selfupdate.Slots;
import io.gpuchassis.agent.selfupdate.TrialCheck;
import io.gpuchassis.agent.selfupdate.TrialChecks;
import io.gpuchassis.agent.store.AgentStore;
import io.gpuchassis.agent.store.Settings;
import io.gpuchassis.agent.sunfish.CoreDestination;
import io.gpuchassis.agent.sunfish.SunfishRegistration;
import io.gpuchassis.agent.tasks.TaskRegistry;
import io.gpuchassis.agent.tls.CertificateExpiry;
import io.gpuchassis.agent.tls.HttpsCertificate;
import io.gpuchassis.firmware.TrustedKeys;
import io.gpuchassis.sensor.chassis.ChassisSensors;
import io.gpuchassis.sensor.chassis.PollIntervals;
import io.gpuchassis.sensor.device.gpu.PostBoxTiming;
import io.gpuchassis.sensor.poll.PollerSettings;
import io.gpuchassis.switchdrv.DriverOptions;
import io.vertx.core.Vertx;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The running agent: assembles the store, security, the chassis (real or simulated, chosen here and
 * nowhere else) and the HTTPS server, and takes them down again in reverse order.
 */
public final class Agent implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(Agent.class);

  private final AgentStore store;
  private final Vertx vertx;
  private final RedfishServer server;
  private final ChassisPlatform platform;
  private final ChassisModel model;
  private final SwitchWorkers switches;
  private final BindingEngine bindings;
  private final HealthMonitor health;
  private final EventServices events;
  private final io.gpuchassis.agent.compose.LiveReseat liveReseat;
  private final io.gpuchassis.agent.compose.LeaseKeeper leaseKeeper;
  private final FirmwareUpdates firmware;
  private final Console console;
  private final ManagerRestart restart;
  private final Optional<TrialCheck> trial;
  private final SunfishRegistration sunfish;
  private final PortWatch dataPorts;
  private final io.gpuchassis.agent.ethernet.PortInventoryWatch dataPortInventory;
  private final io.gpuchassis.agent.ethernet.RoceWatch roceProfiles;
  private final io.gpuchassis.agent.ethernet.RoundTripWatch roundTrips;

  /** How long a bound GPU's link may take to train before the bind is undone. */
  static final java.time.Duration LINK_TRAINING_TIMEOUT = java.time.Duration.ofSeconds(5);

  /** Closed with the agent: its JVM meters listen to the garbage collector. */
  private final MetricsService metrics;

  private Agent(
      AgentStore store,
      Vertx vertx,
      RedfishServer server,
      ChassisPlatform platform,
      ChassisModel model,
      SwitchWorkers switches,
      BindingEngine bindings,
      HealthMonitor health,
      io.gpuchassis.agent.compose.LiveReseat liveReseat,
      io.gpuchassis.agent.compose.LeaseKeeper leaseKeeper,
      EventServices events,
      FirmwareUpdates firmware,
      Console console,
      ManagerRestart restart,
      Optional<TrialCheck> trial,
      MetricsService metrics,
      SunfishRegistration sunfish,
      PortWatch dataPorts,
      io.gpuchassis.agent.ethernet.PortInventoryWatch dataPortInventory,
      io.gpuchassis.agent.ethernet.RoceWatch roceProfiles,
      io.gpuchassis.agent.ethernet.RoundTripWatch roundTrips) {
    this.roundTrips = roundTrips;
    this.sunfish = sunfish;
    this.dataPorts = dataPorts;
    this.dataPortInventory = dataPortInventory;
    this.roceProfiles = roceProfiles;
    this.store = store;
    this.metrics = metrics;
    this.restart = restart;
    this.trial = trial;
    this.console = console;
    this.vertx = vertx;
    this.server = server;
    this.platform = platform;
    this.model = model;
    this.switches = switches;
    this.bindings = bindings;
    this.health = health;
    this.liveReseat = liveReseat;
    this.leaseKeeper = leaseKeeper;
    this.events = events;
    this.firmware = firmware;
  }

  /**
   * Where the technician's consoles run: as configured (the command line's {@code --console} or the
   * configuration's {@code console.devices}), else the board file's console port on real hardware;
   * none in a simulation unless asked.
   */
  private static java.util.List<String> consoleDevices(
      AgentConfig config, ChassisPlatform platform) {
    return config
        .console()
        .devices()
        .orElseGet(
            () ->
                platform.simulated()
                    ? java.util.List.of()
                    : platform
                        .board()
                        .console()
                        .map(p -> java.util.List.of(p.device()))
                        .orElse(java.util.List.of()));
  }

  /**
   * Stops the HTTPS listener; the engines and the consoles go on (as when the management network is
   * down).
   */
  public void stopListening() {
    server.stopListening();
  }

  /**
   * The sensors, thresholds, fan loop and over-temperature policy, for in-process tests and tools.
   */
  public HealthMonitor health() {
    return health;
  }

  /** The hardware under the agent, real or simulated, for in-process tests and tools. */
  /** The chassis's own data-path ports, as last sampled. */
  public PortWatch dataPorts() {
    return dataPorts;
  }

  public ChassisPlatform platform() {
    return platform;
  }

  /**
   * Where the agent's components raise events (logged, streamed over SSE, pushed to subscribers).
   */
  public EventBus events() {
    return events.bus();
  }

  /** The switch firmware updates, for in-process tests and tools. */
  public FirmwareUpdates firmware() {
    return firmware;
  }

  /**
   * How Manager.Reset restarts the agent: the service running it attaches its graceful stop here.
   */
  public ManagerRestart restart() {
    return restart;
  }

  /** The binding engine, for in-process tests and tools. */
  public BindingEngine bindings() {
    return bindings;
  }

  /**
   * Starts the agent and returns once it is listening.
   *
   * @param environment the process environment (for the first password: {@code
   *     CREDENTIALS_DIRECTORY}, {@code BMC_AGENT_ADMIN_PASSWORD})
   * @throws ConfigException when the configuration cannot be honoured
   */
  public static Agent start(AgentConfig config, Map<String, String> environment) {
    return start(config, environment, new PasswordHasher());
  }

  /**
   * Starts the agent with its passwords hashed by {@code hasher}. The shipped entry point always
   * passes the full-cost {@code new PasswordHasher()}; a cheaper hasher can only be made by the
   * tests (PasswordHasher's constructor with a cost is package-private), which start most of their
   * agents this way (docs/SECURITY.md).
   */
  public static Agent start(
      AgentConfig config, Map<String, String> environment, PasswordHasher hasher) {
    Clock clock = Clock.systemUTC();
    // Independent start-up work runs side by side: parsing the board file, opening the database,
    // loading (or generating) the certificate, starting Vert.x and loading the firmware signing
    // keys (the JDK's Ed25519 is slow to initialise) each take tens to hundreds of milliseconds on
    // a small board. Own threads: the common pool has a single worker on a two-core board.
    ExecutorService startup = Executors.newFixedThreadPool(7, r -> new Thread(r, "agent-startup"));
    CompletableFuture<Vertx> vertxStart =
        CompletableFuture.supplyAsync(
            () -> EventLoops.create(VertxPools.forThisMachine()), startup);
    CompletableFuture.runAsync(AgentStore::loadNativeLibrary, startup);
    // The board file is checked before anything is created: a bad configuration leaves no state
    // directory behind. On a restart (the database is there) the steps that need only the state
    // directory begin at once, beside the board file's parsing; their failures count only once
    // the configuration has passed, so a bad board is reported first either way.
    RuntimeException filesProblem = problemOf(() -> requireConfiguredFiles(config));
    StateDirectoryWork early =
        filesProblem == null && StateDirectoryWork.startedBefore(config.stateDir())
            ? StateDirectoryWork.begin(config, clock, startup)
            : null;
    BoardDescription board;
    try {
      board = PlatformAssembly.board(config);
      if (filesProblem != null) {
        throw filesProblem;
      }
      createStateDirectory(config.stateDir());
    } catch (RuntimeException e) {
      startup.shutdown();
      if (early != null) {
        early.abandon();
      }
      vertxStart.thenAccept(Vertx::close);
      throw e;
    }
    StateDirectoryWork stateWork =
        early != null ? early : StateDirectoryWork.begin(config, clock, startup);
    CompletableFuture<ChassisPlatform> platformOpen =
        CompletableFuture.supplyAsync(() -> PlatformAssembly.open(config, board, clock), startup);

    AgentStore store = null;
    Vertx vertx = null;
    SwitchWorkers switches = null;
    HealthMonitor health = null;
    io.gpuchassis.agent.compose.LiveReseat liveReseat = null;
    io.gpuchassis.agent.compose.LeaseKeeper leaseKeeper = null;
    EventServices events = null;
    SunfishRegistration sunfish = null;
    PortWatch dataPorts = null;
    io.gpuchassis.agent.ethernet.PortInventoryWatch dataPortInventory = null;
    io.gpuchassis.agent.ethernet.RoceWatch roceProfiles = null;
    io.gpuchassis.agent.ethernet.RoundTripWatch roundTrips = null;
    FirmwareUpdates firmware = null;
    CompletableFuture<?> firstAdministrator = null;
    CompletableFuture<ChassisState> discovery = null;
    try {
      store = stateWork.store();
      LOG.info("State directory: {}", config.stateDir().toAbsolutePath());
      Settings settings = new Settings(store);
      UUID uuid =
          UUID.fromString(settings.getOrCreate("service.uuid", () -> UUID.randomUUID().toString()));

      AccountRepository accounts = new AccountRepository(store);
      // A first start hashes the first password (PBKDF2, over half a second) while the chassis is
      // read.
      firstAdministrator =
          CompletableFuture.runAsync(
              () -> new FirstAdministrator(accounts, hasher, clock).ensure(environment), startup);

      ChassisPlatform platform = join(platformOpen);
      if (platform.simulated()) {
        LOG.warn("{}. No configuration selects real hardware.", platform.description());
      } else {
        LOG.info("Hardware: {}", platform.description());
      }
      ServiceIdentity identity =
          new ServiceIdentity(
              uuid,
              ServiceIdentity.PRODUCT,
              ServiceIdentity.VENDOR,
              ServiceIdentity.agentVersion(),
              platform.simulated());
      ChassisModel model = new ChassisModel(platform.inventory());
      requireKnownHosts(config, model.current());
      // before the chassis is read: what discovery returns carries the tag on
      AssetTag assetTag = new AssetTag(settings, model);
      assetTag.restore();
      // From the first poll: release-or-idle needs the ports' traffic over a whole window
      io.gpuchassis.agent.compose.GpuActivity gpuActivity =
          new io.gpuchassis.agent.compose.GpuActivity();
      model.onChange(gpuActivity);
      switches =
          SwitchWorkers.start(
              model,
              id -> platform.openSwitch(id, SWITCH_POLLING),
              clock,
              config.switchPollInterval());
      ChassisSensors sensors = openSensors(platform, switches);
      // The chassis is read (mostly waiting on the GPUs' post-boxes) while the services that do not
      // depend on it start. Outside the model's lock: a slot line owned by a switch is read through
      // that switch's worker, whose poll takes the lock to report. Nothing answers before it is
      // applied below, so no client sees GPUs appear.
      ChassisModel discovered = model;
      discovery =
          CompletableFuture.supplyAsync(
              () ->
                  new ChassisDiscovery(platform.board(), sensors, platform.sensorContext())
                      .discover(discovered.current()),
              startup);
      HttpsCertificate tls = stateWork.certificate();
      vertx = join(vertxStart);
      RedfishServer server = RedfishServer.listen(vertx, config.listen(), config.http(), tls);
      SubscriberBodies subscriberBodies = new SubscriberBodies();
      LOG.info("Listening at https://{}/ (503 until the service is ready)", server.address());
      events =
          EventServices.start(
              store, vertx, clock, subscriberBodies, config.outbound(), config.syslog().caFile());
      join(firstAdministrator);
      SecurityServices security =
          new SecurityServices(store, accounts, hasher, vertx, clock, config.authentication());
      events
          .forwardToSyslog(config.syslog())
          .ifPresent(
              syslog -> {
                security
                    .log()
                    .forwardTo(entry -> syslog.forward(syslogEntry(entry, syslog.hostName())));
                LOG.info(
                    "Events and the security log are forwarded to syslog ({})", syslog.describe());
              });
      Subscriptions subscribers = events.subscriptions();
      Optional<io.gpuchassis.agent.events.Subscription> sunfishCore =
          coreDestination(config, events, clock);
      security
          .log()
          .forwardTo(
              entry ->
                  subscribers.deliverSecurityEntry(syslogEntry(entry, subscribers.hostName())));
      BindingJournal journal = new BindingJournal(store, clock);
      Reservations reservations = new Reservations(store, clock);
      TaskRegistry tasks = new TaskRegistry(clock);
      TrustedKeys trustedKeys = stateWork.firmwareKeys();
      ChassisState found = join(discovery);
      tls.nameChassis(found.identity().serialNumber());
      model.apply(
          state ->
              state.withInventory(
                  found.identity(),
                  found.slots(),
                  found.powerSupplies(),
                  found.programmableParts()));
      BindingEngine bindings =
          new BindingEngine(
              model,
              switches,
              journal,
              clock,
              LINK_TRAINING_TIMEOUT,
              new io.gpuchassis.agent.compose.ReleaseRule(
                  config.composition(),
                  gpuActivity,
                  SwitchWorkers.trafficReadInterval(config.switchPollInterval()),
                  clock),
              new io.gpuchassis.agent.compose.Admission(powerBudget(platform, config)));
      CompositionEvents compositionEvents = new CompositionEvents(events.bus(), model.current());
      model.onChange(compositionEvents);
      model.onChange(new FabricEvents(events.bus(), model.current()));
      BindingReconciler reconciler =
          new BindingReconciler(
              model, switches, journal, bindings, clock, config.composition()::reseatOf);
      // Ethernet hosts: their GPUs are grouped through the ExpEther manager, journaled the same way
      platform
          .expEtherManager()
          .ifPresent(
              eem -> {
                java.time.Duration attach =
                    platform.board().expether().orElseThrow().attachTimeout();
                bindings.reachOver(
                    new io.gpuchassis.agent.compose.ExpEtherTransport(eem, journal, attach, clock));
                reconciler.withEthernet(
                    new io.gpuchassis.agent.compose.ExpEtherReconciler(
                        model, journal, eem, attach, clock));
              });
      java.util.List<io.gpuchassis.agent.compose.Mismatch> corrections = reconciler.reconcile();
      // Every correction is an event and an entry of the security log (the agent's own doing)
      var reconciliationReport =
          new io.gpuchassis.agent.redfish.composition.ReconciliationReport(
              compositionEvents, security.log());
      reconciliationReport.accept(corrections);
      // After the reconciliation: what the hosts reported holds for the GPUs they still have
      io.gpuchassis.agent.host.HostSightings hostSightings =
          new io.gpuchassis.agent.host.HostSightings(store, model, clock);
      model.onChange(hostSightings);
      // After the reconciliation too: a lease whose GPU is no longer with its host has ended
      io.gpuchassis.agent.compose.Leases leases =
          new io.gpuchassis.agent.compose.Leases(store, model.current());
      model.onChange(leases);
      leaseKeeper =
          new io.gpuchassis.agent.compose.LeaseKeeper(
              leases,
              model::current,
              gpuActivity,
              slot -> bindings.unbind(slot, false),
              new io.gpuchassis.agent.redfish.composition.LeaseReport(events.bus(), security.log()),
              clock,
              config.composition().leaseCheckInterval());
      bindings.confirmWith(hostSightings, config.composition().hostConfirmWithin());
      bindings.admitWith(hostSightings);
      SensorCatalog sensorCatalog =
          new SensorCatalog(sensors.layout(), gpuSensorSlots(model, sensors));
      var powerRisk =
          new io.gpuchassis.agent.redfish.composition.PowerRiskEvents(
              events.bus(), model, powerBudget(platform, config));
      health =
          startHealth(
              sensors,
              sensorCatalog,
              model,
              config,
              platform.simulated(),
              clock,
              events,
              powerRisk::supplyHealthChanged);
      // A card pulled, pushed in or powered on from now on is judged as one found at start is
      HealthMonitor cardWatch = health;
      liveReseat =
          new io.gpuchassis.agent.compose.LiveReseat(
              model,
              bindings,
              journal,
              config.composition()::reseatOf,
              slot ->
                  cardWatch
                      .readCard(slot)
                      .thenApply(read -> card(read, model.current().slot(slot).orElseThrow())),
              reconciliationReport);
      health.onCardChange(liveReseat::look);
      ManagerRestart restart = new ManagerRestart();
      Optional<Slots> slots = openSlots(store);
      firmware =
          startFirmware(
              config,
              trustedKeys,
              switches,
              bindings,
              new SelfUpdate(
                  slots,
                  identity.version(),
                  config.selfUpdate().lowestSupportedVersion(),
                  restart::request),
              new io.gpuchassis.agent.firmware.HttpPushApplyTime(settings));
      SlotReport slotReport =
          new SlotReport(
              events.bus(),
              io.gpuchassis.agent.uri.Uris.firmwareInventory(
                  io.gpuchassis.agent.uri.Uris.AGENT_FIRMWARE_ID));
      reportFallback(slots, slotReport);
      ChassisHealth chassisHealth =
          new ChassisHealth(
              health,
              sensorCatalog,
              platform
                  .board()
                  .powerSupplyRedundancy()
                  .map(r -> r.type().name())
                  .orElse("NotRedundant"),
              platform.board().powerSupplyRedundancy().map(r -> r.minNeeded()).orElse(0));
      java.util.List<String> consoles = consoleDevices(config, platform);
      // Known once the server listens; read by the NetworkProtocol resource only after that.
      java.util.concurrent.atomic.AtomicInteger httpsPort =
          new java.util.concurrent.atomic.AtomicInteger();
      dataPorts =
          dataPortWatch(platform, config, clock, events.bus(), model.current().identity().id());
      dataPortInventory =
          new io.gpuchassis.agent.ethernet.PortInventoryWatch(
              BoardDataPorts.of(platform.board()),
              new io.gpuchassis.agent.ethernet.PortInventoryReader(platform.dataPortTools(), clock),
              config.dataPorts().inventoryInterval());
      roceProfiles =
          roceWatch(platform, config, clock, events.bus(), model.current().identity().id());
      roundTrips =
          roundTripWatch(platform, config, clock, events.bus(), model.current().identity().id());
      RedfishResources resources =
          new RedfishResources(
              identity,
              model,
              tls,
              clock,
              config.switchPollInterval().multipliedBy(3),
              security,
              vertx,
              bindings,
              reservations,
              chassisHealth,
              events,
              firmware,
              config.outbound(),
              tasks,
              new io.gpuchassis.agent.redfish.managers.ManagerSetup(
                  httpsPort::get,
                  consoles.stream()
                      .filter(d -> !d.equals(io.gpuchassis.agent.console.ConsoleLines.STDIO))
                      .toList(),
                  config.console().baud(),
                  restart),
              assetTag,
              subscriberBodies,
              config.composition().answerWithin(),
              config.sunfish().enabled(),
              hostSightings,
              new io.gpuchassis.agent.redfish.chassis.DataPath(
                  platform.board().networkAdapters(),
                  dataPorts,
                  dataPortInventory,
                  roceProfiles,
                  roundTrips),
              leases);
      MetricsService metrics = new MetricsService(MetricsToken.read(config.metricsTokenFile()));
      server.serve(security, resources, metrics, platform.faults());
      leaseKeeper.start();
      httpsPort.set(server.port());
      dataPorts.start();
      dataPortInventory.start();
      roceProfiles.start();
      roundTrips.start();
      LOG.info("Redfish service ready at https://{}/redfish/v1/", server.address());
      // Registered once the agent answers: the core reads the agent while it registers it.
      sunfish = new SunfishRegistration(events.bus(), subscribers, settings);
      SunfishRegistration registration = sunfish;
      sunfishCore.ifPresent(
          core ->
              registration.start(
                  core,
                  SunfishRegistration.agentUrl(
                      config.sunfish(), config.listen().host(), server.port()),
                  io.gpuchassis.agent.uri.Uris.connectionMethod(identity.uuid()),
                  model.current()));
      watchCertificateExpiry(tls, clock, events, vertx);
      java.time.Duration metricsStaleAfter = config.switchPollInterval().multipliedBy(3);
      Subscriptions pushSubscriptions = events.subscriptions();
      io.gpuchassis.agent.events.StreamStats streamStats = events.streamStats();
      PortWatch metricsPorts = dataPorts;
      io.gpuchassis.agent.ethernet.RoundTripWatch metricsRoundTrips = roundTrips;
      metrics.build(
          vertx,
          () ->
              new AgentMetrics(
                  model,
                  chassisHealth,
                  bindings,
                  pushSubscriptions,
                  streamStats,
                  metricsPorts,
                  metricsRoundTrips,
                  clock,
                  metricsStaleAfter));
      // Read after the server answers: the switches' first polls and the reconciliation come first.
      firmware.inventory().refreshAll();
      Optional<TrialCheck> trial =
          startTrial(
              slots,
              config,
              vertx,
              server,
              switches,
              health,
              sensorCatalog,
              journal,
              slotReport,
              restart);
      Console console =
          Console.start(
              consoles,
              config.console(),
              new ConsoleServices(
                  identity,
                  model,
                  bindings,
                  reservations,
                  health,
                  new ConsoleHealth(
                      chassisHealth, clock, config.switchPollInterval().multipliedBy(3)),
                  firmware,
                  security,
                  events,
                  tasks,
                  platform.faults(),
                  dataPorts,
                  roundTrips,
                  vertx,
                  clock));
      startup.shutdown();
      return new Agent(
          store,
          vertx,
          server,
          platform,
          model,
          switches,
          bindings,
          health,
          liveReseat,
          leaseKeeper,
          events,
          firmware,
          console,
          restart,
          trial,
          metrics,
          sunfish,
          dataPorts,
          dataPortInventory,
          roceProfiles,
          roundTrips);
    } catch (RuntimeException e) {
      startup.shutdown();
      // What still runs on the start-up pool uses the store and the switches closed below.
      settle(firstAdministrator);
      settle(discovery);
      if (firmware != null) {
        firmware.close();
      }
      if (health != null) {
        health.close();
      }
      if (dataPorts != null) {
        dataPorts.close();
      }
      if (dataPortInventory != null) {
        dataPortInventory.close();
      }
      if (roceProfiles != null) {
        roceProfiles.close();
      }
      if (roundTrips != null) {
        roundTrips.close();
      }
      if (liveReseat != null) {
        liveReseat.close();
      }
      if (leaseKeeper != null) {
        leaseKeeper.close();
      }
      if (sunfish != null) {
        sunfish.close();
      }
      if (events != null) {
        events.close();
      }
      if (switches != null) {
        switches.close();
      }
      platformOpen.thenAccept(ChassisPlatform::close);
      vertxStart.thenAccept(Vertx::close);
      stateWork.abandon();
      throw e;
    }
  }

  /**
   * A monitor per data-path port of the board, reading where the platform says, its events about
   * the port's Redfish resource; sampled once the server answers.
   */
  private static PortWatch dataPortWatch(
      ChassisPlatform platform, AgentConfig config, Clock clock, EventBus bus, String chassisId) {
    PublishedPortEvents events =
        new PublishedPortEvents(
            bus,
            port ->
                io.gpuchassis.agent.uri.Uris.networkAdapterPort(
                    chassisId, port.adapter(), port.port()));
    return new PortWatch(
        BoardDataPorts.of(platform.board()),
        port -> platform.dataPort(port, clock),
        PortThresholds.DEFAULTS,
        events,
        config.dataPorts().sampleInterval());
  }

  /**
   * The RoCE profile kept on the board's RoCE ports through the platform's tools, its events about
   * each port's Redfish resource; checked once the server answers.
   */
  private static io.gpuchassis.agent.ethernet.RoceWatch roceWatch(
      ChassisPlatform platform, AgentConfig config, Clock clock, EventBus bus, String chassisId) {
    return new io.gpuchassis.agent.ethernet.RoceWatch(
        BoardDataPorts.roce(platform.board()),
        config.dataPorts().roce().profile(),
        platform.dataPortTools(),
        new PublishedPortEvents(
            bus,
            port ->
                io.gpuchassis.agent.uri.Uris.networkAdapterPort(
                    chassisId, port.adapter(), port.port())),
        config.dataPorts().roce().checkInterval(),
        clock);
  }

  /**
   * The round-trip probe of the ports {@code dataPorts.roundTrip.peers} gives a peer, through the
   * platform's tools, its events about each port's Redfish resource; none without peers. A
   * configured port the board does not have stops the start.
   */
  private static io.gpuchassis.agent.ethernet.RoundTripWatch roundTripWatch(
      ChassisPlatform platform, AgentConfig config, Clock clock, EventBus bus, String chassisId) {
    io.gpuchassis.agent.config.RoundTripSettings settings = config.dataPorts().roundTrip();
    if (!settings.enabled()) {
      return io.gpuchassis.agent.ethernet.RoundTripWatch.none();
    }
    java.util.Map<io.gpuchassis.agent.ethernet.DataPort, String> peers;
    try {
      peers =
          io.gpuchassis.agent.ethernet.RoundTripWatch.peers(
              BoardDataPorts.of(platform.board()), settings.peers());
    } catch (IllegalArgumentException e) {
      throw io.gpuchassis.agent.config.ConfigException.at(
          "dataPorts.roundTrip.peers", "dataPorts.roundTrip.peers: " + e.getMessage());
    }
    return new io.gpuchassis.agent.ethernet.RoundTripWatch(
        peers,
        new io.gpuchassis.agent.ethernet.RoundTripProbe(
            platform.dataPortTools(
                io.gpuchassis.agent.ethernet.RoundTripProbe.runTime(settings.count())),
            settings.count()),
        settings.warnAboveMicroseconds(),
        new PublishedPortEvents(
            bus,
            port ->
                io.gpuchassis.agent.uri.Uris.networkAdapterPort(
                    chassisId, port.adapter(), port.port())),
        settings.interval(),
        clock);
  }

  /**
   * Reports the HTTPS certificate {@value CertificateExpiry#WARN_DAYS} days before it expires: now,
   * after every replacement, and every hour.
   */
  /**
   * The Sunfish core's event destination as the configuration says (none: a leftover one is
   * removed); a core certificate that cannot be trusted stops the start, as a wrong key does.
   */
  private static Optional<io.gpuchassis.agent.events.Subscription> coreDestination(
      AgentConfig config, EventServices events, Clock clock) {
    try {
      return new CoreDestination(events.subscriptions(), events.destinationCertificates(), clock)
          .configure(config.sunfish());
    } catch (IllegalStateException | io.gpuchassis.agent.tls.InvalidTlsMaterialException e) {
      throw io.gpuchassis.agent.config.ConfigException.at(
          "sunfish.coreAuthority", "sunfish.coreAuthority: " + e.getMessage());
    }
  }

  private static void watchCertificateExpiry(
      HttpsCertificate tls, Clock clock, EventServices events, Vertx vertx) {
    CertificateExpiry expiry =
        new CertificateExpiry(tls, clock, new CertificateExpiryEvents(events.bus()));
    tls.onReplaced(expiry::check);
    expiry.check();
    // a date comparison and an event handed to the bus's own thread: no need to leave the loop
    vertx.setPeriodic(java.time.Duration.ofHours(1).toMillis(), id -> expiry.check());
  }

  /**
   * Opens the board's sensor devices, slot lines and GPU sidebands, and reports each one that is
   * not ready with its board name and where it was looked for; the others work regardless. Slot
   * lines owned by a switch go through its worker; processor GPIO lines through the platform.
   */
  private static ChassisSensors openSensors(ChassisPlatform platform, SwitchWorkers switches) {
    ChassisSensors sensors =
        new ChassisSensors(
            platform.sensorContext(),
            BoardSensorLayout.of(platform.board()),
            PostBoxTiming.production(),
            name -> {
              LineRef line = BoardSensorLayout.ExternalLines.ref(name);
              if (line instanceof SwitchGpioRef pin) {
                return new SwitchGpioLine(
                    switches.worker(pin.switchId()).orElseThrow(), pin.pin(), SWITCH_GPIO_TIMEOUT);
              }
              return platform.gpioLine(
                  (GpioLineRef) line, BoardSensorLayout.ExternalLines.signal(name));
            });
    new DeviceReport(platform.board()).log(sensors.initialize());
    return sensors;
  }

  /**
   * Polls the chassis sensors: production intervals, ten times faster in a fast simulation (tests).
   */
  private static HealthMonitor startHealth(
      ChassisSensors sensors,
      SensorCatalog catalog,
      ChassisModel model,
      AgentConfig config,
      boolean simulated,
      Clock clock,
      EventServices events,
      java.util.function.BiConsumer<String, io.gpuchassis.sensor.threshold.Health> supplyWatch) {
    PollIntervals intervals =
        simulated && config.simulation().speed() == SimulationSpeed.FAST
            ? PollIntervals.production().faster(10)
            : PollIntervals.production();
    return HealthMonitor.start(
        sensors,
        gpuSensorSlots(model, sensors),
        slot -> model.current().binding(slot).host().isPresent(),
        new PublishedHealthEvents(
            events.bus(), catalog, model.current().identity().id(), supplyWatch),
        clock,
        intervals,
        PollerSettings.defaults().withStuckAfterSamples(config.sensors().stuckAfterSamples()));
  }

  /**
   * A slot's card as the model holds one: who it said it is, an unidentified GPU when it did not
   * say (judged as a card that does not say its serial number), nothing while its slot is off.
   */
  private static io.gpuchassis.agent.compose.Card card(
      io.gpuchassis.agent.health.SlotCard read, io.gpuchassis.agent.chassis.Slot slot) {
    if (!read.present()) {
      return io.gpuchassis.agent.compose.Card.empty();
    }
    if (!read.powered()) {
      return io.gpuchassis.agent.compose.Card.unpowered();
    }
    read.problem()
        .ifPresent(
            p ->
                LOG.warn(
                    "Slot {}: a card is present but does not identify itself on its sideband: {}",
                    slot.number(),
                    p));
    return io.gpuchassis.agent.compose.Card.seated(
        read.identity()
            .map(id -> io.gpuchassis.agent.platform.GpuIdentities.toGpu(id, slot))
            .orElseGet(() -> io.gpuchassis.agent.chassis.Gpu.unidentified(slot)));
  }

  /**
   * The power the board's supplies give its GPUs, by its redundancy policy; a GPU of unknown power
   * counts at the configured slot ceiling.
   */
  static io.gpuchassis.agent.compose.PowerBudget powerBudget(
      ChassisPlatform platform, AgentConfig config) {
    return platform
        .board()
        .powerSupplyRedundancy()
        .map(
            r ->
                new io.gpuchassis.agent.compose.PowerBudget(
                    r.minNeeded(),
                    r.chassisLoadWatts(),
                    config.composition().slotPowerCeilingWatts()))
        .orElse(io.gpuchassis.agent.compose.PowerBudget.NONE);
  }

  /**
   * How long a slot line owned by a switch may wait for the switch's worker (a firmware block takes
   * a while).
   */
  static final java.time.Duration SWITCH_GPIO_TIMEOUT = java.time.Duration.ofSeconds(5);

  /**
   * The files the configuration names outside the state directory must be there before anything is
   * created.
   */
  private static void requireConfiguredFiles(AgentConfig config) {
    config.tlsCertificate().ifPresent(file -> requireFile("tls.certificate", file));
    config.tlsPrivateKey().ifPresent(file -> requireFile("tls.privateKey", file));
    config
        .firmwareTrustedKeys()
        .filter(dir -> java.nio.file.Files.exists(dir) && !java.nio.file.Files.isDirectory(dir))
        .ifPresent(
            dir -> {
              throw ConfigException.at(
                  "firmware.trustedKeys", "firmware.trustedKeys: " + dir + " is not a folder");
            });
  }

  /** A release policy for a host port the board does not have is a typo, not a setting. */
  private static void requireKnownHosts(AgentConfig config, ChassisState chassis) {
    java.util.Set<String> ports =
        chassis.hosts().stream()
            .map(io.gpuchassis.agent.chassis.HostPort::id)
            .collect(java.util.stream.Collectors.toCollection(java.util.TreeSet::new));
    java.util.Set<String> unknown = new java.util.TreeSet<>(config.composition().hosts().keySet());
    unknown.removeAll(ports);
    if (!unknown.isEmpty()) {
      throw ConfigException.at(
          "composition.hosts",
          "composition.hosts names "
              + String.join(", ", unknown)
              + ", which the board has no host port of (it has "
              + String.join(", ", ports)
              + ")");
    }
    java.util.Set<Integer> slots =
        new java.util.TreeSet<>(config.composition().reseatSlots().keySet());
    chassis.slots().forEach(s -> slots.remove(s.number()));
    if (!slots.isEmpty()) {
      throw ConfigException.at(
          "composition.reseatSlots",
          "composition.reseatSlots names slots "
              + slots
              + ", which the board does not have (it has slots 1 to "
              + chassis.slots().size()
              + ")");
    }
  }

  private static void requireFile(String key, java.nio.file.Path file) {
    if (!java.nio.file.Files.isRegularFile(file)) {
      throw ConfigException.at(key, key + ": " + file + " does not exist or is not a file");
    }
  }

  /**
   * The state directory, owner-only from its creation: the start-up work below writes into it side
   * by side.
   */
  private static void createStateDirectory(java.nio.file.Path stateDir) {
    try {
      io.gpuchassis.agent.store.StateFiles.createFolders(stateDir);
    } catch (java.io.IOException e) {
      throw new ConfigException(
          "state directory " + stateDir + " cannot be created: " + e.getMessage());
    }
  }

  /**
   * The install slots the packaged launcher started the agent with, if any, with what this agent
   * reads and what the database is at recorded for the launcher's fallback.
   */
  /** A security-log entry as the syslog message (facility Authpriv) collectors receive. */
  private static SyslogMessage syslogEntry(
      io.gpuchassis.agent.security.SecurityLog.Entry entry, String hostName) {
    return SyslogMessage.ofSecurityEntry(
        entry.created(),
        entry.severity(),
        entry.messageId(),
        entry.message(),
        entry.userName(),
        entry.address(),
        hostName);
  }

  private static Optional<Slots> openSlots(AgentStore store) {
    try {
      Optional<Slots> slots = Slots.fromLauncher();
      if (slots.isPresent()) {
        slots.get().recordStart(AgentStore.schemaKnown(), store.schema());
        LOG.info(
            "Started from slot {} of {}{}",
            slots.get().running().stateName(),
            slots.get().folder(),
            slots.get().onTrial() ? ", on trial" : "");
      }
      return slots;
    } catch (java.io.IOException e) {
      throw new ConfigException("the agent's install slots: " + e.getMessage());
    }
  }

  /** Reports a fallback the launcher made before this start, once. */
  private static void reportFallback(Optional<Slots> slots, SlotReport report) {
    if (slots.isEmpty()) {
      return;
    }
    try {
      slots.get().takeFallback().ifPresent(gaveUp -> report.fellBack(slots.get(), gaveUp));
    } catch (java.io.IOException e) {
      LOG.warn("Cannot record that the launcher's fallback was reported: {}", e.getMessage());
    }
  }

  /**
   * The trial of an agent started from a new slot: marked good once it has served Redfish, read
   * every switch and sensor and replayed its journal; stopped (as by Manager.Reset, so that the
   * launcher counts the start) when the deadline passes first.
   */
  private static Optional<TrialCheck> startTrial(
      Optional<Slots> slots,
      AgentConfig config,
      Vertx vertx,
      RedfishServer server,
      SwitchWorkers switches,
      HealthMonitor health,
      SensorCatalog sensors,
      BindingJournal journal,
      SlotReport report,
      ManagerRestart restart) {
    if (slots.isEmpty() || !slots.get().onTrial()) {
      return Optional.empty();
    }
    Slots s = slots.get();
    return Optional.of(
        TrialCheck.start(
            s,
            java.util.List.of(
                TrialChecks.redfish(vertx, config.listen().host(), server.port()),
                TrialChecks.switches(switches),
                TrialChecks.sensors(health, sensors.all()),
                TrialChecks.journal(journal)),
            config.selfUpdate().trialDeadline(),
            passed -> report.markedGood(s),
            why -> {
              report.trialFailed(s, why);
              restart.request("the agent in slot " + s.running() + " failed its trial: " + why);
            }));
  }

  /** The firmware updates, with the staging folder in the state directory. */
  private static FirmwareUpdates startFirmware(
      AgentConfig config,
      TrustedKeys keys,
      SwitchWorkers switches,
      BindingEngine bindings,
      SelfUpdate self,
      io.gpuchassis.agent.firmware.HttpPushApplyTime httpPush) {
    try {
      return new FirmwareUpdates(
          keys,
          config.stateDir().resolve("firmware").resolve("staging"),
          new FirmwareInventory(switches),
          switches,
          bindings,
          io.gpuchassis.agent.uri.Uris::firmwareInventory,
          MAX_FIRMWARE_BUNDLE_BYTES,
          config.switchLowestSupportedVersion(),
          self,
          httpPush);
    } catch (java.io.IOException e) {
      throw new ConfigException("firmware staging folder: " + e.getMessage());
    }
  }

  /** Short command deadline for polling: a healthy switch answers in milliseconds. */
  static final DriverOptions SWITCH_POLLING =
      DriverOptions.defaults().withCommandTimeout(java.time.Duration.ofSeconds(1));

  /** The slots whose GPU sideband is read: the occupied ones the board gives a sideband. */
  private static java.util.Set<Integer> gpuSensorSlots(ChassisModel model, ChassisSensors sensors) {
    return model.current().slots().stream()
        .filter(io.gpuchassis.agent.chassis.Slot::occupied)
        .map(io.gpuchassis.agent.chassis.Slot::number)
        .filter(slot -> sensors.layout().slot(slot).flatMap(s -> s.gpu()).isPresent())
        .collect(java.util.stream.Collectors.toCollection(java.util.TreeSet::new));
  }

  /**
   * Largest firmware bundle accepted: switch images are a few MiB, with room for a bundle of
   * several.
   */
  static final long MAX_FIRMWARE_BUNDLE_BYTES = 64L << 20;

  /** Waits for {@code future}, if started, to finish either way. */
  private static void settle(CompletableFuture<?> future) {
    if (future != null) {
      future.handle((value, failure) -> null).join();
    }
  }

  /** What {@code check} throws, or null when it passes. */
  private static RuntimeException problemOf(Runnable check) {
    try {
      check.run();
      return null;
    } catch (RuntimeException e) {
      return e;
    }
  }

  /** Waits for {@code future}; its failure is rethrown as it was thrown. */
  static <T> T join(CompletableFuture<T> future) {
    try {
      return future.join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof RuntimeException cause) {
        throw cause;
      }
      throw e;
    }
  }

  /** The TCP port the HTTPS server listens on (useful when started on port 0). */
  public int port() {
    return server.port();
  }

  /** The simulation's fault switchboard; empty on real hardware. */
  public Optional<FaultInjector> faults() {
    return platform.faults();
  }

  /** Every route the HTTPS server answers, with its privilege. */
  public java.util.List<io.gpuchassis.redfish.route.RouteEntry> routes() {
    return server.routes();
  }

  /** The chassis model, for in-process tests and tools. */
  public ChassisModel model() {
    return model;
  }

  public SwitchWorkers switches() {
    return switches;
  }

  /**
   * The Vert.x instance the HTTPS server runs on (the service's watchdog checks its event loop).
   */
  /** The event loops that answer Redfish requests. */
  public java.util.List<io.vertx.core.Context> httpLoops() {
    return server.loops();
  }

  public Vertx vertx() {
    return vertx;
  }

  @Override
  public void close() {
    try {
      trial.ifPresent(TrialCheck::close);
      // The consoles first: their sessions use everything below.
      console.close();
      // Producers first: a poll or a sensor reading that raises an event must find the bus still
      // open.
      firmware.close();
      health.close();
      dataPorts.close();
      dataPortInventory.close();
      roceProfiles.close();
      roundTrips.close();
      // after the monitor (no more looks), before the switches its operations use
      liveReseat.close();
      // before the engine's switches and the bus it reports to
      leaseKeeper.close();
      switches.close();
      sunfish.close();
      events.close();
      vertx.close().await();
      metrics.close();
      platform.close();
    } finally {
      store.close();
    }
  }
}

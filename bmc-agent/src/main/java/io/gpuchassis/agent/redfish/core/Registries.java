package io.gpuchassis.agent.redfish.core;

import io.gpuchassis.agent.security.AuditMessages;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.message.AccountSecurityMessages;
import io.gpuchassis.redfish.message.BaseMessages;
import java.util.List;
import java.util.Optional;

/**
 * Every message registry whose messages the agent emits, with the version emitted: {@code
 * /redfish/v1/Registries} lists these. A resource that starts emitting messages of another registry
 * adds it here, and the class defining its messages to {@link RegistryDocuments}, which generates
 * the file served for it.
 */
public final class Registries {

  /**
   * A message registry: its prefix ({@code Base}), full version ({@code 1.22.1}), and whether DMTF
   * publishes it (the agent's own registry is published by the agent itself).
   */
  public record Registry(String prefix, String version, boolean dmtf) {

    /** A DMTF registry named as message ids start: {@code Base.1.22.1}. */
    public static Registry of(String prefixAndVersion) {
      int dot = prefixAndVersion.indexOf('.');
      return new Registry(
          prefixAndVersion.substring(0, dot), prefixAndVersion.substring(dot + 1), true);
    }

    /**
     * The registry file's URI on the agent, which serves every registry it uses ({@link
     * RegistryDocuments}).
     */
    public String hostedUri() {
      return Uris.registry(id()) + "/" + prefix + "." + version + ".json";
    }

    /**
     * Name and major.minor version, e.g. {@code Base.1.22}: the {@code Registry} property and the
     * resource's Id.
     */
    public String id() {
      return prefix + "." + version.substring(0, version.lastIndexOf('.'));
    }

    /** The registry file DMTF publishes, named beside the agent's own file for a DMTF registry. */
    public String publicationUri() {
      return "https://redfish.dmtf.org/registries/" + prefix + "." + version + ".json";
    }
  }

  public static final List<Registry> ALL =
      List.of(
          Registry.of(BaseMessages.REGISTRY),
          Registry.of(AccountSecurityMessages.REGISTRY),
          Registry.of(io.gpuchassis.redfish.message.CompositionMessages.REGISTRY),
          Registry.of(io.gpuchassis.redfish.message.ResourceEventMessages.REGISTRY),
          Registry.of(io.gpuchassis.redfish.message.FabricMessages.REGISTRY),
          Registry.of(io.gpuchassis.redfish.message.SensorEventMessages.REGISTRY),
          Registry.of(io.gpuchassis.redfish.message.EnvironmentalMessages.REGISTRY),
          Registry.of(io.gpuchassis.redfish.message.PlatformMessages.REGISTRY),
          Registry.of(io.gpuchassis.redfish.message.TaskEventMessages.REGISTRY),
          Registry.of(io.gpuchassis.redfish.message.UpdateMessages.REGISTRY),
          Registry.of(io.gpuchassis.redfish.message.HeartbeatEventMessages.REGISTRY),
          Registry.of(io.gpuchassis.redfish.message.NetworkDeviceMessages.REGISTRY),
          new Registry(AuditMessages.PREFIX, AuditMessages.VERSION, false),
          new Registry(CompositionCheckMessages.PREFIX, CompositionCheckMessages.VERSION, false));

  private Registries() {}

  /** The registry whose {@link Registry#id()} is {@code id}. */
  public static Optional<Registry> find(String id) {
    return ALL.stream().filter(r -> r.id().equals(id)).findFirst();
  }
}

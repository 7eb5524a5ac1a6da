package io.gpuchassis.agent.redfish;

import io.gpuchassis.redfish.message.BaseMessages;
import java.util.List;
import java.util.Optional;

/**
 * Every message registry whose messages the agent emits, with the version emitted: {@code /redfish/v1/Registries}
 * lists these. A resource that starts emitting messages of another registry (Composition, Fabric, ResourceEvent,
 * TaskEvent, ...) adds it here.
 */
public final class Registries {

  /** A DMTF message registry: its prefix ({@code Base}) and full version ({@code 1.22.1}). */
  public record Registry(String prefix, String version) {

    /** {@code Base.1.22.1}, the form message ids start with. */
    public static Registry of(String prefixAndVersion) {
      int dot = prefixAndVersion.indexOf('.');
      return new Registry(prefixAndVersion.substring(0, dot), prefixAndVersion.substring(dot + 1));
    }

    /** Name and major.minor version, e.g. {@code Base.1.22}: the {@code Registry} property and the resource's Id. */
    public String id() {
      return prefix + "." + version.substring(0, version.lastIndexOf('.'));
    }

    /** The registry file DMTF publishes; the agent does not host copies. */
    public String publicationUri() {
      return "https://redfish.dmtf.org/registries/" + prefix + "." + version + ".json";
    }
  }

  public static final List<Registry> ALL = List.of(Registry.of(BaseMessages.REGISTRY));

  private Registries() {}

  /** The registry whose {@link Registry#id()} is {@code id}. */
  public static Optional<Registry> find(String id) {
    return ALL.stream().filter(r -> r.id().equals(id)).findFirst();
  }
}

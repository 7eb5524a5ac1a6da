package io.gpuchassis.agent.redfish.fabric;

import io.gpuchassis.agent.chassis.ChassisModel;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.compose.GpuPeerPaths;
import io.gpuchassis.agent.health.ViewVersion;
import io.gpuchassis.agent.redfish.core.OemSchema;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.route.Privilege;
import io.gpuchassis.redfish.route.PrivilegeRule;
import io.gpuchassis.redfish.route.RedfishRoutes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code /redfish/v1/Fabrics/PCIe/Oem/GpuChassisAgent/PeerPaths}: for every pair of GPUs, how
 * traffic between them travels and what that allows, rendered from {@link GpuPeerPaths}, the
 * computation placement uses. An OEM resource (type {@code #GpuChassisAgent.v1_0_0.PeerPaths}),
 * linked from the Fabric's {@code Oem.GpuChassisAgent.PeerPaths}; read with Login, like the Fabric.
 */
public final class PeerPathsResource {

  private static final PrivilegeRule LOGIN = PrivilegeRule.allOf(Privilege.Login);

  private final ChassisModel model;
  private final ViewVersion views;

  public PeerPathsResource(ChassisModel model, ViewVersion views) {
    this.model = model;
    this.views = views;
  }

  public void register(RedfishRoutes routes) {
    // Only the snapshot is read: the bindings, the wiring and the polled links are all in it.
    routes.oemResource(
        Uris.PEER_PATHS,
        LOGIN,
        params -> views.generation(),
        (params, caller) -> render(model.current()));
  }

  /** The Fabric's {@code Oem}: the link to this resource. */
  static Map<String, Object> fabricOem() {
    return OemSchema.oem(
        OemSchema.FABRIC, Map.of("PeerPaths", Map.of("@odata.id", Uris.PEER_PATHS)));
  }

  static Map<String, Object> render(ChassisState state) {
    List<Map<String, Object>> pairs = new ArrayList<>();
    for (GpuPeerPaths.Pair pair : GpuPeerPaths.of(state)) {
      pairs.add(render(pair));
    }
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("@odata.id", Uris.PEER_PATHS);
    body.put("@odata.type", OemSchema.odataType(OemSchema.PEER_PATHS));
    body.put("Id", OemSchema.PEER_PATHS);
    body.put("Name", "GPU Peer Paths");
    body.put(
        "Description",
        "How traffic between every pair of GPUs travels through the switch fabric, given the"
            + " hosts' bindings");
    body.put("GpuPairs", pairs);
    return body;
  }

  static Map<String, Object> render(GpuPeerPaths.Pair pair) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put(
        "Endpoints",
        List.of(ref(Uris.gpuEndpoint(pair.slotA())), ref(Uris.gpuEndpoint(pair.slotB()))));
    out.put(
        "Processors",
        List.of(ref(Uris.gpuProcessor(pair.slotA())), ref(Uris.gpuProcessor(pair.slotB()))));
    out.put("Path", pathName(pair.kind()));
    out.put("InterSwitchHops", pair.hops());
    out.put("Composition", compositionName(pair.composition()));
    out.put("System", pair.host().map(h -> (Object) ref(Uris.system(h))).orElse(null));
    out.put("PeerToPeerDMA", pair.peerToPeer());
    out.put(
        "LimitingLink",
        pair.limit()
            .map(
                l -> {
                  Map<String, Object> link = new LinkedHashMap<>();
                  link.put("Port", ref(Uris.port(l.switchId(), l.port())));
                  link.put("Width", l.width());
                  link.put("Generation", l.generation());
                  link.put("Negotiated", l.negotiated());
                  return (Object) link;
                })
            .orElse(null));
    return out;
  }

  static String pathName(GpuPeerPaths.Kind kind) {
    return switch (kind) {
      case SAME_SWITCH -> "SameSwitch";
      case INTER_SWITCH -> "InterSwitch";
      case THROUGH_HOST -> "ThroughHost";
      case NONE -> "None";
      case OVER_ETHERNET -> "Ethernet";
    };
  }

  static String compositionName(GpuPeerPaths.Composition composition) {
    return switch (composition) {
      case SAME_HOST -> "SameSystem";
      case DIFFERENT_HOSTS -> "DifferentSystems";
      case NOT_COMPOSED -> "NotComposed";
    };
  }

  private static Map<String, String> ref(String uri) {
    return Map.of("@odata.id", uri);
  }
}

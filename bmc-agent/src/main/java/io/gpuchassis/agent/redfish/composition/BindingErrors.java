package io.gpuchassis.agent.redfish.composition;

import io.gpuchassis.agent.compose.BindingException;
import io.gpuchassis.agent.redfish.core.CompositionCheckMessages;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.error.RedfishException;
import io.gpuchassis.redfish.message.BaseMessages;
import io.gpuchassis.redfish.message.CompositionMessages;
import io.gpuchassis.redfish.message.MessageDefinition;
import java.util.List;

/**
 * The one mapping from the binding engine's refusals to Redfish errors, shared by every view of the
 * engine.
 */
public final class BindingErrors {

  /** What a client can do about a host that has not let go of its GPU, over Redfish. */
  static final String HOST_STILL_USING_REMEDY =
      " Once the host has let go of the GPU, PATCH ReadyToRemove to true on"
          + " its PCIeDevice; or force the release: Zone.RemoveEndpoint or ComputerSystem.RemoveResourceBlock with "
          + ForcedRemovals.PARAMETER
          + " (needs ConfigureManager as well as ConfigureComponents: an Administrator).";

  private BindingErrors() {}

  /**
   * @param resource the URI of the GPU (endpoint, resource block) the request named
   */
  public static RedfishException of(BindingException e, String resource) {
    RedfishException error =
        switch (e.reason()) {
          case UNKNOWN_SLOT, EMPTY_SLOT ->
              RedfishErrors.of(CompositionMessages.RESOURCE_BLOCK_INVALID.with(resource));
          case UNKNOWN_HOST ->
              RedfishErrors.of(BaseMessages.RESOURCE_NOT_FOUND.with("Zone", resource));
          case IN_USE -> RedfishErrors.of(CompositionMessages.RESOURCE_BLOCK_IN_USE.with(resource));
          case NOT_BOUND -> RedfishErrors.of(BaseMessages.RESOURCE_IN_USE.with());
          case NOT_REACHABLE -> RedfishErrors.of(CompositionMessages.INCOMPATIBLE_ZONE.with());
          case HOST_STILL_USING -> RedfishErrors.of(BaseMessages.RESOURCE_IN_USE.with());
          case STOPPING ->
              RedfishErrors.of(BaseMessages.SERVICE_TEMPORARILY_UNAVAILABLE.with("30"));
          case SWITCH_UPDATING ->
              RedfishErrors.of(BaseMessages.SERVICE_TEMPORARILY_UNAVAILABLE.with("30"));
          case LINK_NOT_TRAINED, SWITCH_FAILED, SWITCH_STATE_UNKNOWN ->
              RedfishErrors.of(BaseMessages.SERVICE_TEMPORARILY_UNAVAILABLE.with("5"));
          case POWER_BUDGET -> shortfall(e, CompositionCheckMessages.POWER_BUDGET_EXCEEDED);
          case NO_LOGICAL_BRIDGE -> shortfall(e, CompositionCheckMessages.NO_FREE_LOGICAL_BRIDGE);
          case BAR_WINDOW -> shortfall(e, CompositionCheckMessages.MEMORY_WINDOW_TOO_SMALL);
          case DEVICE_LIMIT -> shortfall(e, CompositionCheckMessages.DEVICE_LIMIT_REACHED);
        };
    String detail =
        e.getMessage()
            + (e.reason() == BindingException.Reason.HOST_STILL_USING
                ? "." + HOST_STILL_USING_REMEDY
                : "");
    return error.withDetail(detail);
  }

  /**
   * An admission check's refusal: 409, its own message naming the host, what is needed and what is
   * left.
   */
  private static RedfishException shortfall(BindingException e, MessageDefinition message) {
    BindingException.Shortfall s = e.shortfall().orElseThrow();
    return new RedfishException(
        409, List.of(message.with(s.host(), s.needed(), s.available())), java.util.Map.of());
  }
}

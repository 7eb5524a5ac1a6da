package io.gpuchassis.redfish.message;

/** The Composition registry messages the agent emits (DMTF Composition 1.1.3). */
public final class CompositionMessages {

  public static final String REGISTRY = "Composition.1.1.3";

  public static final MessageDefinition RESOURCE_BLOCK_IN_USE =
      define(
          "ResourceBlockInUse",
          "Resource block '%1' cannot be part of any new compositions.",
          "Warning",
          1,
          "Remove the resource block from the request and resubmit the request.");
  public static final MessageDefinition RESOURCE_BLOCK_INVALID =
      define(
          "ResourceBlockInvalid",
          "Resource block '%1' is not valid.",
          "Critical",
          1,
          "Remove the resource block and resubmit the request.");
  public static final MessageDefinition RESOURCE_BLOCK_NOT_FOUND =
      define(
          "ResourceBlockNotFound",
          "Resource block '%1' was not found.",
          "Critical",
          1,
          "Remove the resource block and resubmit the request.");
  public static final MessageDefinition NO_RESOURCE_MATCH =
      define(
          "NoResourceMatch",
          "The requested resources of type '%1' are not available for allocation.",
          "Critical",
          1,
          "Change parameters associated with the resource, such as quantity or performance, and resubmit the request.");
  public static final MessageDefinition INCOMPATIBLE_ZONE =
      define(
          "IncompatibleZone",
          "The requested resource blocks span multiple resource zones.",
          "Critical",
          0,
          "Request resource blocks from the same resource zone.");
  public static final MessageDefinition RESOURCE_ZONE_MEMBERSHIP_CHANGED =
      define(
          "ResourceZoneMembershipChanged",
          "The membership of resource zone '%1' has been changed.",
          "OK",
          1,
          "None.");
  public static final MessageDefinition RESOURCE_BLOCK_COMPOSITION_STATE_CHANGED =
      define(
          "ResourceBlockCompositionStateChanged",
          "The composition status of the resource block '%1' has changed.",
          "OK",
          1,
          "None.");
  public static final MessageDefinition SPECIFIED_RESOURCE_ALREADY_RESERVED =
      define(
          "SpecifiedResourceAlreadyReserved",
          "Resource block '%1' is already reserved under reservation '%2'.",
          "Critical",
          2,
          "Delete the reservation containing the resource block or select a different resource block and resubmit the request.");
  public static final MessageDefinition CONSTRAINED_RESOURCE_ALREADY_RESERVED =
      define(
          "ConstrainedResourceAlreadyReserved",
          "The requested resources are reserved under reservation '%1'.",
          "Critical",
          1,
          "Delete the reservation containing the resources and resubmit the request.");
  public static final MessageDefinition UNABLE_TO_PROCESS_STANZA_REQUEST =
      define(
          "UnableToProcessStanzaRequest",
          "The provided manifest for the Compose action of type %1 contains a stanza with Id of value '%2' with a Content parameter that could not be processed.",
          "Critical",
          2,
          "Add the Content parameter to the stanza or remove the stanza, and resubmit the request.");
  public static final MessageDefinition EMPTY_MANIFEST =
      define(
          "EmptyManifest",
          "The provided manifest is empty or a stanza in the manifest contains no request.",
          "Warning",
          0,
          "Provide a request content for the manifest and resubmit.");

  private CompositionMessages() {}

  private static MessageDefinition define(
      String key, String template, String severity, int args, String resolution) {
    return new MessageDefinition(REGISTRY, key, template, severity, args, resolution);
  }
}

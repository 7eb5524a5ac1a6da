package io.gpuchassis.redfish.message;

/** The Update registry messages of a firmware update's progress and outcome (DMTF Update 1.3.0). */
public final class UpdateMessages {

  public static final String REGISTRY = "Update.1.3.0";

  public static final MessageDefinition TARGET_DETERMINED =
      define(
          "TargetDetermined", "The target device '%1' will be updated with image '%2'.", "OK", 2);
  public static final MessageDefinition NO_TARGETS_DETERMINED =
      define("NoTargetsDetermined", "No target device will be updated with image '%1'.", "OK", 1);
  public static final MessageDefinition TRANSFERRING_TO_COMPONENT =
      define("TransferringToComponent", "Image '%1' is being transferred to '%2'.", "OK", 2);
  public static final MessageDefinition VERIFYING_AT_COMPONENT =
      define("VerifyingAtComponent", "Image '%1' is being verified at '%2'.", "OK", 2);
  public static final MessageDefinition APPLYING_ON_COMPONENT =
      define("ApplyingOnComponent", "Image '%1' is being applied on '%2'.", "OK", 2);
  public static final MessageDefinition TRANSFER_FAILED =
      define("TransferFailed", "Transfer of image '%1' to '%2' failed.", "Critical", 2);
  public static final MessageDefinition VERIFICATION_FAILED =
      define("VerificationFailed", "Verification of image '%1' at '%2' failed.", "Critical", 2);
  public static final MessageDefinition ACTIVATE_FAILED =
      define("ActivateFailed", "Activation of image '%1' on '%2' failed.", "Critical", 2);
  public static final MessageDefinition AWAIT_TO_UPDATE =
      define(
          "AwaitToUpdate",
          "Awaiting for an action to proceed with installing image '%1' on '%2'.",
          "OK",
          2);
  public static final MessageDefinition AWAIT_TO_ACTIVATE =
      define(
          "AwaitToActivate",
          "Awaiting for an action to proceed with activating image '%1' on '%2'.",
          "OK",
          2);
  public static final MessageDefinition UPDATE_SUCCESSFUL =
      define("UpdateSuccessful", "Device '%1' successfully updated with image '%2'.", "OK", 2);
  public static final MessageDefinition UPDATE_SKIPPED_SAME_VERSION =
      define(
          "UpdateSkippedSameVersion",
          "Device '%1' skipped the update with image '%2' because the same version is already installed.",
          "OK",
          2);
  public static final MessageDefinition UPDATE_SKIPPED_VERSION_TOO_LOW =
      define(
          "UpdateSkippedVersionTooLow",
          "Device '%1' skipped the update with image '%2' due to the minimum version requirement.",
          "OK",
          2);
  public static final MessageDefinition UPDATE_NOT_APPLICABLE =
      define("UpdateNotApplicable", "Image '%1' was not applicable to device '%2'.", "Warning", 2);

  private UpdateMessages() {}

  private static MessageDefinition define(String key, String template, String severity, int args) {
    return new MessageDefinition(REGISTRY, key, template, severity, args, resolution(key));
  }

  private static String resolution(String key) {
    return key.equals("AwaitToActivate") || key.equals("AwaitToUpdate")
        ? "Perform the requested action to advance the update operation."
        : "None.";
  }
}

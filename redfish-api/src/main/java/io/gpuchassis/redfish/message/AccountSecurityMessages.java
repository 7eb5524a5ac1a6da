package io.gpuchassis.redfish.message;

/**
 * The AccountSecurity registry messages the agent records in its security log (DMTF AccountSecurity
 * 1.0.1).
 */
public final class AccountSecurityMessages {

  public static final String REGISTRY = "AccountSecurity.1.0.1";

  public static final MessageDefinition INVALID_CREDENTIALS =
      define(
          "InvalidCredentials",
          "'%1' provided invalid credentials over '%2'.",
          "Critical",
          2,
          "None.");
  public static final MessageDefinition SUCCESSFUL_LOGIN =
      define(
          "SuccessfulLogin",
          "Successful login of user '%1' from '%2' over '%3'.",
          "OK",
          3,
          "None.");
  public static final MessageDefinition ACCOUNT_CREATED =
      define("AccountCreated", "Account '%1' was created.", "OK", 1, "None.");
  public static final MessageDefinition ACCOUNT_REMOVED =
      define("AccountRemoved", "Account '%1' was removed.", "OK", 1, "None.");
  public static final MessageDefinition ACCOUNT_LOCKED =
      define(
          "AccountLocked",
          "Account '%1' was locked due to excessive failed authorization attempts.",
          "Critical",
          1,
          "None.");
  public static final MessageDefinition ACCOUNT_UNLOCKED =
      define("AccountUnlocked", "Account '%1' was unlocked by an administrator.", "OK", 1, "None.");
  public static final MessageDefinition ACCOUNT_ENABLED =
      define("AccountEnabled", "Account '%1' was enabled.", "OK", 1, "None.");
  public static final MessageDefinition ACCOUNT_DISABLED =
      define("AccountDisabled", "Account '%1' was disabled.", "Warning", 1, "None.");
  public static final MessageDefinition PASSWORD_MODIFIED =
      define("PasswordModified", "The password for account '%1' was changed.", "OK", 1, "None.");
  public static final MessageDefinition MANAGER_ACCOUNT_ROLE_CHANGED =
      define(
          "ManagerAccountRoleChanged",
          "Account '%1' has changed from role '%2' to '%3'.",
          "OK",
          3,
          "None.");
  public static final MessageDefinition INSUFFICIENT_PRIVILEGE =
      define(
          "InsufficientPrivilege",
          "'%1' attempted an operation over '%2' with the privleges '%3', but requires the privileges '%4'.",
          "Critical",
          4,
          "None.");

  private AccountSecurityMessages() {}

  private static MessageDefinition define(
      String key, String template, String severity, int args, String resolution) {
    return new MessageDefinition(REGISTRY, key, template, severity, args, resolution);
  }
}

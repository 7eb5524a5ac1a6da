package io.gpuchassis.agent.config;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Duration;

/**
 * How logins, sessions and accounts are limited against guessing, log flooding and hoarding
 * (configuration key {@code authentication}; docs/SECURITY.md). Every key is optional; an absent
 * one keeps its default.
 *
 * @param loginAttemptsPerMinute password checks one client address may start per minute once its
 *     burst is spent (a token bucket, checked before any hashing; a successful login gives its
 *     token back); default 60
 * @param loginBurst password checks one client address may start at once before the rate applies;
 *     default 20
 * @param passwordCheckThreads password checks (PBKDF2) running at the same time, for all clients
 *     together; default 1, which leaves the other core of a two-core board to requests that are
 *     already authenticated
 * @param passwordCheckQueue password checks that may wait for a thread, in each of the two lanes
 *     (addresses without recent failures first, then the others); beyond it a login is answered 503
 *     with Retry-After; default 16
 * @param maxSessions open Redfish sessions in all; default 64
 * @param maxSessionsPerAccount open sessions of one account; default 8
 * @param sessionsReservedForAdministrators of {@code maxSessions}, how many only Administrator
 *     accounts may open, so that other roles can never keep an administrator out; default 8
 * @param maxAccounts local accounts in all; default 64
 * @param securityLogEntries entries the security log keeps (its MaxNumberOfRecords); default 10,000
 * @param securityLogUnauthenticatedEntries of those, the share for entries no authenticated caller
 *     made (failed logins, their summaries, lockouts, refused anonymous requests); each share wraps
 *     on its own, so noise from clients without credentials never pushes out the record of real
 *     changes; default 2,000
 * @param failureSummaryWindow repeated unauthenticated entries of one kind, user name and address
 *     within this window are recorded once, then as one summary with their count; default 60 s
 * @param trackedClients client addresses whose login rate, failures and lockouts are remembered at
 *     once (memory bound; idle ones are forgotten first); default 4,096
 */
public record AuthenticationLimits(
    int loginAttemptsPerMinute,
    int loginBurst,
    int passwordCheckThreads,
    int passwordCheckQueue,
    int maxSessions,
    int maxSessionsPerAccount,
    int sessionsReservedForAdministrators,
    int maxAccounts,
    int securityLogEntries,
    int securityLogUnauthenticatedEntries,
    Duration failureSummaryWindow,
    int trackedClients) {

  public static final AuthenticationLimits DEFAULT =
      new AuthenticationLimits(
          60, 20, 1, 16, 64, 8, 8, 64, 10_000, 2_000, Duration.ofSeconds(60), 4_096);

  public AuthenticationLimits {
    within("loginAttemptsPerMinute", loginAttemptsPerMinute, 1, 6_000);
    within("loginBurst", loginBurst, 1, 1_000);
    within("passwordCheckThreads", passwordCheckThreads, 1, 16);
    within("passwordCheckQueue", passwordCheckQueue, 1, 1_024);
    within("maxSessions", maxSessions, 1, 1_024);
    within("maxSessionsPerAccount", maxSessionsPerAccount, 1, maxSessions);
    within(
        "sessionsReservedForAdministrators", sessionsReservedForAdministrators, 0, maxSessions - 1);
    within("maxAccounts", maxAccounts, 1, 1_024);
    within("securityLogEntries", securityLogEntries, 100, 1_000_000);
    within(
        "securityLogUnauthenticatedEntries",
        securityLogUnauthenticatedEntries,
        10,
        securityLogEntries / 2);
    Durations.requireWithin(
        "authentication.failureSummaryWindow",
        failureSummaryWindow,
        Duration.ofSeconds(1),
        Duration.ofHours(1));
    within("trackedClients", trackedClients, 16, 1_000_000);
  }

  /** From the configuration file's mapping: absent keys take their defaults. */
  @JsonCreator
  public static AuthenticationLimits of(
      @JsonProperty("loginAttemptsPerMinute") Integer loginAttemptsPerMinute,
      @JsonProperty("loginBurst") Integer loginBurst,
      @JsonProperty("passwordCheckThreads") Integer passwordCheckThreads,
      @JsonProperty("passwordCheckQueue") Integer passwordCheckQueue,
      @JsonProperty("maxSessions") Integer maxSessions,
      @JsonProperty("maxSessionsPerAccount") Integer maxSessionsPerAccount,
      @JsonProperty("sessionsReservedForAdministrators") Integer sessionsReservedForAdministrators,
      @JsonProperty("maxAccounts") Integer maxAccounts,
      @JsonProperty("securityLogEntries") Integer securityLogEntries,
      @JsonProperty("securityLogUnauthenticatedEntries") Integer securityLogUnauthenticatedEntries,
      @JsonProperty("failureSummaryWindow") String failureSummaryWindow,
      @JsonProperty("trackedClients") Integer trackedClients) {
    AuthenticationLimits d = DEFAULT;
    return new AuthenticationLimits(
        or(loginAttemptsPerMinute, d.loginAttemptsPerMinute),
        or(loginBurst, d.loginBurst),
        or(passwordCheckThreads, d.passwordCheckThreads),
        or(passwordCheckQueue, d.passwordCheckQueue),
        or(maxSessions, d.maxSessions),
        or(maxSessionsPerAccount, d.maxSessionsPerAccount),
        or(sessionsReservedForAdministrators, d.sessionsReservedForAdministrators),
        or(maxAccounts, d.maxAccounts),
        or(securityLogEntries, d.securityLogEntries),
        or(securityLogUnauthenticatedEntries, d.securityLogUnauthenticatedEntries),
        failureSummaryWindow == null
            ? d.failureSummaryWindow
            : Durations.parse("authentication.failureSummaryWindow", failureSummaryWindow),
        or(trackedClients, d.trackedClients));
  }

  private static int or(Integer value, int fallback) {
    return value == null ? fallback : value;
  }

  private static void within(String key, int value, int min, int max) {
    if (value < min || value > max) {
      throw ConfigException.at(
          "authentication." + key,
          "authentication." + key + " must lie between " + min + " and " + max + ", not " + value);
    }
  }
}

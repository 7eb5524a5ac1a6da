package io.gpuchassis.agent.events;

import java.util.Optional;

/**
 * How many of a shared resource (SSE streams, push subscriptions) exist at most, how many one
 * account may hold, and how many of the last ones only a caller with ConfigureManager may take, so
 * that a reader or an operator can never take every one and shut the administrators out.
 *
 * @param what the resource, in the plural, for the refusal's text
 */
public record AccountQuota(String what, int total, int perAccount, int reservedForManagers) {

  public AccountQuota {
    if (total < 1 || perAccount < 1 || reservedForManagers < 0 || reservedForManagers >= total) {
      throw new IllegalArgumentException(
          "a quota of "
              + total
              + " "
              + what
              + ", "
              + perAccount
              + " per account and "
              + reservedForManagers
              + " kept for managers is not possible");
    }
  }

  /**
   * Why the account may not have one more, or empty when it may.
   *
   * @param open how many exist now, for every account
   * @param openByAccount how many the asking account holds now
   * @param manager whether the asking caller has ConfigureManager
   */
  public Optional<String> refusal(long open, long openByAccount, boolean manager) {
    if (open >= total) {
      return Optional.of("all " + total + " " + what + " are in use");
    }
    if (openByAccount >= perAccount) {
      return Optional.of(
          "this account already holds "
              + openByAccount
              + " "
              + what
              + ", the most one account may");
    }
    if (!manager && open >= total - reservedForManagers) {
      return Optional.of(
          "the last "
              + reservedForManagers
              + " "
              + what
              + " are kept for callers with ConfigureManager");
    }
    return Optional.empty();
  }
}

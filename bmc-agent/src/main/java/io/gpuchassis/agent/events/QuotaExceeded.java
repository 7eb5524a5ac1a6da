package io.gpuchassis.agent.events;

/**
 * One more SSE stream or subscription would go over an {@link AccountQuota}; the message says which
 * limit.
 */
public final class QuotaExceeded extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public QuotaExceeded(String why) {
    super(why, null, false, false);
  }
}

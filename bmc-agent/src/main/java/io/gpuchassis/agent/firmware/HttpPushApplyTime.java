package io.gpuchassis.agent.firmware;

import io.gpuchassis.agent.store.Settings;
import java.util.Arrays;

/**
 * When a bundle pushed to {@code HttpPushUri} applies ({@code
 * HttpPushUriOptions.HttpPushUriApplyTime.ApplyTime}): a service-wide setting, since that push
 * carries no parameters, kept in the database so that it outlives a restart and held in memory so
 * that rendering the UpdateService reads no database. OnReset unless set.
 */
public final class HttpPushApplyTime {

  private static final String SETTING = "update.httpPushApplyTime";

  private final Settings settings;
  private volatile ApplyTime current;

  /** Reads the stored setting: blocking, at start. */
  public HttpPushApplyTime(Settings settings) {
    this.settings = settings;
    String stored = settings.get(SETTING).orElse(ApplyTime.ON_RESET.redfishName());
    this.current =
        Arrays.stream(ApplyTime.values())
            .filter(a -> a.redfishName().equals(stored))
            .findFirst()
            .orElse(ApplyTime.ON_RESET);
  }

  public ApplyTime get() {
    return current;
  }

  /** Stores {@code applyTime}; blocking (a database write): call it off the event loop. */
  public synchronized void set(ApplyTime applyTime) {
    settings.put(SETTING, applyTime.redfishName());
    current = applyTime;
  }
}

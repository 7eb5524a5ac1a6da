package io.gpuchassis.agent.events;

import io.gpuchassis.redfish.event.EventFacts;
import java.util.function.Function;

/**
 * A metric report of the TelemetryService on its way to subscribers and streams (EventFormatType
 * MetricReport): what their filters look at, and its JSON for a subscriber's Context ({@code ""}
 * when there is none, as on a stream).
 */
public record PublishedReport(EventFacts facts, Function<String, String> json) {

  public PublishedReport {
    if (!facts.isMetricReport()) {
      throw new IllegalArgumentException("not a metric report: " + facts);
    }
  }
}

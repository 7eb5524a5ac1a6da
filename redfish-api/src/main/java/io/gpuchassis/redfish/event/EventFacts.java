package io.gpuchassis.redfish.event;

import java.util.Objects;
import java.util.Optional;

/**
 * What an event filter looks at: the format of what is delivered ({@code Event}, or a {@code
 * MetricReport} of the TelemetryService), an event's MessageId ({@code
 * ResourceEvent.1.4.3.ResourceChanged}) and the URI of its OriginOfCondition, if it has one, or a
 * metric report's MetricReportDefinition.
 */
public record EventFacts(
    String format,
    String messageId,
    Optional<String> originOfCondition,
    Optional<String> metricReportDefinition) {

  /** EventFormatType of an Event. */
  public static final String EVENT = "Event";

  /** EventFormatType of a MetricReport. */
  public static final String METRIC_REPORT = "MetricReport";

  public EventFacts {
    Objects.requireNonNull(format, "format");
    Objects.requireNonNull(messageId, "messageId");
    originOfCondition = originOfCondition.map(EventFacts::normalizeUri);
    metricReportDefinition = metricReportDefinition.map(EventFacts::normalizeUri);
  }

  /** An Event's facts. */
  public EventFacts(String messageId, Optional<String> originOfCondition) {
    this(EVENT, messageId, originOfCondition, Optional.empty());
  }

  /** A metric report's facts: the URI of the MetricReportDefinition that made it. */
  public static EventFacts metricReport(String definitionUri) {
    return new EventFacts(METRIC_REPORT, "", Optional.empty(), Optional.of(definitionUri));
  }

  public boolean isMetricReport() {
    return format.equals(METRIC_REPORT);
  }

  /** The registry prefix, the MessageId's first segment ({@code ResourceEvent}). */
  public String registryPrefix() {
    return registryPrefix(messageId);
  }

  /**
   * {@code ResourceEvent.1.4.3.ResourceChanged} and {@code ResourceEvent.ResourceChanged} both give
   * {@code ResourceEvent.ResourceChanged}.
   */
  public String unversionedMessageId() {
    return unversioned(messageId);
  }

  static String registryPrefix(String messageId) {
    int dot = messageId.indexOf('.');
    return dot < 0 ? messageId : messageId.substring(0, dot);
  }

  /**
   * A MessageId without its version: DSP0266 asks filters to ignore the registry's major and minor
   * version, so a subscription to {@code ResourceEvent.ResourceChanged} keeps working when the
   * registry is updated.
   */
  public static String unversioned(String messageId) {
    int dot = messageId.lastIndexOf('.');
    return dot < 0 ? messageId : registryPrefix(messageId) + "." + messageId.substring(dot + 1);
  }

  /** URIs compare without a trailing slash, as the service names resources both ways. */
  public static String normalizeUri(String uri) {
    return uri.length() > 1 && uri.endsWith("/") ? uri.substring(0, uri.length() - 1) : uri;
  }
}

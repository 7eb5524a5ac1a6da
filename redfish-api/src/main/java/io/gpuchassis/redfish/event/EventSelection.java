package io.gpuchassis.redfish.event;

import java.util.List;

/**
 * The filters of an event subscription (EventDestination {@code EventFormatType}, {@code
 * RegistryPrefixes}, {@code MessageIds}, {@code OriginResources}, {@code SubordinateResources},
 * {@code MetricReportDefinitions}, {@code ExcludeRegistryPrefixes}, {@code ExcludeMessageIds}). A
 * subscription gets one format only; an excluded registry or MessageId is never sent. An event
 * passes when its registry or its MessageId is listed (or neither list is given), and its
 * OriginOfCondition is listed, or lies below a listed resource with SubordinateResources (or no
 * origin list is given). A metric report passes when its definition is listed, or no definition is.
 */
public record EventSelection(
    String eventFormat,
    List<String> registryPrefixes,
    List<String> messageIds,
    List<String> originResources,
    boolean subordinateResources,
    List<String> metricReportDefinitions,
    List<String> excludeRegistryPrefixes,
    List<String> excludeMessageIds) {

  public static final EventSelection EVERYTHING =
      new EventSelection(List.of(), List.of(), List.of(), false);

  public EventSelection {
    registryPrefixes = List.copyOf(registryPrefixes);
    messageIds = List.copyOf(messageIds);
    originResources = originResources.stream().map(EventFacts::normalizeUri).toList();
    metricReportDefinitions =
        metricReportDefinitions.stream().map(EventFacts::normalizeUri).toList();
    excludeRegistryPrefixes = List.copyOf(excludeRegistryPrefixes);
    excludeMessageIds = List.copyOf(excludeMessageIds);
  }

  /** A selection that excludes nothing. */
  public EventSelection(
      String eventFormat,
      List<String> registryPrefixes,
      List<String> messageIds,
      List<String> originResources,
      boolean subordinateResources,
      List<String> metricReportDefinitions) {
    this(
        eventFormat,
        registryPrefixes,
        messageIds,
        originResources,
        subordinateResources,
        metricReportDefinitions,
        List.of(),
        List.of());
  }

  /**
   * This selection, leaving out the registries and MessageIds given (ExcludeRegistryPrefixes,
   * ExcludeMessageIds).
   */
  public EventSelection excluding(List<String> registries, List<String> messages) {
    return new EventSelection(
        eventFormat,
        registryPrefixes,
        messageIds,
        originResources,
        subordinateResources,
        metricReportDefinitions,
        registries,
        messages);
  }

  /** A selection of Events. */
  public EventSelection(
      List<String> registryPrefixes,
      List<String> messageIds,
      List<String> originResources,
      boolean subordinateResources) {
    this(
        EventFacts.EVENT,
        registryPrefixes,
        messageIds,
        originResources,
        subordinateResources,
        List.of());
  }

  /** A selection of the metric reports of {@code definitions} (every report when empty). */
  public static EventSelection metricReports(List<String> definitions) {
    return new EventSelection(
        EventFacts.METRIC_REPORT, List.of(), List.of(), List.of(), false, definitions);
  }

  public boolean matches(EventFacts event) {
    if (!event.format().equals(eventFormat)) {
      return false;
    }
    if (event.isMetricReport()) {
      return metricReportDefinitions.isEmpty()
          || event.metricReportDefinition().map(metricReportDefinitions::contains).orElse(false);
    }
    return matchesMessage(event) && !excluded(event) && matchesOrigin(event);
  }

  private boolean excluded(EventFacts event) {
    return excludeRegistryPrefixes.contains(event.registryPrefix())
        || excludeMessageIds.stream()
            .map(EventFacts::unversioned)
            .anyMatch(event.unversionedMessageId()::equals);
  }

  public boolean selectsMetricReports() {
    return eventFormat.equals(EventFacts.METRIC_REPORT);
  }

  private boolean matchesMessage(EventFacts event) {
    if (registryPrefixes.isEmpty() && messageIds.isEmpty()) {
      return true;
    }
    return registryPrefixes.contains(event.registryPrefix())
        || messageIds.stream()
            .map(EventFacts::unversioned)
            .anyMatch(event.unversionedMessageId()::equals);
  }

  private boolean matchesOrigin(EventFacts event) {
    if (originResources.isEmpty()) {
      return true;
    }
    if (event.originOfCondition().isEmpty()) {
      return false;
    }
    String origin = event.originOfCondition().get();
    return originResources.stream()
        .anyMatch(r -> origin.equals(r) || (subordinateResources && origin.startsWith(r + "/")));
  }
}

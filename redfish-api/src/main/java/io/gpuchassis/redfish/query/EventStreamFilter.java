package io.gpuchassis.redfish.query;

import io.gpuchassis.redfish.error.RedfishException;
import io.gpuchassis.redfish.event.EventFacts;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The {@code $filter} of a Server-Sent Event stream (DSP0266 "Server-sent events"): which events
 * the client wants, by {@code RegistryPrefix}, {@code MessageId} and {@code OriginResource}, for
 * example {@code (MessageId eq 'ResourceEvent.1.4.3.ResourceStatusChangedWarning') or
 * (RegistryPrefix eq 'Fabric')}, and which metric reports, by {@code EventFormatType} and {@code
 * MetricReportDefinition}. Only {@code eq} and {@code ne} compare; {@code and}, {@code or}, {@code
 * not} and parentheses combine. A MessageId compares without its version, as subscriptions do; an
 * OriginResource matches the event's OriginOfCondition. A filter that does not name {@code
 * EventFormatType} selects Events only, as a subscription without one does: a reader that parses
 * Events gets no MetricReport it did not ask for.
 */
public final class EventStreamFilter {

  /** The properties this filter understands (EventService {@code SSEFilterPropertiesSupported}). */
  public static final Set<String> PROPERTIES =
      Set.of(
          "RegistryPrefix",
          "MessageId",
          "OriginResource",
          "EventFormatType",
          "MetricReportDefinition");

  private static final Predicate<EventFacts> EVENTS_ONLY = event -> !event.isMetricReport();

  private static final String PARAMETER = "$filter";

  private EventStreamFilter() {}

  /**
   * The events {@code filter} selects; 400 QueryParameterValueFormatError for anything it cannot
   * honour.
   */
  public static Predicate<EventFacts> parse(String filter) {
    FilterExpression expression;
    try {
      expression = FilterParser.parse(filter);
    } catch (FilterSyntaxException e) {
      throw QueryErrors.valueFormat(filter, PARAMETER, e.getMessage());
    }
    Predicate<EventFacts> selected = compile(expression, filter);
    return names(expression, "EventFormatType") ? selected : EVENTS_ONLY.and(selected);
  }

  /** A stream without a filter: every Event, no metric report. */
  public static Predicate<EventFacts> everyEvent() {
    return EVENTS_ONLY;
  }

  private static boolean names(FilterExpression e, String property) {
    if (e instanceof FilterExpression.Or or) {
      return names(or.left(), property) || names(or.right(), property);
    }
    if (e instanceof FilterExpression.And and) {
      return names(and.left(), property) || names(and.right(), property);
    }
    if (e instanceof FilterExpression.Not not) {
      return names(not.operand(), property);
    }
    return e instanceof FilterExpression.Comparison c
        && c.left() instanceof FilterExpression.Property p
        && p.path().toString().equals(property);
  }

  private static Predicate<EventFacts> compile(FilterExpression e, String filter) {
    if (e instanceof FilterExpression.Or or) {
      return compile(or.left(), filter).or(compile(or.right(), filter));
    }
    if (e instanceof FilterExpression.And and) {
      return compile(and.left(), filter).and(compile(and.right(), filter));
    }
    if (e instanceof FilterExpression.Not not) {
      return compile(not.operand(), filter).negate();
    }
    if (e instanceof FilterExpression.Comparison c) {
      return comparison(c, filter);
    }
    throw unsupported(filter, "expected a comparison such as MessageId eq '...', found " + e);
  }

  private static Predicate<EventFacts> comparison(FilterExpression.Comparison c, String filter) {
    if (!(c.left() instanceof FilterExpression.Property p)
        || !(c.right() instanceof FilterExpression.Literal l)
        || !l.value().isTextual()) {
      throw unsupported(filter, "compare a property with a string: " + c);
    }
    String property = p.path().toString();
    if (!PROPERTIES.contains(property)) {
      throw unsupported(
          filter,
          "the stream can be filtered by "
              + String.join(", ", PROPERTIES.stream().sorted().toList())
              + ", not "
              + property);
    }
    if (!c.operator().isEquality()) {
      throw unsupported(filter, "only eq and ne compare event properties");
    }
    String value = l.value().textValue();
    if (property.equals("EventFormatType")
        && !Set.of(EventFacts.EVENT, EventFacts.METRIC_REPORT).contains(value)) {
      throw unsupported(
          filter, "EventFormatType is 'Event' or 'MetricReport', not '" + value + "'");
    }
    Predicate<EventFacts> equal =
        switch (property) {
          case "RegistryPrefix" -> event -> event.registryPrefix().equals(value);
          case "MessageId" ->
              event ->
                  !event.isMetricReport()
                      && event.unversionedMessageId().equals(EventFacts.unversioned(value));
          case "EventFormatType" -> event -> event.format().equals(value);
          case "MetricReportDefinition" ->
              event ->
                  event
                      .metricReportDefinition()
                      .equals(Optional.of(EventFacts.normalizeUri(value)));
          default ->
              event ->
                  event.originOfCondition().equals(Optional.of(EventFacts.normalizeUri(value)));
        };
    return c.operator() == ComparisonOperator.EQ ? equal : equal.negate();
  }

  private static RedfishException unsupported(String filter, String detail) {
    return QueryErrors.valueFormat(filter, PARAMETER, detail);
  }
}

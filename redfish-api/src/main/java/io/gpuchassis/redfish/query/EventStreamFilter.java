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
 * (RegistryPrefix eq 'Fabric')}. Only {@code eq} and {@code ne} compare; {@code and}, {@code or},
 * {@code not} and parentheses combine. A MessageId compares without its version, as subscriptions
 * do; an OriginResource matches the event's OriginOfCondition.
 */
public final class EventStreamFilter {

  /** The properties this filter understands (EventService {@code SSEFilterPropertiesSupported}). */
  public static final Set<String> PROPERTIES =
      Set.of("RegistryPrefix", "MessageId", "OriginResource");

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
    return compile(expression, filter);
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
    Predicate<EventFacts> equal =
        switch (property) {
          case "RegistryPrefix" -> event -> event.registryPrefix().equals(value);
          case "MessageId" ->
              event -> event.unversionedMessageId().equals(EventFacts.unversioned(value));
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

package io.gpuchassis.redfish.query;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.math.BigDecimal;
import java.util.Optional;

/**
 * Evaluates a {@link FilterExpression} against one resource. A member matches when the expression
 * is {@code true}.
 *
 * <p>Without a schema the evaluator cannot reject a literal of the wrong type up front (DSP0266
 * §7.3.3 says the service "should" answer 400), so it judges each member by its own values, the way
 * SQL treats NULL:
 *
 * <ul>
 *   <li>A comparison of values of different types (a string with a number, anything with an object
 *       or an array) is {@code false}, whatever the operator: {@code Id ne 5} does not match a
 *       member whose {@code Id} is a string.
 *   <li>A comparison with an absent or {@code null} property is {@code false}; only {@code eq null}
 *       and {@code ne null} test for absence and presence.
 *   <li>Strings compare by code unit, case-sensitively; numbers by value; booleans only with {@code
 *       eq} and {@code ne}.
 *   <li>{@code and}, {@code or} and {@code not} take booleans; on anything else the result is
 *       undefined, which does not match, except that {@code false and x} is {@code false} and
 *       {@code true or x} is {@code true}.
 * </ul>
 */
final class FilterEvaluator {

  private FilterEvaluator() {}

  static boolean matches(FilterExpression expression, JsonNode resource) {
    JsonNode result = evaluate(expression, resource);
    return result.isBoolean() && result.booleanValue();
  }

  /**
   * The value of {@code expression}: a JSON value, or a {@link MissingNode} for absent or
   * undefined.
   */
  private static JsonNode evaluate(FilterExpression expression, JsonNode resource) {
    if (expression instanceof FilterExpression.Property p) {
      return p.path().find(resource);
    }
    if (expression instanceof FilterExpression.Literal l) {
      return l.value();
    }
    if (expression instanceof FilterExpression.Not n) {
      JsonNode operand = evaluate(n.operand(), resource);
      return operand.isBoolean()
          ? BooleanNode.valueOf(!operand.booleanValue())
          : MissingNode.getInstance();
    }
    if (expression instanceof FilterExpression.And a) {
      return and(evaluate(a.left(), resource), evaluate(a.right(), resource));
    }
    if (expression instanceof FilterExpression.Or o) {
      return or(evaluate(o.left(), resource), evaluate(o.right(), resource));
    }
    FilterExpression.Comparison c = (FilterExpression.Comparison) expression;
    return BooleanNode.valueOf(
        compare(c, evaluate(c.left(), resource), evaluate(c.right(), resource)));
  }

  private static JsonNode and(JsonNode left, JsonNode right) {
    if (isFalse(left) || isFalse(right)) {
      return BooleanNode.FALSE;
    }
    return left.isBoolean() && right.isBoolean() ? BooleanNode.TRUE : MissingNode.getInstance();
  }

  private static JsonNode or(JsonNode left, JsonNode right) {
    if (isTrue(left) || isTrue(right)) {
      return BooleanNode.TRUE;
    }
    return left.isBoolean() && right.isBoolean() ? BooleanNode.FALSE : MissingNode.getInstance();
  }

  private static boolean compare(FilterExpression.Comparison c, JsonNode left, JsonNode right) {
    ComparisonOperator op = c.operator();
    // "X eq null" and "X ne null" ask whether X is there; any other comparison with nothing is
    // false.
    if (isNullLiteral(c.right()) || isNullLiteral(c.left())) {
      JsonNode other = isNullLiteral(c.right()) ? left : right;
      return switch (op) {
        case EQ -> isAbsent(other);
        case NE -> !isAbsent(other);
        default -> false;
      };
    }
    if (isAbsent(left) || isAbsent(right)) {
      return false;
    }
    if (left.isTextual() && right.isTextual()) {
      return op.holdsFor(left.textValue().compareTo(right.textValue()));
    }
    if (left.isBoolean() && right.isBoolean()) {
      return op.isEquality() && op.holdsFor(left.booleanValue() == right.booleanValue() ? 0 : 1);
    }
    Optional<BigDecimal> l = decimal(left);
    Optional<BigDecimal> r = decimal(right);
    return l.isPresent() && r.isPresent() && op.holdsFor(l.get().compareTo(r.get()));
  }

  private static Optional<BigDecimal> decimal(JsonNode node) {
    if (!node.isNumber()) {
      return Optional.empty();
    }
    if ((node.isDouble() || node.isFloat()) && !Double.isFinite(node.doubleValue())) {
      return Optional.empty(); // NaN and infinities have no decimal value and compare with nothing
    }
    return Optional.of(node.decimalValue());
  }

  private static boolean isNullLiteral(FilterExpression e) {
    return e instanceof FilterExpression.Literal l && l.isNull();
  }

  private static boolean isAbsent(JsonNode node) {
    return node.isMissingNode() || node.isNull();
  }

  private static boolean isTrue(JsonNode node) {
    return node.isBoolean() && node.booleanValue();
  }

  private static boolean isFalse(JsonNode node) {
    return node.isBoolean() && !node.booleanValue();
  }
}

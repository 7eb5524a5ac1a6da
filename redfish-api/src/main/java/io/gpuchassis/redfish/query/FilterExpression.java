package io.gpuchassis.redfish.query;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.math.BigDecimal;

/**
 * A parsed {@code $filter} expression. {@link #toString()} writes it back fully parenthesized,
 * which shows how it was grouped: {@code A eq 1 or B eq 2 and C eq 3} is {@code ((A eq 1) or ((B eq
 * 2) and (C eq 3)))}.
 */
public sealed interface FilterExpression {

  /** {@code left or right}. */
  record Or(FilterExpression left, FilterExpression right) implements FilterExpression {
    @Override
    public String toString() {
      return "(" + left + " or " + right + ")";
    }
  }

  /** {@code left and right}. */
  record And(FilterExpression left, FilterExpression right) implements FilterExpression {
    @Override
    public String toString() {
      return "(" + left + " and " + right + ")";
    }
  }

  /** {@code not operand}. */
  record Not(FilterExpression operand) implements FilterExpression {
    @Override
    public String toString() {
      return "(not " + operand + ")";
    }
  }

  /** {@code left op right}, such as {@code Status/Health eq 'OK'}. */
  record Comparison(FilterExpression left, ComparisonOperator operator, FilterExpression right)
      implements FilterExpression {
    @Override
    public String toString() {
      return "(" + left + " " + operator.keyword() + " " + right + ")";
    }
  }

  /** The value of a property of the member being tested. */
  record Property(PropertyPath path) implements FilterExpression {
    @Override
    public String toString() {
      return path.toString();
    }
  }

  /**
   * A constant: a string, a number, {@code true}, {@code false} or {@code null}, held as the JSON
   * value it equals.
   */
  record Literal(JsonNode value) implements FilterExpression {

    public Literal {
      if (!(value.isTextual() || value.isNumber() || value.isBoolean() || value.isNull())) {
        throw new IllegalArgumentException("not a filter literal: " + value);
      }
    }

    public static Literal of(String text) {
      return new Literal(TextNode.valueOf(text));
    }

    public static Literal of(BigDecimal number) {
      return new Literal(DecimalNode.valueOf(number));
    }

    public static Literal of(boolean bool) {
      return new Literal(BooleanNode.valueOf(bool));
    }

    public static Literal nullLiteral() {
      return new Literal(NullNode.getInstance());
    }

    public boolean isNull() {
      return value.isNull();
    }

    @Override
    public String toString() {
      if (value.isTextual()) {
        return "'" + value.textValue().replace("'", "''") + "'";
      }
      return value.isNumber() ? value.decimalValue().toString() : value.asText();
    }
  }
}

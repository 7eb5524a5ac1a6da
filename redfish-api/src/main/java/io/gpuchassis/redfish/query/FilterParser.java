package io.gpuchassis.redfish.query;

import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Recursive-descent parser for {@code $filter}, with the operator precedence of DSP0266 §7.3.3,
 * tightest first: grouping {@code ()}, {@code not}, relational {@code gt ge lt le}, equality {@code
 * eq ne}, {@code and}, {@code or}. Binary operators of one level associate to the left.
 *
 * <pre>
 * filter     = or END
 * or         = and ("or" and)*
 * and        = equality ("and" equality)*
 * equality   = relational (("eq" | "ne") relational)*
 * relational = unary (("gt" | "ge" | "lt" | "le") unary)*
 * unary      = "not" unary | primary
 * primary    = "(" or ")" | string | number | "true" | "false" | "null" | property-path
 * </pre>
 *
 * <p>Because {@code not} binds tighter than a comparison, {@code not A eq 1} is {@code (not A) eq
 * 1}; clients write {@code not (A eq 1)}, as the specification's own example does.
 */
final class FilterParser {

  /**
   * Nested parentheses and {@code not}s beyond this are refused, so garbage cannot exhaust the
   * stack.
   */
  static final int MAX_DEPTH = 32;

  private static final Set<String> RESERVED =
      Set.of("and", "or", "not", "eq", "ne", "gt", "ge", "lt", "le");

  private final List<FilterToken> tokens;
  private int next;
  private int depth;

  private FilterParser(List<FilterToken> tokens) {
    this.tokens = tokens;
  }

  /** The expression {@code filter} spells. */
  static FilterExpression parse(String filter) {
    FilterParser parser = new FilterParser(FilterTokenizer.tokenize(filter));
    if (parser.peek().kind() == FilterToken.Kind.END) {
      throw new FilterSyntaxException("the filter is empty", 0);
    }
    FilterExpression expression = parser.or();
    FilterToken rest = parser.peek();
    if (rest.kind() != FilterToken.Kind.END) {
      throw new FilterSyntaxException(
          "expected 'and', 'or' or the end, found " + rest.describe(), rest.position());
    }
    return expression;
  }

  private FilterExpression or() {
    FilterExpression left = and();
    while (peek().isWord("or")) {
      next++;
      left = new FilterExpression.Or(left, and());
    }
    return left;
  }

  private FilterExpression and() {
    FilterExpression left = equality();
    while (peek().isWord("and")) {
      next++;
      left = new FilterExpression.And(left, equality());
    }
    return left;
  }

  private FilterExpression equality() {
    FilterExpression left = relational();
    for (Optional<ComparisonOperator> op = operator(true); op.isPresent(); op = operator(true)) {
      next++;
      left = new FilterExpression.Comparison(left, op.get(), relational());
    }
    return left;
  }

  private FilterExpression relational() {
    FilterExpression left = unary();
    for (Optional<ComparisonOperator> op = operator(false); op.isPresent(); op = operator(false)) {
      next++;
      left = new FilterExpression.Comparison(left, op.get(), unary());
    }
    return left;
  }

  private FilterExpression unary() {
    FilterToken token = peek();
    if (!token.isWord("not")) {
      return primary();
    }
    next++;
    enter(token);
    FilterExpression operand = unary();
    depth--;
    return new FilterExpression.Not(operand);
  }

  private FilterExpression primary() {
    FilterToken token = tokens.get(next++);
    return switch (token.kind()) {
      case OPEN -> group(token);
      case STRING -> FilterExpression.Literal.of(token.text());
      case NUMBER -> number(token);
      case WORD -> word(token);
      case CLOSE, END ->
          throw new FilterSyntaxException(
              "expected a property or a value, found " + token.describe(), token.position());
    };
  }

  private FilterExpression group(FilterToken open) {
    enter(open);
    FilterExpression inner = or();
    FilterToken close = tokens.get(next);
    if (close.kind() != FilterToken.Kind.CLOSE) {
      throw new FilterSyntaxException("expected ')', found " + close.describe(), close.position());
    }
    next++;
    depth--;
    return inner;
  }

  private static FilterExpression number(FilterToken token) {
    try {
      return FilterExpression.Literal.of(new BigDecimal(token.text()));
    } catch (NumberFormatException e) {
      // Only an exponent beyond the range of int gets here; the tokenizer checked the form.
      throw new FilterSyntaxException(
          "the number " + token.describe() + " is out of range", token.position());
    }
  }

  private static FilterExpression word(FilterToken token) {
    String text = token.text();
    switch (text) {
      case "true":
        return FilterExpression.Literal.of(true);
      case "false":
        return FilterExpression.Literal.of(false);
      case "null":
        return FilterExpression.Literal.nullLiteral();
      default:
        break;
    }
    if (RESERVED.contains(text)) {
      throw new FilterSyntaxException(
          "expected a property or a value, found " + token.describe(), token.position());
    }
    return PropertyPath.parse(text)
        .<FilterExpression>map(FilterExpression.Property::new)
        .orElseThrow(
            () ->
                new FilterSyntaxException(
                    token.describe() + " is not a property path", token.position()));
  }

  /** The comparison operator at the current token, if it is one of the given precedence level. */
  private Optional<ComparisonOperator> operator(boolean equality) {
    FilterToken token = peek();
    if (token.kind() != FilterToken.Kind.WORD) {
      return Optional.empty();
    }
    return ComparisonOperator.forKeyword(token.text()).filter(op -> op.isEquality() == equality);
  }

  private void enter(FilterToken token) {
    if (++depth > MAX_DEPTH) {
      throw new FilterSyntaxException(
          "the filter nests deeper than " + MAX_DEPTH + " levels", token.position());
    }
  }

  private FilterToken peek() {
    return tokens.get(next);
  }
}

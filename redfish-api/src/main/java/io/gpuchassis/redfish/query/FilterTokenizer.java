package io.gpuchassis.redfish.query;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Splits a {@code $filter} into tokens: parentheses, string literals in single quotes ({@code ''}
 * is a quote inside one), numbers, and words (keywords, {@code true}/{@code false}/{@code null},
 * property paths such as {@code Status/Health}). Words and numbers must be followed by a space, a
 * parenthesis or the end, as in OData, so {@code 3abc} is an error and not two tokens.
 */
final class FilterTokenizer {

  /**
   * More tokens than this is not a filter a person wrote; refusing it bounds the work and the tree
   * depth.
   */
  static final int MAX_TOKENS = 1000;

  private static final Pattern NUMBER = Pattern.compile("-?[0-9]+(\\.[0-9]+)?([eE][+-]?[0-9]+)?");
  private static final Pattern WORD = Pattern.compile("[A-Za-z_@#][A-Za-z0-9_@#./]*");

  private FilterTokenizer() {}

  static List<FilterToken> tokenize(String filter) {
    List<FilterToken> tokens = new ArrayList<>();
    int i = 0;
    while (i < filter.length()) {
      char c = filter.charAt(i);
      if (isSpace(c)) {
        i++;
        continue;
      }
      if (tokens.size() >= MAX_TOKENS) {
        throw new FilterSyntaxException("the filter has more than " + MAX_TOKENS + " tokens", i);
      }
      if (c == '(' || c == ')') {
        tokens.add(
            new FilterToken(
                c == '(' ? FilterToken.Kind.OPEN : FilterToken.Kind.CLOSE, String.valueOf(c), i));
        i++;
      } else if (c == '\'') {
        i = readString(filter, i, tokens);
      } else {
        i = readWordOrNumber(filter, i, tokens);
      }
    }
    tokens.add(new FilterToken(FilterToken.Kind.END, "", filter.length()));
    return tokens;
  }

  private static int readString(String filter, int start, List<FilterToken> tokens) {
    StringBuilder value = new StringBuilder();
    int i = start + 1;
    while (i < filter.length()) {
      char c = filter.charAt(i);
      if (c == '\'') {
        if (i + 1 < filter.length() && filter.charAt(i + 1) == '\'') {
          value.append('\'');
          i += 2;
          continue;
        }
        tokens.add(new FilterToken(FilterToken.Kind.STRING, value.toString(), start));
        return i + 1;
      }
      value.append(c);
      i++;
    }
    throw new FilterSyntaxException("the string starting here has no closing quote", start);
  }

  private static int readWordOrNumber(String filter, int start, List<FilterToken> tokens) {
    Matcher number = NUMBER.matcher(filter).region(start, filter.length());
    Matcher word = WORD.matcher(filter).region(start, filter.length());
    FilterToken.Kind kind;
    int end;
    if (number.lookingAt()) {
      kind = FilterToken.Kind.NUMBER;
      end = number.end();
    } else if (word.lookingAt()) {
      kind = FilterToken.Kind.WORD;
      end = word.end();
    } else {
      throw new FilterSyntaxException("unexpected character '" + filter.charAt(start) + "'", start);
    }
    if (end < filter.length() && !isDelimiter(filter.charAt(end))) {
      throw new FilterSyntaxException("unexpected character '" + filter.charAt(end) + "'", end);
    }
    tokens.add(new FilterToken(kind, filter.substring(start, end), start));
    return end;
  }

  private static boolean isDelimiter(char c) {
    return isSpace(c) || c == '(' || c == ')';
  }

  private static boolean isSpace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
  }
}

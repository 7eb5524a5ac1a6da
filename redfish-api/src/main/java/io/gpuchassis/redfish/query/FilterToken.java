package io.gpuchassis.redfish.query;

/**
 * One token of a {@code $filter}: {@code text} is the word, the number as written, or the string's
 * value with its quotes removed and {@code ''} unescaped; {@code position} is its offset in the
 * filter, for error messages.
 */
record FilterToken(Kind kind, String text, int position) {

  enum Kind {
    OPEN,
    CLOSE,
    STRING,
    NUMBER,
    WORD,
    END
  }

  boolean isWord(String word) {
    return kind == Kind.WORD && text.equals(word);
  }

  /** How the token reads in an error message. */
  String describe() {
    return switch (kind) {
      case END -> "the end of the filter";
      case STRING -> "'" + text.replace("'", "''") + "'";
      default -> "'" + text + "'";
    };
  }
}

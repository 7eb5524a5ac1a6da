package io.gpuchassis.redfish.query;

/**
 * A {@code $filter} that does not follow the grammar; the message says what and where, for the
 * error's detail.
 */
final class FilterSyntaxException extends RuntimeException {

  FilterSyntaxException(String message, int position) {
    // No stack trace: this is a client's typo, turned into a 400 right away.
    super(message + " (at character " + (position + 1) + ")", null, false, false);
  }
}

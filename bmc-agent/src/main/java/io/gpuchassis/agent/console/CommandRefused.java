package io.gpuchassis.agent.console;

/**
 * A command that cannot be carried out as asked, with the sentence the technician reads; nothing
 * was changed.
 */
final class CommandRefused extends RuntimeException {

  CommandRefused(String message) {
    super(message, null, false, false);
  }
}

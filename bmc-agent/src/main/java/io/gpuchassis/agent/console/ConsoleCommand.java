package io.gpuchassis.agent.console;

/**
 * A console command that does something (as opposed to a group such as {@code show} that only names
 * its subcommands). Its {@link Access} decides, through Redfish's privilege table, who may run it;
 * the session checks it before {@link #run} and records every command that changes something in the
 * security log.
 */
abstract class ConsoleCommand {

  /** The Redfish operation this command stands for. */
  abstract Access access();

  /**
   * Carries the command out.
   *
   * @throws CommandRefused when it cannot be done as asked (nothing changed)
   */
  abstract void run(ConsoleContext console) throws Exception;
}

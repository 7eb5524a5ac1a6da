package io.gpuchassis.switchdrv;

import java.time.Duration;
import java.util.Objects;

/**
 * Timing of the driver: how long one command may take, how long a binding or a firmware block may
 * take, and how the mailbox is polled and busy answers are retried.
 *
 * @param commandTimeout deadline of one MRPC command including busy retries (library: 30 s)
 * @param bindTimeout how long to wait for a bind/unbind to complete (firmware: up to ~15 s)
 * @param firmwareBlockTimeout deadline of one firmware block, flash programming included (library:
 *     120 s)
 * @param resetTimeout how long to wait for the switch to answer again after a hard reset
 * @param pollInterval mailbox status poll interval (library: 5 ms)
 * @param busyBackoffInitial first back-off after a busy answer
 * @param busyBackoffMax back-off cap
 */
public record DriverOptions(
    Duration commandTimeout,
    Duration bindTimeout,
    Duration firmwareBlockTimeout,
    Duration resetTimeout,
    Duration pollInterval,
    Duration busyBackoffInitial,
    Duration busyBackoffMax) {

  public DriverOptions {
    Objects.requireNonNull(commandTimeout);
    Objects.requireNonNull(bindTimeout);
    Objects.requireNonNull(firmwareBlockTimeout);
    Objects.requireNonNull(resetTimeout);
    Objects.requireNonNull(pollInterval);
    Objects.requireNonNull(busyBackoffInitial);
    Objects.requireNonNull(busyBackoffMax);
  }

  /** Production defaults, following the reference library's timeouts. */
  public static DriverOptions defaults() {
    return new DriverOptions(
        Duration.ofSeconds(30),
        Duration.ofSeconds(20),
        Duration.ofSeconds(120),
        Duration.ofSeconds(60),
        Duration.ofMillis(5),
        Duration.ofMillis(2),
        Duration.ofMillis(200));
  }

  public DriverOptions withCommandTimeout(Duration d) {
    return new DriverOptions(
        d,
        bindTimeout,
        firmwareBlockTimeout,
        resetTimeout,
        pollInterval,
        busyBackoffInitial,
        busyBackoffMax);
  }

  public DriverOptions withBindTimeout(Duration d) {
    return new DriverOptions(
        commandTimeout,
        d,
        firmwareBlockTimeout,
        resetTimeout,
        pollInterval,
        busyBackoffInitial,
        busyBackoffMax);
  }

  public DriverOptions withFirmwareBlockTimeout(Duration d) {
    return new DriverOptions(
        commandTimeout,
        bindTimeout,
        d,
        resetTimeout,
        pollInterval,
        busyBackoffInitial,
        busyBackoffMax);
  }

  public DriverOptions withResetTimeout(Duration d) {
    return new DriverOptions(
        commandTimeout,
        bindTimeout,
        firmwareBlockTimeout,
        d,
        pollInterval,
        busyBackoffInitial,
        busyBackoffMax);
  }

  public DriverOptions withPollInterval(Duration d) {
    return new DriverOptions(
        commandTimeout,
        bindTimeout,
        firmwareBlockTimeout,
        resetTimeout,
        d,
        busyBackoffInitial,
        busyBackoffMax);
  }
}

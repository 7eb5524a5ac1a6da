/**
 * The agent's logging: Logback behind SLF4J, one line per event on stdout with the syslog priority
 * prefix journald reads ({@link io.gpuchassis.agent.logging.JournalLayout}), levels from the
 * configuration's {@code logging:} key, reloaded on SIGHUP ({@link
 * io.gpuchassis.agent.logging.LogReload}).
 */
package io.gpuchassis.agent.logging;

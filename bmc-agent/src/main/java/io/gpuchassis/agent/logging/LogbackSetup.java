package io.gpuchassis.agent.logging;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.core.spi.ContextAwareBase;

/**
 * Logback's configuration, found through the service loader in every process that logs (the agent,
 * its tools, the tests): no logback.xml to ship or to get wrong. The configuration file's levels
 * are applied later by {@link AgentLogging#apply}.
 */
public final class LogbackSetup extends ContextAwareBase implements Configurator {

  @Override
  public ExecutionStatus configure(LoggerContext context) {
    AgentLogging.install(context, JournalLayout.forThisProcess());
    return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
  }
}

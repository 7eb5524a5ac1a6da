package io.gpuchassis.agent.redfish.composition;

import io.gpuchassis.agent.compose.Mismatch;
import io.gpuchassis.agent.security.AuditMessages;
import io.gpuchassis.agent.security.SecurityLog;
import java.util.List;
import java.util.function.Consumer;

/**
 * Every correction the reconciliation makes, at start or when a card is re-seated while the agent
 * runs, as an event ({@link CompositionEvents#reconciled}) and an entry of the security log ({@code
 * GpuChassisAudit} Reconciliation, recorded as the agent's own doing).
 */
public final class ReconciliationReport implements Consumer<List<Mismatch>> {

  private final CompositionEvents events;
  private final SecurityLog log;

  public ReconciliationReport(CompositionEvents events, SecurityLog log) {
    this.events = events;
    this.log = log;
  }

  @Override
  public void accept(List<Mismatch> corrections) {
    events.reconciled(corrections);
    corrections.forEach(
        m ->
            log.record(
                SecurityLog.Origin.AUTHENTICATED,
                AuditMessages.RECONCILIATION,
                List.of(
                    CompositionEvents.origin(m),
                    m.description(),
                    m.repaired() ? "corrected" : "not corrected"),
                "agent",
                "localhost"));
  }
}

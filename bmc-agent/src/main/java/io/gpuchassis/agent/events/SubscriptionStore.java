package io.gpuchassis.agent.events;

import io.gpuchassis.agent.store.AgentStore;
import io.gpuchassis.redfish.event.EventSelection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** Push subscriptions in SQLite, so they survive a restart. Blocking. */
public final class SubscriptionStore {

  private static final String SEPARATOR = "\u001f";

  private final AgentStore store;

  public SubscriptionStore(AgentStore store) {
    this.store = store;
  }

  public List<Subscription> all() {
    return store.inTransaction(
        c -> {
          List<Subscription> all = new ArrayList<>();
          try (Statement s = c.createStatement();
              ResultSet rs =
                  s.executeQuery(
                      "SELECT id, destination, context, registry_prefixes, message_ids, origin_resources, subordinate,"
                          + " retry_policy, suspended, owner, created, protocol, syslog_lowest_severity,"
                          + " syslog_facilities, event_format, metric_report_definitions,"
                          + " exclude_registry_prefixes, exclude_message_ids,"
                          + " include_origin_of_condition FROM event_subscriptions ORDER BY created, id")) {
            while (rs.next()) {
              all.add(read(rs));
            }
          }
          return all;
        });
  }

  /** Inserts or replaces the subscription with {@code s.id()}. */
  public void save(Subscription s) {
    store.inTransaction(
        c -> {
          try (PreparedStatement p =
              c.prepareStatement(
                  "INSERT OR REPLACE INTO event_subscriptions(id, destination, context, registry_prefixes,"
                      + " message_ids, origin_resources, subordinate, retry_policy, suspended, owner, created,"
                      + " protocol, syslog_lowest_severity, syslog_facilities, event_format,"
                      + " metric_report_definitions, exclude_registry_prefixes, exclude_message_ids,"
                      + " include_origin_of_condition)"
                      + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            p.setString(1, s.id());
            p.setString(2, s.destination());
            p.setString(3, s.context());
            p.setString(4, String.join(SEPARATOR, s.selection().registryPrefixes()));
            p.setString(5, String.join(SEPARATOR, s.selection().messageIds()));
            p.setString(6, String.join(SEPARATOR, s.selection().originResources()));
            p.setInt(7, s.selection().subordinateResources() ? 1 : 0);
            p.setString(8, s.retryPolicy().name());
            p.setInt(9, s.suspended() ? 1 : 0);
            p.setString(10, s.owner());
            p.setString(11, s.created().toString());
            p.setString(12, s.protocol());
            p.setString(13, s.syslog().map(SyslogTarget::lowestSeverity).orElse(""));
            p.setString(
                14,
                String.join(SEPARATOR, s.syslog().map(SyslogTarget::facilities).orElse(List.of())));
            p.setString(15, s.selection().eventFormat());
            p.setString(16, String.join(SEPARATOR, s.selection().metricReportDefinitions()));
            p.setString(17, String.join(SEPARATOR, s.selection().excludeRegistryPrefixes()));
            p.setString(18, String.join(SEPARATOR, s.selection().excludeMessageIds()));
            p.setInt(19, s.includeOriginOfCondition() ? 1 : 0);
            p.executeUpdate();
          }
          return null;
        });
  }

  public boolean delete(String id) {
    return store.inTransaction(
        c -> {
          try (PreparedStatement p =
              c.prepareStatement("DELETE FROM event_subscriptions WHERE id = ?")) {
            p.setString(1, id);
            return p.executeUpdate() > 0;
          }
        });
  }

  private static Subscription read(ResultSet rs) throws SQLException {
    return new Subscription(
        rs.getString(1),
        rs.getString(2),
        rs.getString(3),
        new EventSelection(
            rs.getString(15),
            list(rs.getString(4)),
            list(rs.getString(5)),
            list(rs.getString(6)),
            rs.getInt(7) != 0,
            list(rs.getString(16)),
            list(rs.getString(17)),
            list(rs.getString(18))),
        RetryPolicy.valueOf(rs.getString(8)),
        rs.getInt(9) != 0,
        rs.getString(10),
        Instant.parse(rs.getString(11)),
        rs.getString(12).equals("Redfish")
            ? Optional.empty()
            : Optional.of(
                new SyslogTarget(rs.getString(12), rs.getString(13), list(rs.getString(14)))),
        rs.getInt(19) != 0);
  }

  private static List<String> list(String joined) {
    return joined.isEmpty() ? List.of() : Arrays.asList(joined.split(SEPARATOR, -1));
  }
}

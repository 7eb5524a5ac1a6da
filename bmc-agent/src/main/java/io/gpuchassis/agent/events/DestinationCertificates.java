package io.gpuchassis.agent.events;

import io.gpuchassis.agent.store.AgentStore;
import io.gpuchassis.agent.tls.InvalidTlsMaterialException;
import io.gpuchassis.agent.tls.TlsKeyLoader;
import java.security.cert.X509Certificate;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The CA certificates a push subscription trusts (Redfish {@code EventDestination.Certificates}):
 * with any, its HTTPS destination must present a chain to one of them, and the JVM's default
 * authorities no longer count, so an operator's private CA is enough and nothing else is. Kept in
 * SQLite with their subscription and deleted with it. Blocking.
 */
public final class DestinationCertificates implements Subscriptions.DestinationTrust {

  /** The most certificates one subscription keeps. */
  public static final int MAX_PER_SUBSCRIPTION = 8;

  /** One kept certificate: its id in the subscription's collection and its PEM. */
  public record Kept(int id, String pem, X509Certificate certificate) {}

  private final AgentStore store;
  private final Clock clock;

  /**
   * What the store keeps, by subscription, read once at start and after each change: the GETs and
   * deliveries read it here, never the database.
   */
  private final Map<String, List<Kept>> kept = new ConcurrentHashMap<>();

  /** Reads every subscription's certificates (blocking: at start). */
  public DestinationCertificates(AgentStore store, Clock clock) {
    this.store = store;
    this.clock = clock;
    for (String id : subscriptionsWithCertificates()) {
      kept.put(id, read(id));
    }
  }

  public List<Kept> list(String subscriptionId) {
    return kept.getOrDefault(subscriptionId, List.of());
  }

  private List<String> subscriptionsWithCertificates() {
    return store.inTransaction(
        c -> {
          List<String> ids = new ArrayList<>();
          try (PreparedStatement s =
                  c.prepareStatement(
                      "SELECT DISTINCT subscription_id FROM subscription_certificates");
              ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
              ids.add(rs.getString(1));
            }
          }
          return ids;
        });
  }

  private void reread(String subscriptionId) {
    kept.put(subscriptionId, read(subscriptionId));
  }

  private List<Kept> read(String subscriptionId) {
    return store.inTransaction(
        c -> {
          List<Kept> kept = new ArrayList<>();
          try (PreparedStatement s =
              c.prepareStatement(
                  "SELECT id, pem FROM subscription_certificates WHERE subscription_id = ? ORDER BY id")) {
            s.setString(1, subscriptionId);
            try (ResultSet rs = s.executeQuery()) {
              while (rs.next()) {
                String pem = rs.getString(2);
                kept.add(new Kept(rs.getInt(1), pem, TlsKeyLoader.chain(pem).get(0)));
              }
            }
          }
          return kept;
        });
  }

  public Optional<Kept> find(String subscriptionId, int id) {
    return list(subscriptionId).stream().filter(k -> k.id() == id).findFirst();
  }

  @Override
  public List<X509Certificate> authorities(String subscriptionId) {
    return list(subscriptionId).stream().map(Kept::certificate).toList();
  }

  /**
   * Adds a CA certificate; its id is one more than the highest kept.
   *
   * @throws InvalidTlsMaterialException saying why {@code pem} cannot be a trusted authority
   * @throws IllegalStateException when the subscription keeps {@value #MAX_PER_SUBSCRIPTION}
   */
  public Kept add(String subscriptionId, String pem) {
    X509Certificate certificate = authority(pem);
    String canonical = TlsKeyLoader.pem(certificate);
    Kept added =
        store.inTransaction(
            c -> {
              int count = 0;
              int highest = 0;
              try (PreparedStatement s =
                  c.prepareStatement(
                      "SELECT COUNT(*), COALESCE(MAX(id), 0) FROM subscription_certificates"
                          + " WHERE subscription_id = ?")) {
                s.setString(1, subscriptionId);
                try (ResultSet rs = s.executeQuery()) {
                  rs.next();
                  count = rs.getInt(1);
                  highest = rs.getInt(2);
                }
              }
              if (count >= MAX_PER_SUBSCRIPTION) {
                throw new IllegalStateException(
                    "a subscription keeps at most " + MAX_PER_SUBSCRIPTION + " certificates");
              }
              try (PreparedStatement s =
                  c.prepareStatement(
                      "INSERT INTO subscription_certificates(subscription_id, id, pem) VALUES (?, ?, ?)")) {
                s.setString(1, subscriptionId);
                s.setInt(2, highest + 1);
                s.setString(3, canonical);
                s.executeUpdate();
              }
              return new Kept(highest + 1, canonical, certificate);
            });
    reread(subscriptionId);
    return added;
  }

  /**
   * Replaces certificate {@code id} of the subscription, keeping its id.
   *
   * @return false when there is no such certificate (nothing changed)
   */
  public boolean replace(String subscriptionId, int id, String pem) {
    return changeOne(
        subscriptionId,
        "UPDATE subscription_certificates SET pem = ? WHERE subscription_id = ? AND id = ?",
        TlsKeyLoader.pem(authority(pem)),
        subscriptionId,
        id);
  }

  /** Removes certificate {@code id}; false when there was none. */
  public boolean remove(String subscriptionId, int id) {
    return changeOne(
        subscriptionId,
        "DELETE FROM subscription_certificates WHERE subscription_id = ? AND id = ?",
        subscriptionId,
        id);
  }

  /** Runs {@code sql} with {@code args}, then refreshes the copy; whether one row changed. */
  private boolean changeOne(String subscriptionId, String sql, Object... args) {
    boolean changed =
        store.inTransaction(
            c -> {
              try (PreparedStatement s = c.prepareStatement(sql)) {
                for (int i = 0; i < args.length; i++) {
                  s.setObject(i + 1, args[i]);
                }
                return s.executeUpdate() == 1;
              }
            });
    reread(subscriptionId);
    return changed;
  }

  /** Forgets a deleted subscription's certificates (the store deleted them with it). */
  public void forget(String subscriptionId) {
    kept.remove(subscriptionId);
  }

  /**
   * The one certificate in {@code pem}, if it can be trusted as an authority: exactly one
   * certificate, no private key (a CA's key has no business here), and valid now.
   */
  private X509Certificate authority(String pem) {
    if (TlsKeyLoader.hasPrivateKey(pem)) {
      throw new InvalidTlsMaterialException(
          "The PEM text holds a private key: send the CA's certificate only.");
    }
    List<X509Certificate> certificates = TlsKeyLoader.chain(pem);
    if (certificates.size() != 1) {
      throw new InvalidTlsMaterialException(
          "The PEM text holds " + certificates.size() + " certificates: send one per request.");
    }
    X509Certificate certificate = certificates.get(0);
    Date now = Date.from(clock.instant());
    if (certificate.getNotAfter().before(now) || certificate.getNotBefore().after(now)) {
      throw new InvalidTlsMaterialException(
          "The certificate is not valid now: from "
              + certificate.getNotBefore().toInstant()
              + " to "
              + certificate.getNotAfter().toInstant()
              + ".");
    }
    return certificate;
  }
}

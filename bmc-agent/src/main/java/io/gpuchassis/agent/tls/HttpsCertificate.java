package io.gpuchassis.agent.tls;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
import java.util.Date;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.KeyManagerFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The certificate the HTTPS server presents, and the one way to change it while the agent runs. The
 * server attaches an {@link Installer} once it listens; {@link #replace} validates a new chain and
 * key, has the server present them on new connections, and keeps them in the state directory so
 * that a restart presents them too.
 *
 * <p>Which certificate the agent starts with, first match wins:
 *
 * <ol>
 *   <li>a replacement kept in the state directory ({@code tls/https-replacement.pem}, written by
 *       {@link #replace});
 *   <li>the certificate and key named by the configuration ({@code tls.certificate}, {@code
 *       tls.privateKey});
 *   <li>the self-signed certificate generated in the state directory ({@code tls/https-cert.pem}).
 * </ol>
 *
 * A replacement that can no longer be read is logged and skipped, so a damaged file never keeps the
 * agent from starting.
 */
public final class HttpsCertificate {

  /**
   * The replacement's file in the state directory's {@code tls} folder: chain then key, owner-only.
   */
  public static final String REPLACEMENT_FILE = "https-replacement.pem";

  /**
   * The private key of the last signing request ({@link #requestSignature}), owner-only, until the
   * signed certificate comes back.
   */
  public static final String REQUEST_KEY_FILE = "https-request-key.pem";

  private static final Logger LOG = LoggerFactory.getLogger(HttpsCertificate.class);
  private static final Duration INSTALL_TIMEOUT = Duration.ofSeconds(30);

  /**
   * Puts key material into the running server; the stage completes once new connections are served
   * with it.
   */
  @FunctionalInterface
  public interface Installer {
    CompletionStage<?> install(KeyManagerFactory keys);
  }

  private final Path replacementFile;
  private final Path requestKeyFile;
  private final Clock clock;
  private volatile Presented presented;
  private volatile Installer installer;
  private boolean generatedThisStart;
  private final List<Runnable> replacedListeners =
      new java.util.concurrent.CopyOnWriteArrayList<>();

  /** The chain and key presented, and the key manager built from them, replaced together. */
  private record Presented(TlsCredentials credentials, KeyManagerFactory keys) {}

  HttpsCertificate(TlsCredentials initial, Path replacementFile, Clock clock) {
    // the key manager is built here, on the start-up thread that loads the certificate
    this.presented = new Presented(initial, initial.keyManagers());
    this.replacementFile = replacementFile;
    this.requestKeyFile = replacementFile.resolveSibling(REQUEST_KEY_FILE);
    this.clock = clock;
  }

  /**
   * The certificate to start with, by the precedence above; generates the self-signed one when
   * nothing else is there.
   *
   * @param configured the configuration's certificate and key, if it names them
   * @param tlsDir the state directory's {@code tls} folder
   */
  public static HttpsCertificate load(Optional<TlsMaterial> configured, Path tlsDir, Clock clock) {
    Path replacementFile = tlsDir.resolve(REPLACEMENT_FILE);
    Optional<TlsCredentials> replacement = readReplacement(replacementFile);
    if (replacement.isPresent()) {
      configured.ifPresent(
          c ->
              LOG.warn(
                  "Presenting the HTTPS certificate replaced through Redfish ({}), not the configured {}; delete {} to"
                      + " return to the configured one",
                  replacementFile,
                  c.certificate(),
                  replacementFile));
      return new HttpsCertificate(replacement.get(), replacementFile, clock);
    }
    boolean firstStart = configured.isEmpty() && !Files.exists(tlsDir.resolve("https-cert.pem"));
    TlsMaterial material = configured.orElseGet(() -> SelfSignedCertificate.ensure(tlsDir));
    HttpsCertificate certificate =
        new HttpsCertificate(TlsKeyLoader.read(material), replacementFile, clock);
    certificate.generatedThisStart = firstStart;
    return certificate;
  }

  /**
   * Names the chassis in the certificate generated at this start: makes it again with the chassis's
   * serial number in its subject (known only once the chassis has been read, while the server
   * already listens) and presents that. Only a certificate made at this very start is renamed, so a
   * certificate that clients have pinned never changes under them.
   *
   * @return whether the certificate was made again
   */
  public synchronized boolean nameChassis(String serialNumber) {
    if (!generatedThisStart || serialNumber.isBlank()) {
      return false;
    }
    generatedThisStart = false;
    Path tlsDir = replacementFile.getParent();
    TlsCredentials named =
        TlsKeyLoader.read(SelfSignedCertificate.regenerate(tlsDir, serialNumber));
    KeyManagerFactory keys = named.keyManagers();
    Installer server = installer;
    if (server != null) {
      await(server.install(keys));
    }
    presented = new Presented(named, keys);
    LOG.info(
        "The generated HTTPS certificate names the chassis: '{}'",
        named.leaf().getSubjectX500Principal().getName());
    return true;
  }

  private static Optional<TlsCredentials> readReplacement(Path file) {
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    try {
      return Optional.of(TlsKeyLoader.parse(Files.readString(file, StandardCharsets.US_ASCII)));
    } catch (IOException | InvalidTlsMaterialException e) {
      LOG.error("Ignoring the replaced HTTPS certificate {}: {}", file, e.getMessage());
      return Optional.empty();
    }
  }

  /** The chain and key the server presents now. */
  public TlsCredentials current() {
    return presented.credentials();
  }

  /** The key manager that presents {@link #current()}. */
  public KeyManagerFactory keyManagers() {
    return presented.keys();
  }

  /** Runs {@code listener} after every replacement (on the thread that replaced). */
  public void onReplaced(Runnable listener) {
    replacedListeners.add(listener);
  }

  /** Called by the server once it listens; until then {@link #replace} refuses. */
  public void attach(Installer installer) {
    this.installer = installer;
  }

  /**
   * Makes {@code pem} (certificates, leaf first, then the leaf's private key) the HTTPS
   * certificate: validates it, has the server present it on new connections, then keeps it in the
   * state directory. Blocks for the disk and the server, so call it off the event loop. One
   * replacement at a time.
   *
   * @throws InvalidTlsMaterialException when {@code pem} cannot serve (nothing has changed then)
   * @throws IllegalStateException when the server refused the key material or the file could not be
   *     written (the previous certificate is presented again then)
   */
  public synchronized TlsCredentials replace(String pem) {
    boolean forRequest = false;
    TlsCredentials next;
    if (TlsKeyLoader.hasPrivateKey(pem)) {
      next = TlsKeyLoader.parse(pem);
    } else {
      List<X509Certificate> chain = TlsKeyLoader.chain(pem);
      Optional<PrivateKey> requested = requestKey(chain.get(0));
      forRequest = requested.isPresent();
      next = new TlsCredentials(chain, requested.orElseGet(() -> keyInUse(chain.get(0))));
    }
    Date now = Date.from(clock.instant());
    if (next.leaf().getNotAfter().before(now)) {
      throw new InvalidTlsMaterialException(
          "The certificate expired on " + next.leaf().getNotAfter().toInstant() + ".");
    }
    KeyManagerFactory keys = next.keyManagers();
    Installer server = installer;
    if (server == null) {
      throw new IllegalStateException("the HTTPS server is not listening yet");
    }
    Presented previous = presented;
    // The server first: if it refuses, nothing was written. The file second: if it cannot be
    // written, the server
    // goes back to the previous certificate, so the running and the restarted agent never disagree.
    await(server.install(keys));
    try {
      AtomicFiles.write(replacementFile, next.bundlePem());
    } catch (IOException e) {
      await(server.install(previous.keys()));
      throw new IllegalStateException(
          "cannot keep the replaced HTTPS certificate in " + replacementFile, e);
    }
    presented = new Presented(next, keys);
    if (forRequest) {
      try {
        Files.deleteIfExists(requestKeyFile);
      } catch (IOException e) {
        LOG.warn("Cannot remove the used request key {}: {}", requestKeyFile, e.getMessage());
      }
    }
    LOG.info(
        "HTTPS certificate replaced: subject '{}', valid until {}",
        next.leaf().getSubjectX500Principal().getName(),
        next.leaf().getNotAfter().toInstant());
    replacedListeners.forEach(Runnable::run);
    return next;
  }

  /**
   * Makes a key pair and a signing request for it (Redfish {@code GenerateCSR}), and keeps the
   * private key (owner-only) until a certificate for it comes back through {@link #replace}. A new
   * request replaces the previous one's key. The certificate presented now is not touched. Blocks
   * for the key generation and the disk, so call it off the event loop.
   *
   * @return the request, PEM
   */
  public synchronized String requestSignature(SigningRequest request) {
    SigningRequest.Made made = request.make();
    try {
      AtomicFiles.write(requestKeyFile, SelfSignedCertificate.pem(made.keys().getPrivate()));
    } catch (IOException e) {
      throw new IllegalStateException("cannot keep the request's key in " + requestKeyFile, e);
    }
    LOG.info(
        "Certificate signing request made for '{}' ({} {}); its key is kept in {}",
        request.commonName(),
        request.key().algorithm(),
        request.key().bits(),
        requestKeyFile);
    return made.csrPem();
  }

  /** The last request's key, if {@code leaf} was issued for it. */
  private Optional<PrivateKey> requestKey(X509Certificate leaf) {
    if (!Files.isRegularFile(requestKeyFile)) {
      return Optional.empty();
    }
    try {
      String pem = Files.readString(requestKeyFile, StandardCharsets.US_ASCII);
      PrivateKey key = TlsKeyLoader.key(pem, leaf.getPublicKey().getAlgorithm());
      TlsCredentials.checkPair(leaf.getPublicKey(), key);
      return Optional.of(key);
    } catch (IOException | InvalidTlsMaterialException e) {
      return Optional.empty(); // not this request's certificate (or another algorithm)
    }
  }

  /**
   * The key presented now, if {@code leaf} is a renewal for it; else why the chain cannot serve.
   */
  private PrivateKey keyInUse(X509Certificate leaf) {
    PrivateKey current = presented.credentials().key();
    try {
      TlsCredentials.checkPair(leaf.getPublicKey(), current);
      return current;
    } catch (InvalidTlsMaterialException e) {
      throw new InvalidTlsMaterialException(
          "The certificate was issued for neither the key of the last signing request"
              + " (GenerateCSR) nor the key in use; send its private key after it, or request"
              + " a new signature.");
    }
  }

  private static void await(CompletionStage<?> stage) {
    try {
      stage.toCompletableFuture().get(INSTALL_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      throw new IllegalStateException(
          "the HTTPS server refused the key material: " + e.getCause(), e.getCause());
    } catch (TimeoutException e) {
      throw new IllegalStateException(
          "the HTTPS server did not take the key material in " + INSTALL_TIMEOUT, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while installing the key material", e);
    }
  }
}

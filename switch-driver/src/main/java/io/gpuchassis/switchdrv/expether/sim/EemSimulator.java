package io.gpuchassis.switchdrv.expether.sim;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A simulated ExpEther manager listening on loopback: the REST API under {@code /eem} with Basic
 * auth, over the JDK's HTTP server. Its controls ({@link #dropOff}, {@link #reconnect}, {@link
 * #holdAnswers}) are what a test does to the network, never to the API.
 */
public final class EemSimulator implements AutoCloseable {

  private final HttpServer server;
  private final ExecutorService threads;
  private final EemManagerState state;
  private final AnswerGate gate = new AnswerGate();
  private final RequestLog log = new RequestLog();

  private EemSimulator(Builder b) throws IOException {
    state = new EemManagerState(b.engines, b.clock, b.hotPlugDelay);
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
    AtomicInteger n = new AtomicInteger();
    threads =
        Executors.newCachedThreadPool(
            r -> {
              Thread t = new Thread(r, "eem-sim-" + n.incrementAndGet());
              t.setDaemon(true);
              return t;
            });
    server.setExecutor(threads);
    server.createContext(EemHttpFront.ROOT, new EemHttpFront(state, b.user, b.password, gate, log));
    server.start();
  }

  public static Builder builder() {
    return new Builder();
  }

  /** The API root: {@code http://127.0.0.1:<port>/eem}. */
  public URI baseUri() {
    InetSocketAddress a = server.getAddress();
    return URI.create("http://" + a.getAddress().getHostAddress() + ":" + a.getPort() + "/eem");
  }

  /** The engine drops off the network: its ports report down, and group changes on it fail. */
  public void dropOff(String engineId) {
    state.dropOff(engineId);
  }

  /** The engine is back on the network. */
  public void reconnect(String engineId) {
    state.reconnect(engineId);
  }

  /**
   * From now on the manager accepts requests and answers none until the returned hold is closed.
   */
  public Hold holdAnswers() {
    gate.hold();
    return gate::release;
  }

  /** Every request received so far, {@code METHOD path?query} relative to the API root. */
  public List<String> requests() {
    return log.snapshot();
  }

  public void clearRequests() {
    log.clear();
  }

  @Override
  public void close() {
    gate.release();
    server.stop(0);
    threads.shutdownNow();
  }

  /** A hold on the manager's answers; closing it lets them go. */
  @FunctionalInterface
  public interface Hold extends AutoCloseable {
    @Override
    void close();
  }

  /** What the simulated manager starts with. */
  public static final class Builder {
    private final List<EngineSpec> engines = new ArrayList<>();
    private String user = "admin";
    private String password = "admin";
    private Duration hotPlugDelay = Duration.ofMillis(500);
    private InstantSource clock = InstantSource.system();

    private Builder() {}

    public Builder credentials(String user, String password) {
      this.user = Objects.requireNonNull(user);
      this.password = Objects.requireNonNull(password);
      return this;
    }

    /**
     * How long an I/O engine's group change takes before the engine reports it (a PCIe hot-plug); a
     * host's group change is reported at once.
     */
    public Builder hotPlugDelay(Duration delay) {
      if (delay.isNegative()) {
        throw new IllegalArgumentException("negative delay");
      }
      this.hotPlugDelay = delay;
      return this;
    }

    /**
     * The time the delays and {@code update_time} run on; the system clock unless a test steps it.
     */
    public Builder clock(InstantSource clock) {
      this.clock = Objects.requireNonNull(clock);
      return this;
    }

    public Builder engine(EngineSpec engine) {
      engines.add(engine);
      return this;
    }

    public EemSimulator start() {
      try {
        return new EemSimulator(this);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}

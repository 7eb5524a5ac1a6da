package io.gpuchassis.switchdrv.transport;

import io.gpuchassis.switchdrv.SwitchException;

/**
 * GAS access by direct method calls on a {@link GasEndpoint} in the same JVM: no framing, no I/O.
 * The in-band equivalent of a memory-mapped BAR0. Never blocks beyond the endpoint's own lock;
 * never times out; fails with IO only after {@link #close()}.
 */
public final class InMemorySwitchTransport implements SwitchTransport {

  private final GasEndpoint endpoint;
  private final String name;
  private volatile boolean closed;

  public InMemorySwitchTransport(GasEndpoint endpoint, String name) {
    this.endpoint = endpoint;
    this.name = name;
  }

  @Override
  public byte[] read(int offset, int length) {
    checkOpen();
    return endpoint.readGas(offset, length);
  }

  @Override
  public void write(int offset, byte[] data, WriteMode mode) {
    checkOpen();
    endpoint.writeGas(offset, data);
  }

  private void checkOpen() {
    if (closed) {
      throw new SwitchException(SwitchException.Kind.IO, "transport closed");
    }
  }

  @Override
  public String description() {
    return "in-memory " + name;
  }

  @Override
  public void close() {
    closed = true;
  }
}

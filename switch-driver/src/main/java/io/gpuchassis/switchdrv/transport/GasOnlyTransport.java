package io.gpuchassis.switchdrv.transport;

/**
 * A view of a transport that hides any whole-MRPC capability, so the driver runs the GAS mailbox
 * algorithm over it (e.g. MoE's GAS commands with the same polling code as I2C and UART, for timing
 * fidelity). Same contract as the wrapped transport.
 */
public final class GasOnlyTransport implements SwitchTransport {

  private final SwitchTransport delegate;

  public GasOnlyTransport(SwitchTransport delegate) {
    this.delegate = delegate;
  }

  @Override
  public byte[] read(int offset, int length) {
    return delegate.read(offset, length);
  }

  @Override
  public void write(int offset, byte[] data, WriteMode mode) {
    delegate.write(offset, data, mode);
  }

  @Override
  public String description() {
    return delegate.description() + " (GAS mailbox)";
  }

  @Override
  public void close() {
    delegate.close();
  }
}

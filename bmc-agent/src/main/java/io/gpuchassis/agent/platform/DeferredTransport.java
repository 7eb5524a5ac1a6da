package io.gpuchassis.agent.platform;

import io.gpuchassis.switchdrv.SwitchException;
import io.gpuchassis.switchdrv.transport.SwitchTransport;
import io.gpuchassis.switchdrv.transport.WriteMode;
import java.util.function.Supplier;

/**
 * A switch transport opened on first use and again after opening failed: a chip whose bus does not
 * exist at start (yet) is a chip that does not answer, reported with where it was looked for, not a
 * reason for the agent to stop. Called from the switch's worker only.
 */
final class DeferredTransport implements SwitchTransport {

  private final String where;
  private final Supplier<SwitchTransport> opener;
  private SwitchTransport open;

  DeferredTransport(String where, Supplier<SwitchTransport> opener) {
    this.where = where;
    this.opener = opener;
  }

  private SwitchTransport transport() {
    if (open == null) {
      try {
        open = opener.get();
      } catch (RuntimeException | LinkageError e) {
        throw new SwitchException(
            SwitchException.Kind.IO, where + " cannot be opened: " + e.getMessage(), e);
      }
    }
    return open;
  }

  @Override
  public byte[] read(int offset, int length) {
    return transport().read(offset, length);
  }

  @Override
  public void write(int offset, byte[] data, WriteMode mode) {
    transport().write(offset, data, mode);
  }

  @Override
  public String description() {
    return where;
  }

  @Override
  public void close() {
    if (open != null) {
      open.close();
    }
  }
}

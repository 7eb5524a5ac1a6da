package io.gpuchassis.switchdrv.transport.inband;

/** A file operation on the device node failed with {@code errno}; the transport maps it once. */
public final class ErrnoException extends Exception {

  private final int errno;

  public ErrnoException(String operation, int errno) {
    super(operation + " failed: " + Errno.name(errno));
    this.errno = errno;
  }

  public int errno() {
    return errno;
  }
}

package io.gpuchassis.switchdrv.transport.inband;

import io.gpuchassis.switchdrv.wire.Deadline;

/**
 * The three file operations the switchtec file protocol needs, each one syscall on a real node;
 * failures carry the errno. Not thread-safe: one caller.
 */
interface DeviceFile extends AutoCloseable {

  /** One write(); returns the bytes written. The deadline bounds only a simulated node. */
  int write(byte[] data, Deadline deadline) throws ErrnoException;

  /** poll() for POLLIN (the MRPC has completed); false when the deadline passes first. */
  boolean awaitReadable(Deadline deadline) throws ErrnoException;

  /** One read() of at most {@code size} bytes. */
  byte[] read(int size, Deadline deadline) throws ErrnoException;

  @Override
  void close();
}

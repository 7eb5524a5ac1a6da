package io.gpuchassis.firmware;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A {@link BundleLayout#SIGNED_MANIFEST} bundle checked where it lies: its manifest's signature
 * verified against a trusted key and its payload's digest checked, without the payload ever held in
 * memory. The payload is read from the file again by whoever installs it, who checks what it wrote.
 *
 * @param manifest the signed manifest
 * @param keyId the id of the trusted key that signed it
 * @param file the bundle file
 * @param payloadOffset where the payload starts in {@code file}
 * @param payloadLength the payload's length in bytes
 */
public record VerifiedFile(
    BundleManifest manifest, String keyId, Path file, long payloadOffset, long payloadLength) {

  /** Whether the manifest's Compatible list contains {@code identity}, ignoring case. */
  public boolean compatibleWith(String identity) {
    return VerifiedBundle.listed(manifest, identity);
  }

  /**
   * This bundle with its payload read into memory, for a payload small enough to hold (a switch
   * image); the file's digest was checked when it was verified.
   */
  public VerifiedBundle load() throws IOException {
    try (InputStream payload = openPayload()) {
      return new VerifiedBundle(manifest, payload.readAllBytes(), keyId);
    }
  }

  /** The payload's bytes, streamed from the file (exactly {@link #payloadLength} of them). */
  public InputStream openPayload() throws IOException {
    FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
    channel.position(payloadOffset);
    return new java.io.FilterInputStream(Channels.newInputStream(channel)) {
      private long left = payloadLength;

      @Override
      public int read() throws IOException {
        if (left <= 0) {
          return -1;
        }
        int b = super.read();
        if (b >= 0) {
          left--;
        }
        return b;
      }

      @Override
      public int read(byte[] buf, int off, int len) throws IOException {
        if (left <= 0) {
          return -1;
        }
        int n = super.read(buf, off, (int) Math.min(len, left));
        if (n > 0) {
          left -= n;
        }
        return n;
      }
    };
  }
}

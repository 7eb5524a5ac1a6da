package io.gpuchassis.agent.tls;

/**
 * PEM text that cannot serve as the HTTPS certificate: no certificate, no usable private key, or a
 * key that does not belong to the certificate. The message is a sentence for the client that sent
 * the text; it never repeats key material.
 */
public final class InvalidTlsMaterialException extends RuntimeException {

  public InvalidTlsMaterialException(String message) {
    super(message);
  }

  public InvalidTlsMaterialException(String message, Throwable cause) {
    super(message, cause);
  }
}

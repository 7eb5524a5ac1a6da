package io.gpuchassis.agent.tls;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.cert.CertificateEncodingException;
import java.security.cert.X509Certificate;
import java.util.Base64;
import java.util.List;
import javax.net.ssl.KeyManagerFactory;

/**
 * A certificate chain, leaf first, and the private key of its leaf. The constructor proves that the
 * two belong together by signing a random challenge with the key and verifying it with the leaf's
 * public key, so no server is ever handed a pair that fails every handshake.
 */
public record TlsCredentials(List<X509Certificate> chain, PrivateKey key) {

  private static final char[] NO_PASSWORD = new char[0];

  /**
   * @throws InvalidTlsMaterialException when the chain is empty or the key does not belong to the
   *     leaf
   */
  public TlsCredentials {
    chain = List.copyOf(chain);
    if (chain.isEmpty()) {
      throw new InvalidTlsMaterialException("There is no certificate.");
    }
    checkPair(chain.get(0).getPublicKey(), key);
  }

  /** The certificate the server presents. */
  public X509Certificate leaf() {
    return chain.get(0);
  }

  /**
   * The key manager a TLS server presents this chain with. Its key store lives only in memory, so
   * it is a JKS one: a PKCS12 store encrypts the key with 10,000 rounds of PBKDF2 when it is put in
   * and again when the key manager takes it out (0.15 to 0.45 s of CPU on a 2-core machine, against
   * a few milliseconds), for a password that protects nothing.
   */
  public KeyManagerFactory keyManagers() {
    try {
      KeyStore store = KeyStore.getInstance("JKS");
      store.load(null, null);
      store.setKeyEntry("https", key, NO_PASSWORD, chain.toArray(X509Certificate[]::new));
      KeyManagerFactory factory =
          KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
      factory.init(store, NO_PASSWORD);
      return factory;
    } catch (GeneralSecurityException | IOException e) {
      throw new InvalidTlsMaterialException(
          "The certificate and key cannot be used for TLS: " + e.getMessage(), e);
    }
  }

  /** The chain as PEM, without the key: what clients may see. */
  public String chainPem() {
    StringBuilder pem = new StringBuilder();
    for (X509Certificate certificate : chain) {
      try {
        pem.append(pem("CERTIFICATE", certificate.getEncoded()));
      } catch (CertificateEncodingException e) {
        throw new IllegalStateException("a parsed certificate cannot be encoded again", e);
      }
    }
    return pem.toString();
  }

  /** The chain followed by the key (PKCS#8), as kept in the state directory. */
  String bundlePem() {
    return chainPem() + pem("PRIVATE KEY", key.getEncoded());
  }

  private static String pem(String label, byte[] der) {
    String base64 =
        Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der);
    return "-----BEGIN " + label + "-----\n" + base64 + "\n-----END " + label + "-----\n";
  }

  static void checkPair(PublicKey publicKey, PrivateKey privateKey) {
    String algorithm = signatureAlgorithm(publicKey.getAlgorithm());
    try {
      byte[] challenge = new byte[32];
      new SecureRandom().nextBytes(challenge);
      Signature signer = Signature.getInstance(algorithm);
      signer.initSign(privateKey);
      signer.update(challenge);
      byte[] signature = signer.sign();
      Signature verifier = Signature.getInstance(algorithm);
      verifier.initVerify(publicKey);
      verifier.update(challenge);
      if (verifier.verify(signature)) {
        return;
      }
    } catch (GeneralSecurityException | RuntimeException e) {
      // a key of another algorithm or curve: it does not belong to this certificate either
    }
    throw new InvalidTlsMaterialException("The private key does not belong to the certificate.");
  }

  private static String signatureAlgorithm(String keyAlgorithm) {
    return switch (keyAlgorithm) {
      case "RSA" -> "SHA256withRSA";
      case "EC" -> "SHA256withECDSA";
      case "EdDSA", "Ed25519", "Ed448" -> "EdDSA";
      default ->
          throw new InvalidTlsMaterialException(
              "The certificate's key algorithm "
                  + keyAlgorithm
                  + " is not supported; use an RSA, EC or EdDSA key.");
    };
  }
}

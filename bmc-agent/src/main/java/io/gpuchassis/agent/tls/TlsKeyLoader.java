package io.gpuchassis.agent.tls;

import io.gpuchassis.agent.config.ConfigException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.KeyManagerFactory;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.openssl.PEMKeyPair;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.openssl.jcajce.JcaPEMKeyConverter;

/**
 * Reads a PEM certificate chain and private key, from files (the configuration, the state
 * directory) or from one text (ReplaceCertificate's {@code CertificateString}), and checks that
 * they belong together. PKCS#8 keys ({@code BEGIN PRIVATE KEY}, which the agent itself writes) are
 * read by the JDK; the older PKCS#1 and SEC1 forms ({@code BEGIN RSA/EC PRIVATE KEY}) by Bouncy
 * Castle. Reading keys here, rather than handing the PEM files to Netty, also keeps Netty from
 * loading the whole Bouncy Castle provider at every start.
 */
public final class TlsKeyLoader {

  private static final Pattern CERTIFICATE =
      Pattern.compile("-----BEGIN CERTIFICATE-----([A-Za-z0-9+/=\\s]*)-----END CERTIFICATE-----");

  /**
   * Any private key block: PKCS#8 ("PRIVATE KEY"), PKCS#1 ("RSA ..."), SEC1 ("EC ..."), or an
   * encrypted one.
   */
  private static final Pattern KEY =
      Pattern.compile(
          "-----BEGIN ((?:[A-Z0-9]+ )*)PRIVATE KEY-----.*?-----END \\1PRIVATE KEY-----",
          Pattern.DOTALL);

  private TlsKeyLoader() {}

  /**
   * @throws ConfigException naming the file when a file is unreadable or the key does not match the
   *     certificate
   */
  public static KeyManagerFactory load(TlsMaterial material) {
    return read(material).keyManagers();
  }

  /**
   * @throws ConfigException naming the file when a file is unreadable or the key does not match the
   *     certificate
   */
  public static TlsCredentials read(TlsMaterial material) {
    List<X509Certificate> chain;
    try {
      chain = certificates(readFile(material.certificate(), "certificate"));
    } catch (InvalidTlsMaterialException e) {
      throw new ConfigException(
          "TLS certificate " + material.certificate() + ": " + e.getMessage(), e);
    }
    PrivateKey key;
    try {
      key =
          privateKey(
              readFile(material.privateKey(), "private key"),
              chain.get(0).getPublicKey().getAlgorithm());
    } catch (InvalidTlsMaterialException e) {
      throw new ConfigException(
          "TLS private key " + material.privateKey() + ": " + e.getMessage(), e);
    }
    try {
      return new TlsCredentials(chain, key);
    } catch (InvalidTlsMaterialException e) {
      throw new ConfigException(
          "TLS key "
              + material.privateKey()
              + " does not fit certificate "
              + material.certificate()
              + ": "
              + e.getMessage(),
          e);
    }
  }

  /**
   * The certificates (leaf first) and the one private key in {@code pem}, as ReplaceCertificate's
   * {@code CertificateString} carries them. Text outside the PEM blocks is ignored.
   *
   * @throws InvalidTlsMaterialException saying, for the client, what is missing or wrong
   */
  public static TlsCredentials parse(String pem) {
    List<X509Certificate> chain = certificates(pem);
    return new TlsCredentials(chain, privateKey(pem, chain.get(0).getPublicKey().getAlgorithm()));
  }

  /** Whether {@code pem} carries a private key block (of any form). */
  public static boolean hasPrivateKey(String pem) {
    return KEY.matcher(pem).find();
  }

  /**
   * The certificates in {@code pem}, leaf first: a chain sent without its key, for a key the agent
   * already holds.
   *
   * @throws InvalidTlsMaterialException when there is none or one cannot be read
   */
  public static List<X509Certificate> chain(String pem) {
    return certificates(pem);
  }

  /** One certificate as PEM, as the agent writes and shows certificates. */
  public static String pem(X509Certificate certificate) {
    try {
      String base64 =
          Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
              .encodeToString(certificate.getEncoded());
      return "-----BEGIN CERTIFICATE-----\n" + base64 + "\n-----END CERTIFICATE-----\n";
    } catch (java.security.cert.CertificateEncodingException e) {
      throw new IllegalStateException("a parsed certificate cannot be encoded again", e);
    }
  }

  /** The one private key in {@code pem}, of {@code algorithm} ({@code EC}, {@code RSA}). */
  static PrivateKey key(String pem, String algorithm) {
    return privateKey(pem, algorithm);
  }

  private static String readFile(Path file, String what) {
    try {
      return Files.readString(file, StandardCharsets.US_ASCII);
    } catch (IOException e) {
      throw new InvalidTlsMaterialException(
          "the " + what + " cannot be read: " + e.getMessage(), e);
    }
  }

  private static List<X509Certificate> certificates(String pem) {
    List<X509Certificate> chain = new ArrayList<>();
    Matcher m = CERTIFICATE.matcher(pem);
    while (m.find()) {
      try {
        byte[] der = Base64.getMimeDecoder().decode(m.group(1));
        chain.add(
            (X509Certificate)
                CertificateFactory.getInstance("X.509")
                    .generateCertificate(new ByteArrayInputStream(der)));
      } catch (GeneralSecurityException | IllegalArgumentException e) {
        throw new InvalidTlsMaterialException(
            "Certificate "
                + (chain.size() + 1)
                + " of the PEM text cannot be read: "
                + e.getMessage(),
            e);
      }
    }
    if (chain.isEmpty()) {
      throw new InvalidTlsMaterialException(
          "The PEM text holds no certificate (-----BEGIN CERTIFICATE-----).");
    }
    return chain;
  }

  /** The one private key in {@code pem}, of {@code algorithm} (the certificate's key algorithm). */
  private static PrivateKey privateKey(String pem, String algorithm) {
    Matcher m = KEY.matcher(pem);
    if (!m.find()) {
      throw new InvalidTlsMaterialException(
          "The PEM text holds no private key: append the certificate's unencrypted private key (PKCS#8, PKCS#1 or"
              + " SEC1) after the certificates.");
    }
    String block = m.group();
    if (m.find()) {
      throw new InvalidTlsMaterialException("The PEM text holds more than one private key.");
    }
    if (block.contains("ENCRYPTED")) {
      throw new InvalidTlsMaterialException(
          "Encrypted private keys are not supported: send the key unencrypted.");
    }
    try {
      if (block.startsWith("-----BEGIN PRIVATE KEY-----")) {
        String base64 =
            block
                .replace("-----BEGIN PRIVATE KEY-----", "")
                .replace("-----END PRIVATE KEY-----", "");
        byte[] der = Base64.getMimeDecoder().decode(base64);
        return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(der));
      }
      return readLegacyKey(block);
    } catch (GeneralSecurityException | IOException | IllegalArgumentException e) {
      // the exception text may describe the key's bytes: say only what kind of key was expected
      throw new InvalidTlsMaterialException(
          "The private key is not a usable "
              + algorithm
              + " key; it must be the key of the first certificate.",
          e);
    }
  }

  private static PrivateKey readLegacyKey(String pem) throws IOException {
    try (PEMParser parser = new PEMParser(new StringReader(pem))) {
      Object object = parser.readObject();
      JcaPEMKeyConverter converter = new JcaPEMKeyConverter();
      if (object instanceof PEMKeyPair pair) {
        // only the private part: a SEC1 key may leave out its optional public key
        return converter.getPrivateKey(pair.getPrivateKeyInfo());
      }
      if (object instanceof PrivateKeyInfo info) {
        return converter.getPrivateKey(info);
      }
      throw new IOException("no unencrypted private key found");
    }
  }
}

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
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.Collection;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.KeyManagerFactory;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.openssl.PEMKeyPair;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.openssl.jcajce.JcaPEMKeyConverter;

/**
 * Turns a PEM certificate chain and private key into the key manager the HTTPS server uses, checking that they belong
 * together. PKCS#8 keys ({@code BEGIN PRIVATE KEY}, which the agent itself writes) are read by the JDK; the older
 * PKCS#1 and SEC1 forms ({@code BEGIN RSA/EC PRIVATE KEY}) by Bouncy Castle. Reading keys here, rather than handing the
 * PEM files to Netty, also keeps Netty from loading the whole Bouncy Castle provider at every start.
 */
public final class TlsKeyLoader {

  private static final Pattern PKCS8 =
      Pattern.compile("-----BEGIN PRIVATE KEY-----([A-Za-z0-9+/=\\s]+)-----END PRIVATE KEY-----");
  private static final char[] NO_PASSWORD = new char[0];

  private TlsKeyLoader() {}

  /** @throws ConfigException naming the file when a file is unreadable or the key does not match the certificate */
  public static KeyManagerFactory load(TlsMaterial material) {
    Certificate[] chain = readChain(material.certificate());
    PrivateKey key = readKey(material.privateKey(), chain[0].getPublicKey().getAlgorithm());
    try {
      KeyStore store = KeyStore.getInstance("PKCS12");
      store.load(null, null);
      store.setKeyEntry("https", key, NO_PASSWORD, chain);
      KeyManagerFactory factory = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
      factory.init(store, NO_PASSWORD);
      return factory;
    } catch (GeneralSecurityException | IOException e) {
      throw new ConfigException(
          "TLS key " + material.privateKey() + " does not fit certificate " + material.certificate() + ": " + e, e);
    }
  }

  private static Certificate[] readChain(Path file) {
    try {
      Collection<? extends Certificate> certificates =
          CertificateFactory.getInstance("X.509").generateCertificates(new ByteArrayInputStream(Files.readAllBytes(file)));
      if (certificates.isEmpty()) {
        throw new ConfigException("TLS certificate " + file + " holds no PEM certificate");
      }
      return certificates.toArray(Certificate[]::new);
    } catch (IOException | GeneralSecurityException e) {
      throw new ConfigException("TLS certificate " + file + " cannot be read: " + e.getMessage(), e);
    }
  }

  private static PrivateKey readKey(Path file, String algorithm) {
    String pem;
    try {
      pem = Files.readString(file, StandardCharsets.US_ASCII);
    } catch (IOException e) {
      throw new ConfigException("TLS private key " + file + " cannot be read: " + e.getMessage(), e);
    }
    try {
      Matcher pkcs8 = PKCS8.matcher(pem);
      if (pkcs8.find()) {
        byte[] der = Base64.getMimeDecoder().decode(pkcs8.group(1));
        return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(der));
      }
      return readLegacyKey(pem);
    } catch (GeneralSecurityException | IOException | IllegalArgumentException e) {
      throw new ConfigException("TLS private key " + file + " is not a usable " + algorithm + " key: " + e, e);
    }
  }

  private static PrivateKey readLegacyKey(String pem) throws IOException {
    try (PEMParser parser = new PEMParser(new StringReader(pem))) {
      Object object = parser.readObject();
      JcaPEMKeyConverter converter = new JcaPEMKeyConverter();
      if (object instanceof PEMKeyPair pair) {
        return converter.getKeyPair(pair).getPrivate();
      }
      if (object instanceof PrivateKeyInfo info) {
        return converter.getPrivateKey(info);
      }
      throw new IOException("no unencrypted private key found (encrypted keys are not supported)");
    }
  }
}

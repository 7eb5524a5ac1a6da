package io.gpuchassis.agent.tls;

import io.gpuchassis.agent.store.StateFiles;
import java.io.IOException;
import java.io.StringWriter;
import java.math.BigInteger;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x500.X500NameBuilder;
import org.bouncycastle.asn1.x500.style.BCStyle;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Generates the agent's self-signed HTTPS certificate on first start (ECDSA P-256, valid ten years,
 * names {@code localhost}, the loopback addresses and the host name, and, once the chassis has been
 * read, its serial number: {@link HttpsCertificate#nameChassis}) and keeps it in the state
 * directory, so that clients that pin it keep working across restarts. Bouncy Castle builds the
 * certificate; the JDK's own provider signs it.
 */
public final class SelfSignedCertificate {

  private static final Logger LOG = LoggerFactory.getLogger(SelfSignedCertificate.class);
  private static final Duration VALIDITY = Duration.ofDays(3650);

  private SelfSignedCertificate() {}

  /** Returns the certificate kept in {@code dir}, generating it first when it is not there. */
  public static TlsMaterial ensure(Path dir) {
    Path cert = dir.resolve("https-cert.pem");
    Path key = dir.resolve("https-key.pem");
    if (Files.isRegularFile(cert) && Files.isRegularFile(key)) {
      return new TlsMaterial(cert, key, true);
    }
    try {
      StateFiles.createFolders(dir);
      generate(cert, key);
    } catch (IOException | GeneralSecurityException | OperatorCreationException e) {
      throw new IllegalStateException(
          "cannot create the self-signed HTTPS certificate in " + dir + ": " + e, e);
    }
    LOG.info("Generated a self-signed HTTPS certificate: {}", cert.toAbsolutePath());
    return new TlsMaterial(cert, key, true);
  }

  /**
   * Makes the certificate in {@code dir} again, its subject naming the chassis's serial number
   * beside the host names ({@code SERIALNUMBER}, X.520's serial number attribute), and returns it.
   */
  static TlsMaterial regenerate(Path dir, String chassisSerial) {
    Path cert = dir.resolve("https-cert.pem");
    Path key = dir.resolve("https-key.pem");
    try {
      generate(cert, key, chassisSerial);
    } catch (IOException | GeneralSecurityException | OperatorCreationException e) {
      throw new IllegalStateException(
          "cannot create the self-signed HTTPS certificate in " + dir + ": " + e, e);
    }
    return new TlsMaterial(cert, key, true);
  }

  private static void generate(Path certFile, Path keyFile)
      throws GeneralSecurityException, OperatorCreationException, IOException {
    generate(certFile, keyFile, "");
  }

  private static void generate(Path certFile, Path keyFile, String chassisSerial)
      throws GeneralSecurityException, OperatorCreationException, IOException {
    KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
    generator.initialize(new ECGenParameterSpec("secp256r1"), new SecureRandom());
    KeyPair pair = generator.generateKeyPair();

    String hostName = hostName();
    X500NameBuilder names =
        new X500NameBuilder(BCStyle.INSTANCE)
            .addRDN(BCStyle.CN, hostName)
            .addRDN(BCStyle.O, "GPU chassis management agent");
    if (!chassisSerial.isBlank()) {
      names.addRDN(BCStyle.SERIALNUMBER, chassisSerial);
    }
    X500Name subject = names.build();
    Instant now = Instant.now();
    var builder =
        new JcaX509v3CertificateBuilder(
            subject,
            new BigInteger(127, new SecureRandom()),
            Date.from(now.minus(Duration.ofDays(1))),
            Date.from(now.plus(VALIDITY)),
            subject,
            pair.getPublic());
    // Its own issuer: marked as a CA that can sign nothing below itself, so that clients which pin
    // it as their trust
    // anchor (curl --cacert, Python's ssl) accept it; OpenSSL refuses a self-signed anchor that is
    // not a CA.
    builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(0));
    builder.addExtension(
        Extension.keyUsage,
        true,
        new KeyUsage(KeyUsage.digitalSignature | KeyUsage.keyAgreement | KeyUsage.keyCertSign));
    builder.addExtension(
        Extension.extendedKeyUsage, false, new ExtendedKeyUsage(KeyPurposeId.id_kp_serverAuth));
    builder.addExtension(Extension.subjectAlternativeName, false, subjectAltNames(hostName));
    X509CertificateHolder holder =
        builder.build(new JcaContentSignerBuilder("SHA256withECDSA").build(pair.getPrivate()));

    // Write the key first; rename into place so a crash never leaves half a file.
    AtomicFiles.write(keyFile, pem(pair.getPrivate()));
    AtomicFiles.write(certFile, pem(holder));
  }

  private static GeneralNames subjectAltNames(String hostName) {
    List<GeneralName> names = new ArrayList<>();
    names.add(new GeneralName(GeneralName.dNSName, "localhost"));
    if (!hostName.equals("localhost")) {
      names.add(new GeneralName(GeneralName.dNSName, hostName));
    }
    names.add(new GeneralName(GeneralName.iPAddress, "127.0.0.1"));
    names.add(new GeneralName(GeneralName.iPAddress, "::1"));
    return new GeneralNames(names.toArray(GeneralName[]::new));
  }

  private static String hostName() {
    try {
      String name = InetAddress.getLocalHost().getHostName();
      return name == null || name.isBlank() ? "localhost" : name;
    } catch (IOException e) {
      return "localhost";
    }
  }

  static String pem(Object object) throws IOException {
    StringWriter out = new StringWriter();
    try (JcaPEMWriter writer = new JcaPEMWriter(out)) {
      writer.writeObject(
          object instanceof java.security.PrivateKey key
              ? new org.bouncycastle.openssl.jcajce.JcaPKCS8Generator(key, null).generate()
              : object);
    }
    return out.toString();
  }
}

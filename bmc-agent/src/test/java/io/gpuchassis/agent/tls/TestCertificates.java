package io.gpuchassis.agent.tls;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.asn1.sec.ECPrivateKey;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.asn1.x509.SubjectPublicKeyInfo;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.jcajce.JcaMiscPEMGenerator;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.bouncycastle.util.io.pem.PemObject;

/**
 * Certificates for tests: self-signed or issued by a test CA, RSA or EC, valid now or not, for
 * {@code 127.0.0.1} and {@code localhost} so that the agent can present them to a verifying client.
 */
public final class TestCertificates {

  /** A certificate and its key pair, with the PEM forms a client would send. */
  public record Issued(X509Certificate certificate, KeyPair keys) {

    public String certificatePem() {
      return pem(certificate);
    }

    /** {@code BEGIN PRIVATE KEY}. */
    public String pkcs8KeyPem() {
      try {
        return pem(new JcaPKCS8Generator(keys.getPrivate(), null).generate());
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    /**
     * {@code BEGIN RSA PRIVATE KEY} (PKCS#1) or {@code BEGIN EC PRIVATE KEY} (SEC1 with its curve
     * and public key), as OpenSSL 1.x writes them.
     */
    public String legacyKeyPem() {
      return keys.getPrivate().getAlgorithm().equals("EC") ? sec1(true) : pkcs1();
    }

    /** SEC1 without the optional public key, which some tools leave out. */
    public String sec1WithoutPublicKeyPem() {
      return sec1(false);
    }

    private String pkcs1() {
      try {
        return pem(new JcaMiscPEMGenerator(keys.getPrivate()).generate());
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    private String sec1(boolean withPublicKey) {
      try {
        // the JDK's PKCS#8 keeps the curve outside the inner key; SEC1 files carry it inside
        PrivateKeyInfo info = PrivateKeyInfo.getInstance(keys.getPrivate().getEncoded());
        ASN1Encodable curve = info.getPrivateKeyAlgorithm().getParameters();
        BigInteger d = ECPrivateKey.getInstance(info.parsePrivateKey()).getKey();
        ECPrivateKey sec1 =
            withPublicKey
                ? new ECPrivateKey(256, d, publicKeyInfo().getPublicKeyData(), curve)
                : new ECPrivateKey(256, d, curve);
        return pem(new PemObject("EC PRIVATE KEY", sec1.getEncoded()));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    private SubjectPublicKeyInfo publicKeyInfo() {
      return SubjectPublicKeyInfo.getInstance(keys.getPublic().getEncoded());
    }

    /**
     * Writes the certificate to {@code file} (for a client that trusts exactly it) and returns the
     * file.
     */
    public Path writeCertificate(Path file) throws IOException {
      Files.writeString(file, certificatePem());
      return file;
    }
  }

  private TestCertificates() {}

  public static KeyPair rsa() {
    return generate("RSA", null);
  }

  public static KeyPair ec() {
    return generate("EC", new ECGenParameterSpec("secp256r1"));
  }

  /** A self-signed server certificate valid from yesterday for a year. */
  public static Issued selfSigned(String commonName, KeyPair keys) {
    Instant now = Instant.now();
    return selfSigned(
        commonName, keys, now.minus(Duration.ofDays(1)), now.plus(Duration.ofDays(365)));
  }

  /** A self-signed server certificate with the given validity. */
  public static Issued selfSigned(
      String commonName, KeyPair keys, Instant notBefore, Instant notAfter) {
    return issue("CN=" + commonName + ",O=Test", keys, null, notBefore, notAfter, false);
  }

  /** A CA certificate, valid from yesterday for a year. */
  public static Issued authority(String commonName) {
    Instant now = Instant.now();
    Instant notAfter = now.plus(Duration.ofDays(365));
    return issue(
        "CN=" + commonName + ",O=Test CA",
        ec(),
        null,
        now.minus(Duration.ofDays(1)),
        notAfter,
        true);
  }

  /** A server certificate for {@code subject} issued by {@code ca}. */
  public static Issued issuedBy(Issued ca, String subject, KeyPair keys) {
    Instant now = Instant.now();
    return issue(
        subject, keys, ca, now.minus(Duration.ofDays(1)), now.plus(Duration.ofDays(365)), false);
  }

  /**
   * What an operator's CA does with a signing request: a server certificate for the request's
   * subject, public key and alternative names, valid from yesterday for a year, signed by {@code
   * ca}. The request's own signature is checked first, as a CA would.
   */
  public static X509Certificate signRequest(Issued ca, String csrPem) {
    try (org.bouncycastle.openssl.PEMParser parser =
        new org.bouncycastle.openssl.PEMParser(new java.io.StringReader(csrPem))) {
      var request =
          new org.bouncycastle.pkcs.jcajce.JcaPKCS10CertificationRequest(
              (org.bouncycastle.pkcs.PKCS10CertificationRequest) parser.readObject());
      if (!request.isSignatureValid(
          new org.bouncycastle.operator.jcajce.JcaContentVerifierProviderBuilder()
              .build(request.getPublicKey()))) {
        throw new IllegalStateException("the request's signature does not verify");
      }
      Instant now = Instant.now();
      var builder =
          new JcaX509v3CertificateBuilder(
              X500Name.getInstance(ca.certificate().getSubjectX500Principal().getEncoded()),
              new BigInteger(64, new SecureRandom()).setBit(63),
              Date.from(now.minus(Duration.ofDays(1))),
              Date.from(now.plus(Duration.ofDays(365))),
              request.getSubject(),
              request.getPublicKey());
      builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
      builder.addExtension(
          Extension.extendedKeyUsage, false, new ExtendedKeyUsage(KeyPurposeId.id_kp_serverAuth));
      var requested = request.getRequestedExtensions();
      if (requested != null && requested.getExtension(Extension.subjectAlternativeName) != null) {
        builder.addExtension(requested.getExtension(Extension.subjectAlternativeName));
      }
      return new JcaX509CertificateConverter()
          .getCertificate(
              builder.build(
                  new JcaContentSignerBuilder("SHA256withECDSA").build(ca.keys().getPrivate())));
    } catch (Exception e) {
      throw new IllegalStateException("cannot sign the test request", e);
    }
  }

  /** A certificate as PEM. */
  public static String pemOf(X509Certificate certificate) {
    return pem(certificate);
  }

  private static Issued issue(
      String subject,
      KeyPair keys,
      Issued issuer,
      Instant notBefore,
      Instant notAfter,
      boolean authority) {
    try {
      X500Name subjectName = new X500Name(subject);
      X500Name issuerName =
          issuer == null
              ? subjectName
              : X500Name.getInstance(issuer.certificate().getSubjectX500Principal().getEncoded());
      KeyPair signer = issuer == null ? keys : issuer.keys();
      var builder =
          new JcaX509v3CertificateBuilder(
              issuerName,
              new BigInteger(64, new SecureRandom()).setBit(63),
              Date.from(notBefore),
              Date.from(notAfter),
              subjectName,
              keys.getPublic());
      builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(authority));
      if (authority) {
        builder.addExtension(
            Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
      } else {
        boolean rsa = keys.getPublic().getAlgorithm().equals("RSA");
        int usage = KeyUsage.digitalSignature | (rsa ? KeyUsage.keyEncipherment : 0);
        builder.addExtension(Extension.keyUsage, true, new KeyUsage(usage));
        builder.addExtension(
            Extension.extendedKeyUsage, false, new ExtendedKeyUsage(KeyPurposeId.id_kp_serverAuth));
        builder.addExtension(
            Extension.subjectAlternativeName,
            false,
            new GeneralNames(
                new GeneralName[] {
                  new GeneralName(GeneralName.dNSName, "localhost"),
                  new GeneralName(GeneralName.iPAddress, "127.0.0.1")
                }));
      }
      String algorithm =
          signer.getPrivate().getAlgorithm().equals("RSA") ? "SHA256withRSA" : "SHA256withECDSA";
      X509Certificate certificate =
          new JcaX509CertificateConverter()
              .getCertificate(
                  builder.build(new JcaContentSignerBuilder(algorithm).build(signer.getPrivate())));
      return new Issued(certificate, keys);
    } catch (Exception e) {
      throw new IllegalStateException("cannot issue a test certificate", e);
    }
  }

  private static KeyPair generate(String algorithm, ECGenParameterSpec spec) {
    try {
      KeyPairGenerator generator = KeyPairGenerator.getInstance(algorithm);
      if (spec != null) {
        generator.initialize(spec);
      } else {
        generator.initialize(2048);
      }
      return generator.generateKeyPair();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String pem(Object object) {
    StringWriter out = new StringWriter();
    try (JcaPEMWriter writer = new JcaPEMWriter(out)) {
      writer.writeObject(object);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString();
  }
}

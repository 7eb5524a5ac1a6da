package io.gpuchassis.agent.tls;

import java.io.IOException;
import java.io.StringWriter;
import java.net.InetAddress;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.RSAKeyGenParameterSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.bouncycastle.asn1.pkcs.PKCSObjectIdentifiers;
import org.bouncycastle.asn1.x500.X500NameBuilder;
import org.bouncycastle.asn1.x500.style.BCStyle;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.ExtensionsGenerator;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.bouncycastle.pkcs.PKCS10CertificationRequest;
import org.bouncycastle.pkcs.jcajce.JcaPKCS10CertificationRequestBuilder;

/**
 * A certificate signing request for the HTTPS certificate (Redfish {@code GenerateCSR}): a new key
 * pair made on the chassis, and a PKCS#10 request for it that an operator's CA signs. The private
 * key never leaves the chassis; {@link HttpsCertificate} keeps it until the signed certificate
 * comes back. The request asks for a TLS server certificate (digital signature, server
 * authentication) for the common name and the alternative names.
 *
 * @param alternativeNames DNS names and IP addresses; the common name is added as a DNS name when
 *     it is one and the list is empty, since browsers read only the alternative names
 */
public record SigningRequest(
    String commonName,
    Optional<String> organization,
    Optional<String> organizationalUnit,
    Optional<String> city,
    Optional<String> state,
    Optional<String> country,
    Optional<String> email,
    List<String> alternativeNames,
    KeyKind key) {

  /** X.520's upper bound of a common name, an organisation and a unit; cities and states 128. */
  public static final int MAX_NAME = 64;

  private static final Pattern DNS_NAME =
      Pattern.compile(
          "(?=.{1,253}$)(\\*\\.)?([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*");
  private static final Pattern IP_LITERAL =
      Pattern.compile("[0-9.]+|[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*");

  /** The key pairs a request may be made for: Redfish's algorithm, curve and length. */
  public enum KeyKind {
    EC_P256("TPM_ALG_ECDSA", "TPM_ECC_NIST_P256", 256, "SHA256withECDSA"),
    EC_P384("TPM_ALG_ECDSA", "TPM_ECC_NIST_P384", 384, "SHA384withECDSA"),
    RSA_2048("TPM_ALG_RSA", null, 2048, "SHA256withRSA"),
    RSA_3072("TPM_ALG_RSA", null, 3072, "SHA256withRSA"),
    RSA_4096("TPM_ALG_RSA", null, 4096, "SHA256withRSA");

    private final String algorithm;
    private final String curve;
    private final int bits;
    private final String signature;

    KeyKind(String algorithm, String curve, int bits, String signature) {
      this.algorithm = algorithm;
      this.curve = curve;
      this.bits = bits;
      this.signature = signature;
    }

    /** Redfish's {@code KeyPairAlgorithm}. */
    public String algorithm() {
      return algorithm;
    }

    /** Redfish's {@code KeyCurveId}; empty for RSA. */
    public Optional<String> curve() {
      return Optional.ofNullable(curve);
    }

    public int bits() {
      return bits;
    }

    KeyPair generate() throws GeneralSecurityException {
      KeyPairGenerator generator;
      if (curve != null) {
        generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(
            new ECGenParameterSpec(bits == 256 ? "secp256r1" : "secp384r1"), new SecureRandom());
      } else {
        generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(
            new RSAKeyGenParameterSpec(bits, RSAKeyGenParameterSpec.F4), new SecureRandom());
      }
      return generator.generateKeyPair();
    }
  }

  public SigningRequest {
    alternativeNames = List.copyOf(alternativeNames);
  }

  /**
   * Why {@code name} cannot be an alternative name (a DNS name or an IP address); empty if fine.
   */
  public static Optional<String> alternativeNameProblem(String name) {
    if (IP_LITERAL.matcher(name).matches()) {
      try {
        InetAddress.getByName(name); // a literal: no lookup
        return Optional.empty();
      } catch (IOException e) {
        return Optional.of("'" + name + "' is not an IP address");
      }
    }
    return DNS_NAME.matcher(name).matches()
        ? Optional.empty()
        : Optional.of("'" + name + "' is neither a DNS name nor an IP address");
  }

  /** A request and the key pair it was made for. */
  public record Made(String csrPem, KeyPair keys) {}

  /** Makes the key pair and the signed request. */
  public Made make() {
    try {
      KeyPair keys = key.generate();
      X500NameBuilder subject = new X500NameBuilder(BCStyle.INSTANCE);
      country.ifPresent(c -> subject.addRDN(BCStyle.C, c));
      state.ifPresent(s -> subject.addRDN(BCStyle.ST, s));
      city.ifPresent(l -> subject.addRDN(BCStyle.L, l));
      organization.ifPresent(o -> subject.addRDN(BCStyle.O, o));
      organizationalUnit.ifPresent(u -> subject.addRDN(BCStyle.OU, u));
      subject.addRDN(BCStyle.CN, commonName);
      email.ifPresent(e -> subject.addRDN(BCStyle.EmailAddress, e));

      ExtensionsGenerator extensions = new ExtensionsGenerator();
      extensions.addExtension(
          Extension.keyUsage,
          true,
          new KeyUsage(
              key.curve().isPresent()
                  ? KeyUsage.digitalSignature
                  : KeyUsage.digitalSignature | KeyUsage.keyEncipherment));
      extensions.addExtension(
          Extension.extendedKeyUsage, false, new ExtendedKeyUsage(KeyPurposeId.id_kp_serverAuth));
      List<GeneralName> names = new ArrayList<>();
      List<String> wanted =
          alternativeNames.isEmpty() && alternativeNameProblem(commonName).isEmpty()
              ? List.of(commonName)
              : alternativeNames;
      for (String name : wanted) {
        names.add(
            IP_LITERAL.matcher(name).matches()
                ? new GeneralName(GeneralName.iPAddress, name)
                : new GeneralName(GeneralName.dNSName, name));
      }
      if (!names.isEmpty()) {
        extensions.addExtension(
            Extension.subjectAlternativeName,
            false,
            new GeneralNames(names.toArray(GeneralName[]::new)));
      }
      PKCS10CertificationRequest csr =
          new JcaPKCS10CertificationRequestBuilder(subject.build(), keys.getPublic())
              .addAttribute(PKCSObjectIdentifiers.pkcs_9_at_extensionRequest, extensions.generate())
              .build(new JcaContentSignerBuilder(key.signature).build(keys.getPrivate()));
      StringWriter out = new StringWriter();
      try (JcaPEMWriter writer = new JcaPEMWriter(out)) {
        writer.writeObject(csr);
      }
      return new Made(out.toString(), keys);
    } catch (GeneralSecurityException | OperatorCreationException | IOException e) {
      throw new IllegalStateException("cannot make the signing request: " + e.getMessage(), e);
    }
  }
}

package io.gpuchassis.agent.redfish.certificates;

import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.tls.TlsCredentials;
import io.gpuchassis.agent.tls.TlsKeyLoader;
import io.gpuchassis.redfish.model.Certificate;
import io.gpuchassis.redfish.model.CertificateIdentifier;
import io.gpuchassis.redfish.model.CertificateType;
import io.gpuchassis.redfish.model.CertificateUsageType;
import io.gpuchassis.redfish.model.Health;
import io.gpuchassis.redfish.model.KeyUsage;
import io.gpuchassis.redfish.model.State;
import io.gpuchassis.redfish.model.Status;
import java.math.BigInteger;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.cert.CertificateEncodingException;
import java.security.cert.CertificateParsingException;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.security.auth.x500.X500Principal;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.ASN1String;
import org.bouncycastle.asn1.x500.AttributeTypeAndValue;
import org.bouncycastle.asn1.x500.RDN;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x500.style.BCStyle;
import org.bouncycastle.asn1.x500.style.IETFUtils;

/**
 * Renders a certificate chain as a Redfish {@code Certificate} (v1_11_0): the leaf's names,
 * validity, serial number, SHA-256 fingerprint, signature algorithm and key usage, and the chain as
 * PEM. It is handed credentials but reads only the certificates: a private key never reaches a
 * response.
 */
public final class CertificateRenderer {

  /** RFC 5280 key usage bits, in the order {@link X509Certificate#getKeyUsage()} returns them. */
  private static final List<KeyUsage> KEY_USAGE_BITS =
      List.of(
          KeyUsage.DIGITAL_SIGNATURE,
          KeyUsage.NON_REPUDIATION,
          KeyUsage.KEY_ENCIPHERMENT,
          KeyUsage.DATA_ENCIPHERMENT,
          KeyUsage.KEY_AGREEMENT,
          KeyUsage.KEY_CERT_SIGN,
          KeyUsage.CRL_SIGNING,
          KeyUsage.ENCIPHER_ONLY,
          KeyUsage.DECIPHER_ONLY);

  /** Extended key usage purposes (RFC 5280 4.2.1.12) that Redfish names. */
  private static final Map<String, KeyUsage> EXTENDED_KEY_USAGES =
      Map.of(
          "1.3.6.1.5.5.7.3.1", KeyUsage.SERVER_AUTHENTICATION,
          "1.3.6.1.5.5.7.3.2", KeyUsage.CLIENT_AUTHENTICATION,
          "1.3.6.1.5.5.7.3.3", KeyUsage.CODE_SIGNING,
          "1.3.6.1.5.5.7.3.4", KeyUsage.EMAIL_PROTECTION,
          "1.3.6.1.5.5.7.3.8", KeyUsage.TIMESTAMPING,
          "1.3.6.1.5.5.7.3.9", KeyUsage.OCSP_SIGNING);

  /** Signature algorithm OIDs by their ASN.1 names (RFC 3279, RFC 4055, RFC 5758, RFC 8410). */
  private static final Map<String, String> SIGNATURE_ALGORITHMS =
      Map.ofEntries(
          Map.entry("1.2.840.113549.1.1.5", "sha1WithRSAEncryption"),
          Map.entry("1.2.840.113549.1.1.10", "id-RSASSA-PSS"),
          Map.entry("1.2.840.113549.1.1.11", "sha256WithRSAEncryption"),
          Map.entry("1.2.840.113549.1.1.12", "sha384WithRSAEncryption"),
          Map.entry("1.2.840.113549.1.1.13", "sha512WithRSAEncryption"),
          Map.entry("1.2.840.10045.4.1", "ecdsa-with-SHA1"),
          Map.entry("1.2.840.10045.4.3.2", "ecdsa-with-SHA256"),
          Map.entry("1.2.840.10045.4.3.3", "ecdsa-with-SHA384"),
          Map.entry("1.2.840.10045.4.3.4", "ecdsa-with-SHA512"),
          Map.entry("1.3.101.112", "id-Ed25519"),
          Map.entry("1.3.101.113", "id-Ed448"));

  private static final HexFormat HEX = HexFormat.ofDelimiter(":").withUpperCase();

  private CertificateRenderer() {}

  static Certificate render(
      String uri, String id, String name, TlsCredentials credentials, Instant now) {
    return render(uri, id, name, credentials.chain(), now)
        .certificateUsageTypes(List.of(CertificateUsageType.WEB));
  }

  /** A chain the service holds without its key: an authority it trusts, for instance. */
  public static Certificate render(
      String uri, String id, String name, List<X509Certificate> chain, Instant now) {
    X509Certificate leaf = chain.get(0);
    StringBuilder pem = new StringBuilder();
    chain.forEach(c -> pem.append(TlsKeyLoader.pem(c)));
    return new Certificate()
        .atOdataId(uri)
        .atOdataType(Schemas.CERTIFICATE.odataType())
        .id(id)
        .name(name)
        .certificateString(pem.toString())
        // PEMchain: CertificateString holds the whole chain, the other properties describe the leaf
        .certificateType(chain.size() == 1 ? CertificateType.PEM : CertificateType.PE_MCHAIN)
        .issuer(identifier(leaf.getIssuerX500Principal()))
        .subject(identifier(leaf.getSubjectX500Principal()))
        .validNotBefore(OffsetDateTime.ofInstant(leaf.getNotBefore().toInstant(), ZoneOffset.UTC))
        .validNotAfter(OffsetDateTime.ofInstant(leaf.getNotAfter().toInstant(), ZoneOffset.UTC))
        .keyUsage(keyUsage(leaf))
        .serialNumber(serialNumber(leaf.getSerialNumber()))
        .fingerprint(fingerprint(leaf))
        .fingerprintHashAlgorithm("TPM_ALG_SHA256")
        .signatureAlgorithm(
            SIGNATURE_ALGORITHMS.getOrDefault(leaf.getSigAlgOID(), leaf.getSigAlgOID()))
        .status(new Status().state(State.ENABLED).health(health(leaf, now)));
  }

  /**
   * The names of an issuer or subject; {@code DisplayString} keeps the certificate's order of
   * attributes.
   */
  static CertificateIdentifier identifier(X500Principal principal) {
    X500Name name = X500Name.getInstance(BCStyle.INSTANCE, principal.getEncoded());
    return new CertificateIdentifier()
        .commonName(first(name, BCStyle.CN).orElse(null))
        .organization(first(name, BCStyle.O).orElse(null))
        .organizationalUnit(first(name, BCStyle.OU).orElse(null))
        .city(first(name, BCStyle.L).orElse(null))
        .state(first(name, BCStyle.ST).orElse(null))
        .country(first(name, BCStyle.C).orElse(null))
        .email(first(name, BCStyle.EmailAddress).orElse(null))
        .displayString(name.toString());
  }

  private static Optional<String> first(X500Name name, ASN1ObjectIdentifier type) {
    for (RDN rdn : name.getRDNs(type)) {
      for (AttributeTypeAndValue value : rdn.getTypesAndValues()) {
        if (value.getType().equals(type)) {
          return Optional.of(
              value.getValue() instanceof ASN1String s
                  ? s.getString()
                  : IETFUtils.valueToString(value.getValue()));
        }
      }
    }
    return Optional.empty();
  }

  /** The key usage bits, then the extended key usage purposes Redfish has names for. */
  static List<KeyUsage> keyUsage(X509Certificate certificate) {
    List<KeyUsage> usages = new ArrayList<>();
    boolean[] bits = certificate.getKeyUsage();
    if (bits != null) {
      for (int i = 0; i < Math.min(bits.length, KEY_USAGE_BITS.size()); i++) {
        if (bits[i]) {
          usages.add(KEY_USAGE_BITS.get(i));
        }
      }
    }
    try {
      List<String> extended = certificate.getExtendedKeyUsage();
      if (extended != null) {
        extended.stream().map(EXTENDED_KEY_USAGES::get).filter(u -> u != null).forEach(usages::add);
      }
    } catch (CertificateParsingException e) {
      // an unreadable extension: report the key usage bits alone
    }
    return usages;
  }

  /** The serial number's unsigned bytes, as colon-separated hex (the schema's pattern). */
  static String serialNumber(BigInteger serial) {
    byte[] bytes = serial.toByteArray();
    if (bytes.length > 1 && bytes[0] == 0) {
      bytes = Arrays.copyOfRange(bytes, 1, bytes.length); // the sign byte of a positive number
    }
    return HEX.formatHex(bytes);
  }

  static String fingerprint(X509Certificate certificate) {
    try {
      return HEX.formatHex(MessageDigest.getInstance("SHA-256").digest(certificate.getEncoded()));
    } catch (NoSuchAlgorithmException | CertificateEncodingException e) {
      throw new IllegalStateException("cannot fingerprint a parsed certificate", e);
    }
  }

  /** Critical once expired, Warning before it becomes valid: either way clients will refuse it. */
  private static Health health(X509Certificate certificate, Instant now) {
    if (now.isAfter(certificate.getNotAfter().toInstant())) {
      return Health.CRITICAL;
    }
    return now.isBefore(certificate.getNotBefore().toInstant()) ? Health.WARNING : Health.OK;
  }
}

package io.gpuchassis.firmware;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.type.LogicalType;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.PublicKey;
import java.security.interfaces.EdECKey;
import java.util.HexFormat;
import java.util.List;

/** The constants and manifest rules of the bundle format shared by the verifier and the signer. */
final class BundleFormat {

  static byte[] magic(BundleLayout layout) {
    return layout.magic().getBytes(StandardCharsets.US_ASCII);
  }

  /** magic, u32 manifest length, u32 payload length. */
  static final int HEADER_LENGTH = 16;

  static final long MAX_MANIFEST = 64 * 1024;
  static final long MAX_PAYLOAD = 64L * 1024 * 1024;
  static final int MAX_KEY_ID = 64;
  static final int SIGNATURE_LENGTH = 64;
  static final String ALGORITHM = "Ed25519";

  private static final HexFormat HEX = HexFormat.of();

  static final ObjectMapper MAPPER =
      JsonMapper.builder()
          .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .withCoercionConfig(
              LogicalType.Textual,
              c ->
                  c.setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                      .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                      .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
          .build();

  private BundleFormat() {}

  /**
   * A key id is 1..64 printable ASCII characters other than space ('!'..'~'); null when valid, else
   * why not.
   */
  static String keyIdProblem(String keyId) {
    if (keyId == null || keyId.isEmpty()) {
      return "key id is empty";
    }
    if (keyId.length() > MAX_KEY_ID) {
      return "key id is longer than " + MAX_KEY_ID + " characters";
    }
    for (int i = 0; i < keyId.length(); i++) {
      char c = keyId.charAt(i);
      if (c < 0x21 || c > 0x7e) {
        return "key id contains a character other than printable ASCII";
      }
    }
    return null;
  }

  /**
   * Null when {@code m} is a complete manifest (digest optional when {@code needDigest} is false),
   * else why not.
   */
  static String manifestProblem(BundleManifest m, boolean needDigest) {
    if (m.component() == null || m.component().isBlank()) {
      return "manifest has no Component";
    }
    if (m.version() == null || m.version().isBlank()) {
      return "manifest has no Version";
    }
    List<String> compatible = m.compatible();
    if (compatible == null || compatible.isEmpty()) {
      return "manifest has no Compatible entries";
    }
    for (String c : compatible) {
      if (c.isBlank()) {
        return "manifest has a blank Compatible entry";
      }
    }
    if (needDigest) {
      String d = m.payloadSha256();
      if (d == null) {
        return "manifest has no PayloadSha256";
      }
      if (d.length() != 64 || !d.chars().allMatch(ch -> Character.digit(ch, 16) >= 0)) {
        return "manifest PayloadSha256 is not 64 hex digits";
      }
    }
    return null;
  }

  static byte[] encodeManifest(BundleManifest m) {
    try {
      return MAPPER.writeValueAsBytes(m);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write manifest JSON: " + e.getOriginalMessage(), e);
    }
  }

  /**
   * Parses manifest bytes that must be strict UTF-8 JSON; the message of the exception is one line.
   */
  static BundleManifest decodeManifest(byte[] bytes) throws BundleException {
    String json;
    try {
      json =
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(bytes))
              .toString();
    } catch (CharacterCodingException e) {
      throw new BundleException(
          BundleException.Reason.MALFORMED, "bundle manifest is not valid UTF-8");
    }
    BundleManifest m;
    try {
      m = MAPPER.readValue(json, BundleManifest.class);
    } catch (JsonProcessingException | RuntimeException e) {
      throw new BundleException(
          BundleException.Reason.MALFORMED,
          "bundle manifest is not valid manifest JSON: "
              + oneLine(
                  e instanceof JsonProcessingException j
                      ? j.getOriginalMessage()
                      : e.getMessage()));
    }
    if (m == null) {
      throw new BundleException(BundleException.Reason.MALFORMED, "bundle manifest is JSON null");
    }
    String problem = manifestProblem(m, true);
    if (problem != null) {
      throw new BundleException(BundleException.Reason.MALFORMED, "bundle " + problem);
    }
    return m;
  }

  static String sha256Hex(byte[] data) {
    return HEX.formatHex(sha256().digest(data));
  }

  static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("this JDK has no SHA-256", e);
    }
  }

  static boolean isEd25519(java.security.Key key) {
    return key instanceof EdECKey ed && ALGORITHM.equalsIgnoreCase(ed.getParams().getName());
  }

  static boolean isEd25519Public(PublicKey key) {
    return isEd25519(key);
  }

  static String oneLine(String s) {
    if (s == null) {
      return "no detail";
    }
    String flat = s.replaceAll("\\s+", " ").trim();
    return flat.length() > 200 ? flat.substring(0, 200) + "..." : flat;
  }
}

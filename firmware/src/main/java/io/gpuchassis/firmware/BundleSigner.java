package io.gpuchassis.firmware;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;

/**
 * Builds signed bundles, handles Ed25519 keys in PEM, and is the vendor's command-line signing
 * tool.
 */
public final class BundleSigner {

  private static final String PUBLIC_LABEL = "PUBLIC KEY";
  private static final String PRIVATE_LABEL = "PRIVATE KEY";

  static final String USAGE =
      String.join(
          "\n",
          "usage: BundleSigner genkey <dir> <keyId>",
          "         writes <dir>/<keyId>.pem (public key, to install among the agent's trusted keys)",
          "         and <dir>/<keyId>.key (private key, mode 0600); refuses to overwrite either",
          "       BundleSigner sign --key <keyId.key> --component <C> --version <V> --compatible <a,b,...>",
          "                         [--description <D>] [--layout payload|manifest] <payload> <out.fwb>",
          "         signs <payload> into the bundle <out.fwb>; the key id is the key file's name",
          "         without its extension; --layout manifest signs the manifest (which holds the payload's",
          "         SHA-256) instead of the whole payload, for large payloads such as the agent's own",
          "         software (component agent)",
          "exit status: 0 done, 1 failed, 2 bad arguments");

  private BundleSigner() {}

  /**
   * The bundle for {@code payload}: the manifest with PayloadSha256 set to the payload's SHA-256,
   * signed with {@code key} under {@code keyId}.
   *
   * @throws IllegalArgumentException when the manifest lacks a field, the payload is over 64 MiB,
   *     the key id is invalid or the key is not an Ed25519 private key
   */
  public static byte[] sign(
      BundleManifest manifestWithoutDigest, byte[] payload, String keyId, PrivateKey key) {
    return sign(manifestWithoutDigest, payload, keyId, key, BundleLayout.SIGNED_PAYLOAD);
  }

  /**
   * The bundle for {@code payload} in {@code layout}: with {@link BundleLayout#SIGNED_MANIFEST} the
   * signature covers the header and manifest (whose PayloadSha256 binds the payload), and the
   * payload follows it.
   *
   * @throws IllegalArgumentException as {@link #sign(BundleManifest, byte[], String, PrivateKey)}
   */
  public static byte[] sign(
      BundleManifest manifestWithoutDigest,
      byte[] payload,
      String keyId,
      PrivateKey key,
      BundleLayout layout) {
    if (manifestWithoutDigest == null || payload == null || key == null) {
      throw new IllegalArgumentException("manifest, payload and key are required");
    }
    String problem = BundleFormat.manifestProblem(manifestWithoutDigest, false);
    if (problem == null) {
      problem = BundleFormat.keyIdProblem(keyId);
    }
    if (problem != null) {
      throw new IllegalArgumentException(problem);
    }
    if (payload.length > BundleFormat.MAX_PAYLOAD) {
      throw new IllegalArgumentException(
          "payload is "
              + payload.length
              + " bytes, over the limit of "
              + BundleFormat.MAX_PAYLOAD
              + " (64 MiB)");
    }
    if (!BundleFormat.isEd25519(key)) {
      throw new IllegalArgumentException("the signing key is not an Ed25519 private key");
    }
    BundleManifest manifest =
        manifestWithoutDigest.withPayloadSha256(BundleFormat.sha256Hex(payload));
    byte[] manifestBytes = BundleFormat.encodeManifest(manifest);
    if (manifestBytes.length > BundleFormat.MAX_MANIFEST) {
      throw new IllegalArgumentException(
          "manifest JSON is "
              + manifestBytes.length
              + " bytes, over the limit of "
              + BundleFormat.MAX_MANIFEST);
    }
    byte[] keyIdBytes = keyId.getBytes(StandardCharsets.US_ASCII);

    ByteArrayOutputStream out =
        new ByteArrayOutputStream(
            BundleFormat.HEADER_LENGTH
                + manifestBytes.length
                + payload.length
                + 2
                + keyIdBytes.length
                + 64);
    out.writeBytes(BundleFormat.magic(layout));
    writeU32(out, manifestBytes.length);
    writeU32(out, payload.length);
    out.writeBytes(manifestBytes);
    boolean payloadSigned = layout == BundleLayout.SIGNED_PAYLOAD;
    if (payloadSigned) {
      out.writeBytes(payload);
    }
    byte[] signed = out.toByteArray();
    byte[] signature;
    try {
      Signature signer = Signature.getInstance(BundleFormat.ALGORITHM);
      signer.initSign(key);
      signer.update(signed);
      signature = signer.sign();
    } catch (GeneralSecurityException e) {
      throw new IllegalArgumentException("cannot sign with this key: " + e.getMessage(), e);
    }
    out.write(keyIdBytes.length >>> 8);
    out.write(keyIdBytes.length);
    out.writeBytes(keyIdBytes);
    out.writeBytes(signature);
    if (!payloadSigned) {
      out.writeBytes(payload);
    }
    return out.toByteArray();
  }

  /** A new Ed25519 key pair. */
  public static KeyPair generateKeyPair() {
    try {
      return KeyPairGenerator.getInstance(BundleFormat.ALGORITHM).generateKeyPair();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("this JDK cannot generate Ed25519 keys", e);
    }
  }

  /**
   * {@code k} as PEM: base64 of its X.509 SubjectPublicKeyInfo between BEGIN/END PUBLIC KEY lines.
   */
  public static String publicKeyPem(PublicKey k) {
    if (!BundleFormat.isEd25519(k)) {
      throw new IllegalArgumentException("not an Ed25519 public key");
    }
    return pem(PUBLIC_LABEL, k.getEncoded());
  }

  /** {@code k} as PEM: base64 of its PKCS#8 encoding between BEGIN/END PRIVATE KEY lines. */
  public static String privateKeyPem(PrivateKey k) {
    if (!BundleFormat.isEd25519(k)) {
      throw new IllegalArgumentException("not an Ed25519 private key");
    }
    return pem(PRIVATE_LABEL, k.getEncoded());
  }

  /**
   * Reads a PKCS#8 Ed25519 private key PEM; IllegalArgumentException with a one-line reason
   * otherwise.
   */
  public static PrivateKey readPrivateKeyPem(String pem) {
    byte[] der = unpem(PRIVATE_LABEL, pem);
    try {
      PrivateKey key =
          KeyFactory.getInstance(BundleFormat.ALGORITHM)
              .generatePrivate(new PKCS8EncodedKeySpec(der));
      if (!BundleFormat.isEd25519(key)) {
        throw new IllegalArgumentException("not an Ed25519 private key");
      }
      return key;
    } catch (GeneralSecurityException | RuntimeException e) {
      throw rethrow(e, "not an Ed25519 private key");
    }
  }

  /**
   * Reads an X.509 SubjectPublicKeyInfo Ed25519 public key PEM; IllegalArgumentException otherwise.
   */
  public static PublicKey readPublicKeyPem(String pem) {
    byte[] der = unpem(PUBLIC_LABEL, pem);
    try {
      PublicKey key =
          KeyFactory.getInstance(BundleFormat.ALGORITHM)
              .generatePublic(new X509EncodedKeySpec(der));
      if (!BundleFormat.isEd25519(key)) {
        throw new IllegalArgumentException("not an Ed25519 public key");
      }
      return key;
    } catch (GeneralSecurityException | RuntimeException e) {
      throw rethrow(e, "not an Ed25519 public key");
    }
  }

  private static IllegalArgumentException rethrow(Exception e, String message) {
    if (e instanceof IllegalArgumentException iae
        && iae.getMessage() != null
        && iae.getMessage().equals(message)) {
      return iae;
    }
    return new IllegalArgumentException(message, e);
  }

  private static String pem(String label, byte[] der) {
    return "-----BEGIN "
        + label
        + "-----\n"
        + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der)
        + "\n-----END "
        + label
        + "-----\n";
  }

  private static byte[] unpem(String label, String pem) {
    if (pem == null) {
      throw new IllegalArgumentException("no PEM text");
    }
    String begin = "-----BEGIN " + label + "-----";
    String end = "-----END " + label + "-----";
    int b = pem.indexOf(begin);
    int e = b < 0 ? -1 : pem.indexOf(end, b + begin.length());
    if (b < 0 || e < 0) {
      throw new IllegalArgumentException("no " + begin + " ... " + end + " block");
    }
    String body = pem.substring(b + begin.length(), e).replaceAll("\\s+", "");
    if (body.isEmpty()) {
      throw new IllegalArgumentException("the " + label + " block is empty");
    }
    try {
      return Base64.getDecoder().decode(body);
    } catch (IllegalArgumentException ex) {
      throw new IllegalArgumentException("the " + label + " block is not valid base64", ex);
    }
  }

  private static void writeU32(ByteArrayOutputStream out, long v) {
    out.write((int) (v >>> 24));
    out.write((int) (v >>> 16));
    out.write((int) (v >>> 8));
    out.write((int) v);
  }

  // ---- command line ----

  /** The signing tool; see {@link #USAGE}. Exits 1 on failure and 2 on bad arguments. */
  public static void main(String[] args) {
    int status = run(args, System.out, System.err);
    if (status != 0) {
      System.exit(status);
    }
  }

  /** The command line without exiting: returns 0 done, 1 failed, 2 bad arguments. */
  static int run(String[] args, PrintStream out, PrintStream err) {
    try {
      if (args.length == 0) {
        throw new UsageException("no command given");
      }
      String[] rest = Arrays.copyOfRange(args, 1, args.length);
      switch (args[0]) {
        case "genkey" -> genkey(rest, out);
        case "sign" -> sign(rest, out);
        case "-h", "--help", "help" -> out.println(USAGE);
        default -> throw new UsageException("unknown command '" + args[0] + "'");
      }
      return 0;
    } catch (UsageException e) {
      err.println("BundleSigner: " + e.getMessage());
      err.println(USAGE);
      return 2;
    } catch (IOException | UncheckedIOException | IllegalArgumentException e) {
      err.println("BundleSigner: " + BundleFormat.oneLine(e.getMessage()));
      return 1;
    }
  }

  private static void genkey(String[] args, PrintStream out) throws IOException, UsageException {
    if (args.length != 2) {
      throw new UsageException("genkey takes <dir> <keyId>");
    }
    Path dir = Path.of(args[0]);
    String keyId = args[1];
    String problem = BundleFormat.keyIdProblem(keyId);
    if (problem == null && (keyId.contains("/") || keyId.contains("\\") || keyId.startsWith("."))) {
      problem = "key id must not contain '/' or '\\' or start with '.'";
    }
    if (problem != null) {
      throw new UsageException(problem);
    }
    Files.createDirectories(dir);
    Path publicFile = dir.resolve(keyId + ".pem");
    Path privateFile = dir.resolve(keyId + ".key");
    for (Path p : List.of(publicFile, privateFile)) {
      if (Files.exists(p)) {
        throw new FileAlreadyExistsException(p + " already exists; not overwriting a key");
      }
    }
    KeyPair pair = generateKeyPair();
    // The private key file is created 0600 before any byte is written, so it is never readable by
    // others.
    createWith(privateFile, privateKeyPem(pair.getPrivate()), "rw-------");
    createWith(publicFile, publicKeyPem(pair.getPublic()), "rw-r--r--");
    out.println(
        "wrote "
            + publicFile
            + " (public key '"
            + keyId
            + "') and "
            + privateFile
            + " (private key)");
  }

  private static void createWith(Path file, String text, String permissions) throws IOException {
    List<FileAttribute<?>> attrs = new ArrayList<>();
    if (file.getFileSystem().supportedFileAttributeViews().contains("posix")) {
      attrs.add(PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString(permissions)));
    }
    Files.createFile(file, attrs.toArray(new FileAttribute<?>[0]));
    if (!attrs.isEmpty()) {
      // creation is subject to the umask; make the mode exact
      Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(permissions));
    }
    Files.writeString(file, text, StandardCharsets.US_ASCII, StandardOpenOption.TRUNCATE_EXISTING);
  }

  private static void sign(String[] args, PrintStream out) throws IOException, UsageException {
    String keyFile = null;
    String component = null;
    String version = null;
    String compatible = null;
    String description = null;
    BundleLayout layout = BundleLayout.SIGNED_PAYLOAD;
    List<String> positional = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (a.startsWith("--")) {
        if (i + 1 >= args.length) {
          throw new UsageException(a + " needs a value");
        }
        String v = args[++i];
        switch (a) {
          case "--key" -> keyFile = v;
          case "--component" -> component = v;
          case "--version" -> version = v;
          case "--compatible" -> compatible = v;
          case "--description" -> description = v;
          case "--layout" -> layout = layoutNamed(v);
          default -> throw new UsageException("unknown option " + a);
        }
      } else {
        positional.add(a);
      }
    }
    if (keyFile == null || component == null || version == null || compatible == null) {
      throw new UsageException("sign needs --key, --component, --version and --compatible");
    }
    if (positional.size() != 2) {
      throw new UsageException("sign takes <payload> <out.fwb> after its options");
    }
    List<String> identities = new ArrayList<>();
    for (String c : compatible.split(",")) {
      if (!c.isBlank()) {
        identities.add(c.trim());
      }
    }
    if (identities.isEmpty()) {
      throw new UsageException("--compatible lists no identities");
    }
    if (component.isBlank() || version.isBlank()) {
      throw new UsageException("--component and --version must not be blank");
    }
    Path key = Path.of(keyFile);
    String keyName = key.getFileName().toString();
    int dot = keyName.lastIndexOf('.');
    String keyId = dot > 0 ? keyName.substring(0, dot) : keyName;
    String problem = BundleFormat.keyIdProblem(keyId);
    if (problem != null) {
      throw new UsageException("key file " + key + ": " + problem);
    }
    PrivateKey privateKey;
    try {
      privateKey = readPrivateKeyPem(Files.readString(key, StandardCharsets.US_ASCII));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("key file " + key + ": " + e.getMessage(), e);
    }
    Path payloadFile = Path.of(positional.get(0));
    Path outFile = Path.of(positional.get(1));
    long size = Files.size(payloadFile);
    if (size > BundleFormat.MAX_PAYLOAD) {
      throw new IllegalArgumentException(
          "payload "
              + payloadFile
              + " is "
              + size
              + " bytes, over the limit of "
              + BundleFormat.MAX_PAYLOAD
              + " (64 MiB)");
    }
    byte[] payload = Files.readAllBytes(payloadFile);
    byte[] bundle =
        sign(
            new BundleManifest(component, version, identities, description, null),
            payload,
            keyId,
            privateKey,
            layout);
    Path parent = outFile.toAbsolutePath().getParent();
    Path tmp = Files.createTempFile(parent, ".bundle-", ".tmp");
    try {
      Files.write(tmp, bundle);
      if (tmp.getFileSystem().supportedFileAttributeViews().contains("posix")) {
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-r--r--"));
      }
      Files.move(tmp, outFile, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } finally {
      Files.deleteIfExists(tmp);
    }
    out.println(
        "wrote "
            + outFile
            + " ("
            + bundle.length
            + " bytes, "
            + component
            + " "
            + version
            + ", key '"
            + keyId
            + "')");
  }

  private static BundleLayout layoutNamed(String name) throws UsageException {
    return switch (name) {
      case "payload" -> BundleLayout.SIGNED_PAYLOAD;
      case "manifest" -> BundleLayout.SIGNED_MANIFEST;
      default -> throw new UsageException("--layout is payload or manifest, not '" + name + "'");
    };
  }

  private static final class UsageException extends Exception {
    private static final long serialVersionUID = 1L;

    UsageException(String message) {
      super(message);
    }
  }
}

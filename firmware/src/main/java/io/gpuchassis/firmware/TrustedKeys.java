package io.gpuchassis.firmware;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PublicKey;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/** The vendor public keys bundles may be signed with, by key id. Immutable. */
public final class TrustedKeys {

  private static final String SUFFIX = ".pem";

  private final Map<String, PublicKey> keys;

  private TrustedKeys(Map<String, PublicKey> keys) {
    this.keys = Collections.unmodifiableMap(keys);
  }

  /**
   * Every {@code *.pem} file in {@code dir} (not its subdirectories) as an Ed25519 public key whose
   * id is the file name without {@code .pem}. A missing directory yields no keys.
   *
   * @throws IOException when {@code dir} is not a directory, or a file cannot be read or is not an
   *     Ed25519 public key PEM, or its name is not a valid key id (the message names the file)
   */
  public static TrustedKeys load(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return new TrustedKeys(new TreeMap<>());
    }
    if (!Files.isDirectory(dir)) {
      throw new IOException("trusted key directory " + dir + " is not a directory");
    }
    List<Path> files = new ArrayList<>();
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir, "*" + SUFFIX)) {
      for (Path p : entries) {
        if (Files.isRegularFile(p)) {
          files.add(p);
        }
      }
    }
    Collections.sort(files);
    Map<String, PublicKey> keys = new TreeMap<>();
    for (Path file : files) {
      String name = file.getFileName().toString();
      String id = name.substring(0, name.length() - SUFFIX.length());
      String problem = BundleFormat.keyIdProblem(id);
      if (problem != null) {
        throw new IOException(
            "trusted key file " + file + ": the file name is not a valid key id (" + problem + ")");
      }
      String pem = Files.readString(file, StandardCharsets.US_ASCII);
      try {
        keys.put(id, BundleSigner.readPublicKeyPem(pem));
      } catch (IllegalArgumentException e) {
        throw new IOException("trusted key file " + file + ": " + e.getMessage(), e);
      }
    }
    return new TrustedKeys(keys);
  }

  /** The given keys; each id must be a valid key id and each key an Ed25519 public key. */
  public static TrustedKeys of(Map<String, PublicKey> keys) {
    Map<String, PublicKey> copy = new TreeMap<>();
    keys.forEach(
        (id, key) -> {
          String problem = BundleFormat.keyIdProblem(id);
          if (problem != null) {
            throw new IllegalArgumentException("trusted key '" + id + "': " + problem);
          }
          if (!BundleFormat.isEd25519Public(key)) {
            throw new IllegalArgumentException(
                "trusted key '" + id + "' is not an Ed25519 public key");
          }
          copy.put(id, key);
        });
    return new TrustedKeys(copy);
  }

  public boolean isEmpty() {
    return keys.isEmpty();
  }

  /** The key ids, sorted. */
  public Set<String> ids() {
    return keys.keySet();
  }

  /** The key with this id, if trusted. */
  public Optional<PublicKey> find(String keyId) {
    return Optional.ofNullable(keyId == null ? null : keys.get(keyId));
  }

  @Override
  public String toString() {
    return "TrustedKeys" + keys.keySet();
  }
}

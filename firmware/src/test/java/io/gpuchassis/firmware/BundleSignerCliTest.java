package io.gpuchassis.firmware;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BundleSignerCliTest {

  @TempDir Path tmp;

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int run(String... args) {
    out.reset();
    err.reset();
    return BundleSigner.run(
        args,
        new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  private String err() {
    return err.toString(StandardCharsets.UTF_8);
  }

  @Test
  void genkeyThenSignMakesABundleTheVerifierAccepts() throws Exception {
    Path keys = tmp.resolve("keys");
    assertEquals(0, run("genkey", keys.toString(), "vendor-2026"), err());
    Path pub = keys.resolve("vendor-2026.pem");
    Path priv = keys.resolve("vendor-2026.key");
    assertTrue(Files.readString(pub).startsWith("-----BEGIN PUBLIC KEY-----"));
    assertTrue(Files.readString(priv).startsWith("-----BEGIN PRIVATE KEY-----"));
    assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(priv)));

    byte[] image = "MSCC fake switch image".getBytes(StandardCharsets.US_ASCII);
    Path payload = Files.write(tmp.resolve("pm40100.img"), image);
    Path bundle = tmp.resolve("out.fwb");
    assertEquals(
        0,
        run(
            "sign",
            "--key",
            priv.toString(),
            "--component",
            "pcie-switch",
            "--version",
            "4.70.0.12",
            "--compatible",
            "11f8:4000, 11f8:4028",
            "--description",
            "PM40100 B0",
            payload.toString(),
            bundle.toString()),
        err());

    // the trusted-key directory holds the .pem (the .key beside it is ignored)
    VerifiedBundle v = new BundleVerifier(TrustedKeys.load(keys)).verify(bundle);
    assertEquals("vendor-2026", v.keyId());
    assertArrayEquals(image, v.payload());
    assertEquals(
        new BundleManifest(
            "pcie-switch",
            "4.70.0.12",
            List.of("11f8:4000", "11f8:4028"),
            "PM40100 B0",
            BundleFormat.sha256Hex(image)),
        v.manifest());
    assertTrue(v.compatibleWith("11F8:4028"));
  }

  @Test
  void signWithTheManifestLayoutMakesABundleVerifiedInPlace() throws Exception {
    Path keys = tmp.resolve("keys");
    assertEquals(0, run("genkey", keys.toString(), "vendor"), err());
    byte[] jar = new byte[70_000];
    Arrays.fill(jar, (byte) 7);
    Path payload = Files.write(tmp.resolve("bmc-agent.jar"), jar);
    Path bundle = tmp.resolve("agent.fwb");
    assertEquals(
        0,
        run(
            "sign",
            "--key",
            keys.resolve("vendor.key").toString(),
            "--component",
            "agent",
            "--version",
            "0.2.0",
            "--compatible",
            "bmc-agent",
            "--layout",
            "manifest",
            payload.toString(),
            bundle.toString()),
        err());
    VerifiedFile v = new BundleVerifier(TrustedKeys.load(keys)).verifyInPlace(bundle);
    assertEquals("agent", v.manifest().component());
    assertEquals(jar.length, v.payloadLength());
    assertEquals(2, run("sign", "--layout", "sideways", payload.toString(), bundle.toString()));
    assertTrue(err().contains("--layout is payload or manifest"), err());
  }

  @Test
  void genkeyRefusesToOverwrite() {
    Path keys = tmp.resolve("keys");
    assertEquals(0, run("genkey", keys.toString(), "k1"));
    assertEquals(1, run("genkey", keys.toString(), "k1"));
    assertTrue(err().contains("already exists"), err());
  }

  @Test
  void badArgumentsExitTwoWithUsage() throws Exception {
    Path key = tmp.resolve("k.key");
    Files.writeString(key, BundleSigner.privateKeyPem(BundleSigner.generateKeyPair().getPrivate()));
    Path payload = Files.write(tmp.resolve("p"), new byte[] {1});
    for (String[] args :
        List.of(
            new String[] {},
            new String[] {"frobnicate"},
            new String[] {"genkey", tmp.toString()},
            new String[] {"genkey", tmp.toString(), "bad/id"},
            new String[] {
              "sign",
              "--key",
              key.toString(),
              "--component",
              "c",
              "--version",
              "v",
              payload.toString(),
              "o"
            },
            new String[] {
              "sign",
              "--key",
              key.toString(),
              "--component",
              "c",
              "--version",
              "v",
              "--compatible",
              " , ",
              payload.toString(),
              "o"
            },
            new String[] {
              "sign",
              "--key",
              key.toString(),
              "--component",
              "c",
              "--version",
              "v",
              "--compatible",
              "a",
              payload.toString()
            },
            new String[] {
              "sign",
              "--key",
              key.toString(),
              "--component",
              "c",
              "--version",
              "v",
              "--compatible",
              "a",
              "--colour",
              "red",
              payload.toString(),
              "o"
            },
            new String[] {"sign", "--key"})) {
      assertEquals(2, run(args), String.join(" ", args));
      assertTrue(err().contains("usage: BundleSigner"), err());
    }
    assertFalse(Files.exists(Path.of("o")));
  }

  @Test
  void unreadableKeyFailsWithOneLine() throws Exception {
    Path key = Files.writeString(tmp.resolve("k.key"), "nonsense");
    Path payload = Files.write(tmp.resolve("p"), new byte[] {1});
    assertEquals(
        1,
        run(
            "sign",
            "--key",
            key.toString(),
            "--component",
            "c",
            "--version",
            "v",
            "--compatible",
            "a",
            payload.toString(),
            tmp.resolve("o.fwb").toString()));
    assertTrue(err().contains("k.key"), err());
    assertEquals(1, err().strip().lines().count(), err());
    assertFalse(Files.exists(tmp.resolve("o.fwb")));
  }

  @Test
  void signRejectsInvalidInputs() {
    var k = BundleSigner.generateKeyPair();
    assertThrows(
        IllegalArgumentException.class,
        () ->
            BundleSigner.sign(
                new BundleManifest("", "v", List.of("a"), null, null),
                new byte[0],
                "k",
                k.getPrivate()));
    assertThrows(
        IllegalArgumentException.class,
        () ->
            BundleSigner.sign(
                new BundleManifest("c", "v", List.of(), null, null),
                new byte[0],
                "k",
                k.getPrivate()));
    assertThrows(
        IllegalArgumentException.class,
        () -> BundleSigner.sign(TestBundles.SWITCH, new byte[0], "x".repeat(65), k.getPrivate()));
  }
}

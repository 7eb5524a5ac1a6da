package io.gpuchassis.firmware;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StagingStoreTest {

  @TempDir Path tmp;

  private static List<Path> files(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.toList();
    }
  }

  @Test
  void createsThePrivateDirectory() throws Exception {
    Path dir = tmp.resolve("a/b/staging");
    new StagingStore(dir, 100);
    assertTrue(Files.isDirectory(dir));
    assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)));
  }

  @Test
  void stagesUnderUniqueNames() throws Exception {
    StagingStore store = new StagingStore(tmp.resolve("s"), 100);
    Path a = store.stage(new ByteArrayInputStream(new byte[] {1, 2, 3}));
    Path b = store.stage(new ByteArrayInputStream(new byte[] {4}));
    assertNotEquals(a, b);
    assertEquals(tmp.resolve("s").toAbsolutePath(), a.getParent());
    assertArrayEquals(new byte[] {1, 2, 3}, Files.readAllBytes(a));
    assertArrayEquals(new byte[] {4}, Files.readAllBytes(b));
    assertEquals(2, files(store.dir()).size(), "no temp files left behind");
  }

  @Test
  void exactlyMaxBytesIsAccepted() throws Exception {
    StagingStore store = new StagingStore(tmp.resolve("s"), 100_000);
    Path p = store.stage(new ByteArrayInputStream(new byte[100_000]));
    assertEquals(100_000, Files.size(p));
  }

  @Test
  void overMaxBytesIsTooLargeAndLeavesNothing() throws Exception {
    StagingStore store = new StagingStore(tmp.resolve("s"), 100_000);
    CountingInput in = new CountingInput(10_000_000);
    BundleException e = assertThrows(BundleException.class, () -> store.stage(in));
    assertEquals(BundleException.Reason.TOO_LARGE, e.reason());
    assertEquals(List.of(), files(store.dir()), "the partial file is deleted");
    assertEquals(100_001, in.read, "reads one byte past the limit, not the whole stream");
  }

  @Test
  void failingUploadLeavesNothing() throws Exception {
    StagingStore store = new StagingStore(tmp.resolve("s"), 1_000_000);
    InputStream broken =
        new InputStream() {
          int n;

          @Override
          public int read() throws IOException {
            if (n++ > 5000) {
              throw new IOException("connection reset");
            }
            return 7;
          }
        };
    assertThrows(IOException.class, () -> store.stage(broken));
    assertEquals(List.of(), files(store.dir()));
  }

  @Test
  void discardDeletesAndIgnoresMissing() throws Exception {
    StagingStore store = new StagingStore(tmp.resolve("s"), 100);
    Path a = store.stage(new ByteArrayInputStream(new byte[] {1}));
    store.discard(a);
    assertFalse(Files.exists(a));
    store.discard(a);
    assertThrows(IllegalArgumentException.class, () -> store.discard(tmp.resolve("elsewhere.fwb")));
  }

  @Test
  void clearDeletesStagedAndPartialFiles() throws Exception {
    Path dir = tmp.resolve("s");
    StagingStore store = new StagingStore(dir, 100);
    store.stage(new ByteArrayInputStream(new byte[] {1}));
    store.stage(new ByteArrayInputStream(new byte[] {2}));
    Files.write(dir.resolve("upload-123.part"), new byte[] {3}); // left by a crash mid-upload
    assertEquals(3, files(dir).size());
    // a new store over the same directory (agent restart) clears what the last run left
    new StagingStore(dir, 100).clear();
    assertEquals(List.of(), files(dir));
    assertTrue(Files.isDirectory(dir));
  }

  @Test
  void oneUploadAtATimeAndClosingItRemovesItsFile() throws Exception {
    StagingStore store = new StagingStore(tmp.resolve("s"), 100);
    StagingStore.Upload first = store.begin().orElseThrow();
    assertTrue(Files.isRegularFile(first.file()));
    assertEquals(
        "rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(first.file())));
    assertTrue(store.uploading());
    assertTrue(store.begin().isEmpty(), "a second upload waits for the first");
    Files.write(first.file(), new byte[50]);
    first.close();
    assertEquals(List.of(), files(store.dir()), "closed: its file is gone");
    first.close();
    StagingStore.Upload second = store.begin().orElseThrow();
    assertNotEquals(first.file(), second.file());
    second.close();
    assertFalse(store.uploading());
  }

  @Test
  void aKeptUploadKeepsItsBytesUnderANameOfItsOwnAndFreesThePlace() throws Exception {
    StagingStore store = new StagingStore(tmp.resolve("s"), 100);
    StagingStore.Upload upload = store.begin().orElseThrow();
    Files.write(upload.file(), new byte[] {1, 2, 3});
    Path kept = store.keep(upload);
    assertNotEquals(upload.file(), kept);
    assertArrayEquals(new byte[] {1, 2, 3}, Files.readAllBytes(kept));
    assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(kept)));
    assertFalse(store.uploading(), "the next upload may come");
    upload.close();
    assertTrue(Files.exists(kept), "closing the upload again leaves the kept file");
    store.clear();
    assertEquals(List.of(), files(store.dir()), "a start removes it");
  }

  @Test
  void roomIsCheckedAgainstTheFileSystemWithItsMargin() throws Exception {
    StagingStore store = new StagingStore(tmp.resolve("s"), 100);
    long free = store.usableSpace();
    assertTrue(free > 0);
    store.requireSpace(1, 0);
    BundleException e =
        assertThrows(BundleException.class, () -> store.requireSpace(1, free + (1L << 30)));
    assertEquals(BundleException.Reason.NO_SPACE, e.reason());
    assertTrue(e.getMessage().contains("bytes free"), e.getMessage());
  }

  /** An endless stream of zeros that counts what was read. */
  private static final class CountingInput extends InputStream {
    private final long length;
    long read;

    CountingInput(long length) {
      this.length = length;
    }

    @Override
    public int read() {
      if (read >= length) {
        return -1;
      }
      read++;
      return 0;
    }

    @Override
    public int read(byte[] b, int off, int len) {
      if (read >= length) {
        return -1;
      }
      int n = (int) Math.min(len, length - read);
      read += n;
      return n;
    }
  }
}

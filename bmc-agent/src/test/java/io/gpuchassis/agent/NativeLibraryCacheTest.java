package io.gpuchassis.agent;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The launcher's folder of unpacked native libraries: filled once, then used. */
class NativeLibraryCacheTest {

  private static final String PATH = "org.sqlite.lib.path";
  private static final String NAME = "org.sqlite.lib.name";

  @TempDir Path cache;
  private String pathBefore;
  private String nameBefore;

  @BeforeEach
  void saveProperties() {
    pathBefore = System.clearProperty(PATH);
    nameBefore = System.clearProperty(NAME);
  }

  @AfterEach
  void restoreProperties() {
    restore(PATH, pathBefore);
    restore(NAME, nameBefore);
  }

  @Test
  void fill_unpacks_every_library_of_this_machine_as_the_jar_carries_it() throws Exception {
    Path folder = cache.resolve("native").resolve("1234");
    new NativeLibraryCache(folder).fill();

    assertEquals(3, NativeLibraryCache.files().size());
    for (String file : NativeLibraryCache.files()) {
      try (InputStream in =
          getClass().getClassLoader().getResourceAsStream(NativeLibraryCache.resource(file))) {
        assertNotNull(in, file + " is in the jar");
        assertArrayEquals(in.readAllBytes(), Files.readAllBytes(folder.resolve(file)), file);
      }
    }
    try (var left = Files.list(folder)) {
      assertEquals(3, left.count(), "no partial file left behind");
    }
  }

  @Test
  void sqlite_is_pointed_at_its_file_only_once_it_is_there() {
    NativeLibraryCache cached = new NativeLibraryCache(cache);
    cached.useCached();
    assertNull(System.getProperty(PATH), "an empty folder: SQLite unpacks its library itself");

    cached.fill();
    cached.useCached();
    assertEquals(cache.toString(), System.getProperty(PATH));
    assertEquals(NativeLibraryCache.SQLITE_FILE, System.getProperty(NAME));
  }

  @Test
  void a_library_path_given_on_the_command_line_is_kept() {
    System.setProperty(PATH, "/opt/sqlite");
    NativeLibraryCache cached = new NativeLibraryCache(cache);
    cached.fill();
    cached.useCached();
    assertEquals("/opt/sqlite", System.getProperty(PATH));
  }

  private static void restore(String key, String value) {
    if (value == null) {
      System.clearProperty(key);
    } else {
      System.setProperty(key, value);
    }
  }
}

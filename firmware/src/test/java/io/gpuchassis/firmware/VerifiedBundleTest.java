package io.gpuchassis.firmware;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class VerifiedBundleTest {

  private final VerifiedBundle bundle = new VerifiedBundle(TestBundles.SWITCH, new byte[] {1}, "k");

  @Test
  void compatibleWithIgnoresCase() {
    assertTrue(bundle.compatibleWith("11f8:4000"));
    assertTrue(bundle.compatibleWith("11F8:4028"));
    assertFalse(bundle.compatibleWith("11f8:4001"));
    assertFalse(bundle.compatibleWith("11f8"));
    assertFalse(bundle.compatibleWith(""));
    assertFalse(bundle.compatibleWith(null));
  }

  @Test
  void manifestCopiesCompatibleAndDefaultsDescription() {
    List<String> list = new ArrayList<>(List.of("a"));
    BundleManifest m = new BundleManifest("c", "v", list, null, null);
    list.add("b");
    assertEquals(List.of("a"), m.compatible());
    assertEquals("", m.description());
    assertThrows(UnsupportedOperationException.class, () -> m.compatible().add("x"));
  }
}

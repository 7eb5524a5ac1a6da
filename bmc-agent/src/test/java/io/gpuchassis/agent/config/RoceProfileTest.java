package io.gpuchassis.agent.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RoceProfileTest {

  @Test
  void the_default_is_nvidias_lossless_profile() {
    RoceProfile p = RoceProfile.DEFAULT;
    assertEquals(RoceMode.LOSSLESS, p.mode());
    assertEquals(Map.of(26, 3, 48, 6), p.dscpPriorities());
    assertEquals(Set.of(3), p.pfcPriorities());
    assertEquals(150_000, p.ecnMinBytes());
    assertEquals(1_500_000, p.ecnMaxBytes());
    assertEquals(9000, p.mtu());
  }

  @Test
  void every_bad_value_is_named_with_its_range() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> new RoceProfile(RoceMode.LOSSLESS, 10_000, 8, 64, -1, 48, 150_000, 1_500_000));
    String m = e.getMessage();
    assertTrue(m.contains("mtu must lie between 1280 and 9216, got 10000"), m);
    assertTrue(m.contains("rocePriority must lie between 0 and 7, got 8"), m);
    assertTrue(m.contains("roceDscp must lie between 0 and 63, got 64"), m);
    assertTrue(m.contains("cnpPriority must lie between 0 and 7, got -1"), m);
    String ecn =
        assertThrows(
                IllegalArgumentException.class,
                () -> new RoceProfile(RoceMode.LOSSY, 9000, 3, 26, 6, 48, 1_500_000, 150_000))
            .getMessage();
    assertTrue(ecn.startsWith("ecnMinKB and ecnMaxKB must satisfy 1 <= min < max"), ecn);
    assertTrue(
        assertThrows(
                IllegalArgumentException.class,
                () -> new RoceProfile(RoceMode.LOSSLESS, 9000, 3, 26, 3, 48, 150_000, 1_500_000))
            .getMessage()
            .contains("cnpPriority must differ from rocePriority in lossless mode"));
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> RoceMode.parse("semi-lossless"))
            .getMessage()
            .contains("use lossless"));
  }
}

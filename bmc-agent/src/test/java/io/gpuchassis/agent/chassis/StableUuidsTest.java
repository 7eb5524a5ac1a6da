package io.gpuchassis.agent.chassis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class StableUuidsTest {

  @Test
  void version_5_as_rfc_9562_gives_it() {
    // RFC 9562, appendix A.4: the DNS namespace and www.example.com
    assertEquals(
        UUID.fromString("2ed6657d-e927-568b-95e1-2665a8aea6a2"),
        StableUuids.v5(UUID.fromString("6ba7b810-9dad-11d1-80b4-00c04fd430c8"), "www.example.com"));
  }

  @Test
  void a_part_keeps_its_uuid_and_another_part_or_kind_gets_another() {
    UUID gpu = StableUuids.gpu("1650123456789").orElseThrow();
    assertEquals(Optional.of(gpu), StableUuids.gpu("1650123456789"), "the same card, any time");
    assertEquals(Optional.of(gpu), StableUuids.gpu(" 1650123456789 "), "padding is not a part");
    assertEquals(5, gpu.version());
    assertEquals(2, gpu.variant());
    assertNotEquals(Optional.of(gpu), StableUuids.gpu("1650123456790"), "another card");
    assertNotEquals(Optional.of(gpu), StableUuids.switchChip("1650123456789"), "another kind");
    assertNotEquals(StableUuids.chassis("CH-1"), StableUuids.fabric("CH-1"));
  }

  @Test
  void a_part_without_a_serial_number_has_no_uuid() {
    assertEquals(Optional.empty(), StableUuids.gpu(""));
    assertEquals(Optional.empty(), StableUuids.gpu(null));
    assertEquals(Optional.empty(), StableUuids.chassis("  "));
  }
}

package io.gpuchassis.agent.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The page's files are told apart by their content, whatever changes in it. */
class WebPageTest {

  @Test
  void a_file_s_tag_follows_its_content() {
    byte[] file = "body { color: black; }".getBytes(StandardCharsets.UTF_8);
    assertEquals(WebPage.etag(file), WebPage.etag(file.clone()), "the same bytes, the same tag");
    byte[] edited = file.clone();
    edited[7] = 'C';
    assertNotEquals(WebPage.etag(file), WebPage.etag(edited), "one byte changed");
    assertNotEquals(
        WebPage.etag(file),
        WebPage.etag("body { color: black; } ".getBytes(StandardCharsets.UTF_8)),
        "one byte longer");
  }

  @Test
  void a_tag_is_a_quoted_strong_etag() {
    // CRC-32 of "123456789" is cbf43926, the check value of the standard
    assertEquals("\"cbf43926-9\"", WebPage.etag("123456789".getBytes(StandardCharsets.US_ASCII)));
  }
}

package io.gpuchassis.redfish.http;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The pure decisions behind the cross-site defences: which media types, origins and Accept values
 * are which.
 */
class CrossSiteRulesTest {

  @Test
  void json_is_application_json_with_no_charset_or_utf8() {
    for (String json :
        new String[] {
          "application/json",
          "Application/JSON",
          "application/json;charset=utf-8",
          "application/json; charset=\"UTF-8\"",
          "application/json; odata.metadata=minimal"
        }) {
      assertTrue(MediaType.parse(json).orElseThrow().isJson(), json);
    }
    for (String other :
        new String[] {
          "text/plain",
          "application/x-www-form-urlencoded",
          "multipart/form-data; boundary=x",
          "application/json; charset=iso-8859-1",
          "application/jsonp",
          "text/json",
          "application/json+x"
        }) {
      assertFalse(MediaType.parse(other).map(MediaType::isJson).orElse(false), other);
    }
    for (String broken :
        new String[] {"", "json", "application/", "/json", "application/json; charset"}) {
      assertTrue(MediaType.parse(broken).isEmpty(), broken);
    }
    assertTrue(
        MediaType.parse("multipart/form-data; boundary=----x").orElseThrow().isMultipartForm());
  }

  @Test
  void an_origin_is_the_service_only_with_the_same_scheme_host_and_port() {
    assertTrue(OriginRule.sameOrigin("https://bmc.example", "https", "bmc.example"));
    assertTrue(OriginRule.sameOrigin("https://bmc.example:443", "https", "bmc.example"));
    assertTrue(OriginRule.sameOrigin("https://BMC.example:8443", "https", "bmc.EXAMPLE:8443"));
    assertTrue(OriginRule.sameOrigin("https://[2001:db8::1]:8443", "https", "[2001:db8::1]:8443"));
    assertFalse(OriginRule.sameOrigin("https://evil.example", "https", "bmc.example"));
    assertFalse(OriginRule.sameOrigin("http://bmc.example", "https", "bmc.example"));
    assertFalse(OriginRule.sameOrigin("https://bmc.example:8443", "https", "bmc.example"));
    assertFalse(OriginRule.sameOrigin("https://bmc.example.evil.example", "https", "bmc.example"));
    assertFalse(OriginRule.sameOrigin("https://bmc.example@evil.example", "https", "bmc.example"));
    assertFalse(OriginRule.sameOrigin("https://bmc.example/path", "https", "bmc.example"));
    assertFalse(OriginRule.sameOrigin("null", "https", "bmc.example"));
    assertFalse(OriginRule.sameOrigin("https://bmc.example", "https", null));
    assertFalse(OriginRule.sameOrigin("https://bmc example", "https", "bmc.example"));
  }

  @Test
  void a_browser_is_whoever_accepts_html() {
    assertTrue(
        BrowserRequests.acceptsHtml(
            "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"));
    assertTrue(BrowserRequests.acceptsHtml("TEXT/HTML"));
    assertFalse(BrowserRequests.acceptsHtml("*/*"));
    assertFalse(BrowserRequests.acceptsHtml("application/json"));
    assertFalse(BrowserRequests.acceptsHtml("text/html;q=0, application/json"));
    assertFalse(BrowserRequests.acceptsHtml("text/html;q=x"));
    assertFalse(BrowserRequests.acceptsHtml(null));
  }
}

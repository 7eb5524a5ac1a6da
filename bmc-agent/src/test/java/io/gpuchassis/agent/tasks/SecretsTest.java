package io.gpuchassis.agent.tasks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuchassis.redfish.error.RedfishException;
import io.gpuchassis.redfish.message.UpdateMessages;
import java.time.Clock;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** Secrets a request carries never reach what others can read of its task. */
class SecretsTest {

  @Test
  void uri_user_information_is_masked_wherever_it_appears() {
    assertEquals(
        "fetch http://******@images.example:8080/a.fwb now",
        Secrets.maskUris("fetch http://user:s3cret@images.example:8080/a.fwb now"));
    assertEquals("https://******@h/x", Secrets.maskUris("https://only-a-token@h/x"));
    assertEquals(
        "https://h/x?a=b@c",
        Secrets.maskUris("https://h/x?a=b@c"),
        "an @ after the host is not user info");
    assertEquals("no uri here", Secrets.maskUris("no uri here"));
  }

  @Test
  void password_properties_are_nulled_and_uris_masked_in_json_bodies() {
    String masked =
        Secrets.maskJson(
            "{\"ImageURI\":\"http://u:pw1@h/i.fwb\",\"Username\":\"u\",\"Password\":\"pw2\","
                + "\"Oem\":{\"Vendor\":{\"ApiToken\":\"tok\",\"List\":[\"ftp://a:pw3@h\"]}}}");
    for (String secret : new String[] {"pw1", "pw2", "pw3", "tok"}) {
      assertFalse(masked.contains(secret), masked);
    }
    assertTrue(masked.contains("\"Password\":null"), masked);
    assertTrue(masked.contains("\"Username\":\"u\""), masked);
    assertEquals("not json http://******@h", Secrets.maskJson("not json http://a:b@h"));
  }

  @Test
  void a_task_masks_its_name_payload_messages_and_failure() {
    CompletableFuture<TaskOutcome> work = new CompletableFuture<>();
    Task task =
        new TaskRegistry(Clock.systemUTC())
            .start(
                "Firmware update from http://u:pw@h/i.fwb",
                new Payload(
                    "POST", "/x", "{\"ImageURI\":\"http://u:pw@h/i.fwb\",\"Password\":\"pw\"}"),
                work);
    task.note(UpdateMessages.TARGET_DETERMINED.with("SW1", "http://u:pw@h/i.fwb"));
    work.complete(
        TaskOutcome.failure(
            new RedfishException(
                    400,
                    UpdateMessages.TRANSFER_FAILED.with("http://u:pw@h/i.fwb", "UpdateService"))
                .withDetail("the image could not be fetched from http://u:pw@h/i.fwb")));
    Task.Snapshot s = task.snapshot();
    String shown =
        s.name()
            + s.payload()
            + s.messages().stream().map(m -> m.text()).toList()
            + s.outcome().orElseThrow().error().orElseThrow().detail().orElseThrow()
            + s.outcome().orElseThrow().error().orElseThrow().messages().get(0).text();
    assertFalse(shown.contains("pw"), shown);
    assertTrue(shown.contains("http://******@h/i.fwb"), shown);
  }
}

package io.gpuchassis.redfish.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gpuchassis.redfish.error.RedfishException;
import io.gpuchassis.redfish.message.MessageInstance;
import java.util.List;
import org.junit.jupiter.api.function.Executable;

/** Assertions on the Redfish errors the query code raises. */
final class RedfishAssertions {

  private RedfishAssertions() {}

  /**
   * Asserts that {@code call} fails with {@code status} and a first message {@code messageKey} (the
   * registry key, such as {@code QueryParameterOutOfRange}) with {@code args}, when given.
   */
  static RedfishException assertRedfishError(
      int status, String messageKey, Executable call, String... args) {
    RedfishException e = assertThrows(RedfishException.class, call);
    assertEquals(status, e.status(), () -> "status of " + e.getMessage());
    MessageInstance first = e.messages().get(0);
    assertEquals(
        "Base.1.22.1." + messageKey,
        first.definition().messageId(),
        () -> "message of " + e.getMessage());
    if (args.length > 0) {
      assertEquals(List.of(args), first.args(), () -> "arguments of " + e.getMessage());
    }
    return e;
  }
}

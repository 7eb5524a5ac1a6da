package io.gpuchassis.agent.security;

import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.error.RedfishException;
import io.gpuchassis.redfish.message.BaseMessages;
import io.gpuchassis.redfish.route.AccessPolicy;
import io.gpuchassis.redfish.route.Caller;
import io.vertx.core.http.HttpMethod;
import java.util.Optional;
import java.util.function.Function;

/**
 * DSP0266 "password change required": an account whose password must be changed may read its own
 * account, change its password there, and close its own session; every other request is refused
 * with 403 PasswordChangeRequired, which names the account's URI. (Creating a session is allowed
 * too; that route does not pass through here.)
 */
public final class PasswordChangePolicy implements AccessPolicy {

  private final Function<String, Optional<String>> accountUri;

  /**
   * @param accountUri the Redfish URI of a user name's account
   */
  public PasswordChangePolicy(Function<String, Optional<String>> accountUri) {
    this.accountUri = accountUri;
  }

  @Override
  public Optional<RedfishException> refuse(Caller caller, HttpMethod method, String path) {
    if (!caller.passwordChangeRequired()) {
      return Optional.empty();
    }
    String own = accountUri.apply(caller.userName()).orElse("");
    String normalized =
        path.endsWith("/") && path.length() > 1 ? path.substring(0, path.length() - 1) : path;
    boolean ownAccount =
        normalized.equals(own)
            && (method.equals(HttpMethod.GET)
                || method.equals(HttpMethod.HEAD)
                || method.equals(HttpMethod.PATCH));
    boolean ownSession =
        method.equals(HttpMethod.DELETE)
            && caller.sessionId().map(id -> normalized.equals(Uris.session(id))).orElse(false);
    if (ownAccount || ownSession) {
      return Optional.empty();
    }
    return Optional.of(RedfishErrors.of(BaseMessages.PASSWORD_CHANGE_REQUIRED.with(own)));
  }
}

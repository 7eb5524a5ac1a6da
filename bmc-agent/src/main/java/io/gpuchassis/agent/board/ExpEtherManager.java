package io.gpuchassis.agent.board;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * The ExpEther manager (EEM) of a board with Ethernet hosts, as its {@code expether} section gives
 * it. The password is read from {@code passwordFile} when the agent connects, so no board file
 * carries it.
 *
 * @param url the API root, e.g. {@code https://eem.example:8443/eem}
 * @param user the Basic user name
 * @param passwordFile the file whose first line is the password
 * @param connectTimeout how long a connect may take
 * @param requestTimeout how long one request may wait for its answer
 * @param attachTimeout how long an I/O engine may take to report its new group (the hot-plug)
 */
public record ExpEtherManager(
    URI url,
    String user,
    Path passwordFile,
    Duration connectTimeout,
    Duration requestTimeout,
    Duration attachTimeout) {

  public ExpEtherManager {
    Objects.requireNonNull(url, "url");
    Objects.requireNonNull(user, "user");
    Objects.requireNonNull(passwordFile, "passwordFile");
    Objects.requireNonNull(connectTimeout, "connectTimeout");
    Objects.requireNonNull(requestTimeout, "requestTimeout");
    Objects.requireNonNull(attachTimeout, "attachTimeout");
  }
}

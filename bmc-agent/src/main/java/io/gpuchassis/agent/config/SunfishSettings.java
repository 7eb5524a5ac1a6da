package io.gpuchassis.agent.config;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * The OpenFabrics Sunfish core the agent registers with (configuration section {@code sunfish};
 * docs/COMPOSITION.md, "Sunfish"). Without a core the agent registers nowhere and answers a create
 * as DSP0266 says (201); with one, it keeps the core's event destination, announces itself and its
 * resources at every start, and answers a Connection create with 200, the only status the core
 * takes.
 *
 * @param core the core's EventListener, where the agent's events go
 * @param agentUrl the agent's base URL as the core reaches it; empty: {@code https://} and the
 *     address the agent listens on (the host name for a wildcard address)
 * @param coreAuthority a PEM file of the CA certificate the core's HTTPS certificate must chain to;
 *     empty: the JVM's authorities
 */
public record SunfishSettings(
    Optional<URI> core, Optional<URI> agentUrl, Optional<Path> coreAuthority) {

  /** No core: nothing is registered. */
  public static final SunfishSettings NONE =
      new SunfishSettings(Optional.empty(), Optional.empty(), Optional.empty());

  public boolean enabled() {
    return core.isPresent();
  }

  /** {@code text} as an absolute http or https URL with a host, or the problem with {@code key}. */
  static URI url(String key, String text) {
    try {
      URI uri = new URI(text.trim());
      String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
      if ((scheme.equals("https") || scheme.equals("http")) && uri.getHost() != null) {
        return uri;
      }
    } catch (URISyntaxException e) {
      // said below
    }
    throw ConfigException.at(
        key, key + " must be an https:// URL with a host name or address, not '" + text + "'");
  }
}

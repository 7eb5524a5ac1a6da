package io.gpuchassis.agent.network;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What {@code /etc/resolv.conf} says: the name servers in order and the local domain. Comments
 * start with {@code #} or {@code ;}; as in the resolver, the last {@code domain} line wins.
 */
record ResolverConfig(List<String> nameServers, Optional<String> domain) {

  ResolverConfig {
    nameServers = List.copyOf(nameServers);
  }

  /** An absent file means no name servers configured. */
  static ResolverConfig read(Path resolvConf) {
    List<String> lines;
    try {
      lines = Files.readAllLines(resolvConf);
    } catch (NoSuchFileException e) {
      return new ResolverConfig(List.of(), Optional.empty());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<String> servers = new ArrayList<>();
    Optional<String> domain = Optional.empty();
    for (String line : lines) {
      String[] f = line.strip().split("\\s+");
      if (f.length < 2 || f[0].startsWith("#") || f[0].startsWith(";")) {
        continue;
      }
      if (f[0].equals("nameserver")) {
        servers.add(f[1]);
      } else if (f[0].equals("domain")) {
        domain = Optional.of(f[1]);
      }
    }
    return new ResolverConfig(servers, domain);
  }
}

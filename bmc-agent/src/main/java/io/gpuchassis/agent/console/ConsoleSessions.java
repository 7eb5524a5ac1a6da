package io.gpuchassis.agent.console;

import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Who is logged in on which console now, for {@code show sessions}. */
final class ConsoleSessions {

  /** One logged-in console session. */
  record Active(String userName, String address, Instant since) {}

  private final List<Active> active = new CopyOnWriteArrayList<>();

  Active opened(String userName, String address, Instant since) {
    Active a = new Active(userName, address, since);
    active.add(a);
    return a;
  }

  void closed(Active session) {
    active.remove(session);
  }

  List<Active> all() {
    return List.copyOf(active);
  }
}

package io.gpuchassis.agent.compose;

/** One step of a composition: bind a GPU slot into a host, or release it from the host. */
public sealed interface Change permits Change.Bind, Change.Release {

  int slot();

  String hostId();

  record Bind(int slot, String hostId) implements Change {}

  record Release(int slot, String hostId) implements Change {}
}

package io.gpuchassis.agent;

import io.gpuchassis.agent.security.TestPasswordHashing;

/**
 * The agent's {@link Main} hashing passwords cheaply ({@link TestPasswordHashing}), for the tests
 * that start the agent as a process of its own and log in. It is in the test sources, so the
 * shipped jar has no such entry point; a test whose point is the login cost runs {@link Main}.
 */
public final class TestMain {

  private TestMain() {}

  public static void main(String[] args) {
    Main.main(args, TestPasswordHashing.hasher());
  }
}

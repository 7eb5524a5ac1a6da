package io.gpuchassis.agent.security;

/**
 * Cheap password hashing for tests: an agent or account store built with {@link #hasher()} hashes
 * and checks passwords at {@link #ITERATIONS} PBKDF2 iterations instead of {@link
 * PasswordHasher#DEFAULT_ITERATIONS}, a few milliseconds less per login. It lives in the test
 * sources and uses {@link PasswordHasher}'s package-private constructor, so nothing the agent ships
 * can lower the cost. Tests whose point is the cost (PasswordHasherCostTest, AttackLoginTimingIT,
 * AttackPasswordHashingIT, the shipped default in AgentHashingCostIT) keep the real one.
 */
public final class TestPasswordHashing {

  /** Enough to exercise salting, the stored form and the padding, cheap enough to be free. */
  public static final int ITERATIONS = 1000;

  private TestPasswordHashing() {}

  public static PasswordHasher hasher() {
    return new PasswordHasher(ITERATIONS);
  }
}

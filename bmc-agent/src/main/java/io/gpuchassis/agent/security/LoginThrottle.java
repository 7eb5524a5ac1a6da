package io.gpuchassis.agent.security;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * How many password checks each client address may start: a token bucket per address ({@link
 * ClientAddress}), consulted before any hashing, so that guesses beyond the rate cost the agent a
 * map lookup and no PBKDF2. A check takes a token; a successful login gives it back, so clients
 * that know their password are never slowed, and only failures drain the bucket. At most {@code
 * tracked} addresses are remembered; when that many are busy at once, the newcomers share one
 * bucket (a flood from very many addresses throttles itself, memory stays bounded).
 */
final class LoginThrottle {

  static final String OVERFLOW = "(other addresses)";

  private final Clock clock;
  private final double tokensPerSecond;
  private final int burst;
  private final int tracked;
  private final Map<String, Bucket> buckets = new HashMap<>();

  LoginThrottle(Clock clock, int attemptsPerMinute, int burst, int tracked) {
    this.clock = clock;
    this.tokensPerSecond = attemptsPerMinute / 60.0;
    this.burst = burst;
    this.tracked = tracked;
  }

  /**
   * Whether a password check from {@code client} may start now.
   *
   * @param admitted a token was taken: call {@link #finish} once the check is done
   * @param retryAfter when refused, how long until a token is back (at least one second)
   * @param clean the address had no failure that still weighs on its bucket: its checks go first
   * @param bucket the bucket that paid (the address, or {@link #OVERFLOW})
   */
  record Admission(boolean admitted, Duration retryAfter, boolean clean, String bucket) {}

  synchronized Admission acquire(String client) {
    Instant now = clock.instant();
    String key = keyOf(client);
    Bucket bucket = buckets.computeIfAbsent(key, k -> new Bucket(burst, now));
    bucket.refill(now, tokensPerSecond, burst);
    boolean clean = bucket.tokens + bucket.inFlight >= burst;
    if (bucket.tokens < 1) {
      long seconds = (long) Math.ceil((1 - bucket.tokens) / tokensPerSecond);
      return new Admission(false, Duration.ofSeconds(Math.max(1, seconds)), false, key);
    }
    bucket.tokens -= 1;
    bucket.inFlight++;
    return new Admission(true, Duration.ZERO, clean, key);
  }

  /**
   * Ends a check admitted by {@link #acquire}; a success (or a check that never ran) gives the
   * token back.
   */
  synchronized void finish(Admission admission, boolean giveBack) {
    Bucket bucket = buckets.get(admission.bucket());
    if (bucket == null || !admission.admitted()) {
      return;
    }
    bucket.inFlight = Math.max(0, bucket.inFlight - 1);
    if (giveBack) {
      bucket.tokens = Math.min(burst, bucket.tokens + 1);
    }
  }

  /** Forgets addresses whose bucket is full again and that have nothing in flight. */
  synchronized void prune() {
    Instant now = clock.instant();
    buckets.values().removeIf(b -> b.refill(now, tokensPerSecond, burst) && b.inFlight == 0);
  }

  synchronized int trackedAddresses() {
    return buckets.size();
  }

  private String keyOf(String client) {
    if (buckets.containsKey(client)) {
      return client;
    }
    if (buckets.size() >= tracked) {
      prune();
    }
    return buckets.size() >= tracked ? OVERFLOW : client;
  }

  private static final class Bucket {
    double tokens;
    int inFlight;
    Instant refilled;

    Bucket(double tokens, Instant now) {
      this.tokens = tokens;
      this.refilled = now;
    }

    /** Adds the tokens earned since the last refill; returns whether the bucket is full. */
    boolean refill(Instant now, double perSecond, int burst) {
      if (now.isAfter(refilled)) {
        double seconds = Duration.between(refilled, now).toNanos() / 1e9;
        tokens = Math.min(burst, tokens + seconds * perSecond);
        refilled = now;
      }
      return tokens >= burst;
    }
  }
}

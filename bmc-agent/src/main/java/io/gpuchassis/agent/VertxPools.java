package io.gpuchassis.agent;

import io.vertx.core.VertxOptions;

/**
 * The agent's Vert.x thread pools, sized for a board of a few cores instead of Vert.x's server
 * defaults (20 worker and 20 internal blocking threads). A worker pool grows a thread per task
 * until it is full and keeps them all; each thread holds its stack and the JVM's bookkeeping in
 * resident memory, and the blocking work here (password hashes, database writes, firmware checks)
 * is mostly CPU-bound, so more threads than a few per core only queue on the cores.
 */
final class VertxPools {

  /** Worker threads at least, whatever the core count: a slow task must not hold up the rest. */
  static final int MIN_WORKERS = 8;

  private VertxPools() {}

  /** Options for a machine with {@code cores} processors; event loops keep Vert.x's 2 a core. */
  static VertxOptions options(int cores) {
    return new VertxOptions()
        .setWorkerPoolSize(Math.max(MIN_WORKERS, 2 * cores))
        // file-system calls and Vert.x's own blocking work; started only when used
        .setInternalBlockingPoolSize(Math.max(2, cores));
  }

  static VertxOptions forThisMachine() {
    return options(Runtime.getRuntime().availableProcessors());
  }
}

package io.gpuchassis.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.vertx.core.VertxOptions;
import org.junit.jupiter.api.Test;

class VertxPoolsTest {

  @Test
  void aSmallBoardGetsTheMinimumOfWorkersInsteadOfVertxsTwenty() {
    VertxOptions options = VertxPools.options(2);

    assertEquals(VertxPools.MIN_WORKERS, options.getWorkerPoolSize());
    assertEquals(2, options.getInternalBlockingPoolSize());
  }

  @Test
  void workersGrowWithTheCoresBeyondTheMinimum() {
    VertxOptions options = VertxPools.options(8);

    assertEquals(16, options.getWorkerPoolSize());
    assertEquals(8, options.getInternalBlockingPoolSize());
  }

  @Test
  void eventLoopsKeepVertxsDefault() {
    assertEquals(
        new VertxOptions().getEventLoopPoolSize(), VertxPools.options(2).getEventLoopPoolSize());
  }
}

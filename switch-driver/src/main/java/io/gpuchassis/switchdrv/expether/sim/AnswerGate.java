package io.gpuchassis.switchdrv.expether.sim;

import java.util.concurrent.CountDownLatch;

/**
 * Holds every answer while a test keeps it shut: a manager that accepted the connection and does
 * not answer, which is what a client's request timeout is for.
 */
final class AnswerGate {

  private static final CountDownLatch OPEN = new CountDownLatch(0);

  private volatile CountDownLatch latch = OPEN;

  void hold() {
    latch = new CountDownLatch(1);
  }

  void release() {
    latch.countDown();
  }

  /**
   * Waits while the gate is held.
   *
   * @return false when the wait was interrupted (the simulator is closing)
   */
  boolean pass() {
    try {
      latch.await();
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}

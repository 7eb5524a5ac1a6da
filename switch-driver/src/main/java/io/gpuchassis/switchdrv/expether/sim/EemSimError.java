package io.gpuchassis.switchdrv.expether.sim;

/**
 * A refusal the simulated manager answers with: an HTTP status and the {@code {"code", "message"}}
 * body. The five-digit codes (status, then a serial) are this simulator's, in the form Valence's
 * own ExpEther errors take; the real manager's codes are not published.
 */
final class EemSimError extends RuntimeException {

  private final int status;
  private final String code;

  EemSimError(int status, String code, String message) {
    super(message);
    this.status = status;
    this.code = code;
  }

  int status() {
    return status;
  }

  String code() {
    return code;
  }

  static EemSimError badRequest(String message) {
    return new EemSimError(400, "40000", message);
  }

  static EemSimError notFound(String message) {
    return new EemSimError(404, "40400", message);
  }

  static EemSimError conflict(String code, String message) {
    return new EemSimError(409, code, message);
  }
}

package io.gpuchassis.agent.selfupdate;

import io.gpuchassis.agent.compose.BindingJournal;
import io.gpuchassis.agent.fabric.SwitchWorker;
import io.gpuchassis.agent.fabric.SwitchWorkers;
import io.gpuchassis.agent.health.ChassisSensor;
import io.gpuchassis.agent.health.HealthMonitor;
import io.gpuchassis.sensor.poll.ReadingStatus;
import io.gpuchassis.sensor.poll.SensorReading;
import io.vertx.core.AsyncResult;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** The checks an agent on trial must pass before its slot is marked good. */
public final class TrialChecks {

  private TrialChecks() {}

  /** How long the service root may take to answer in a trial round. */
  static final Duration REDFISH_ANSWER_TIMEOUT = Duration.ofSeconds(10);

  /**
   * Redfish served: the service root answered 200 over HTTPS on the agent's own listener, through
   * the whole stack a client's request takes. The agent's own certificate is not checked (it asks
   * itself, on its own address).
   */
  public static TrialCheck.Check redfish(Vertx vertx, String host, int port) {
    return redfish(vertx, host, port, REDFISH_ANSWER_TIMEOUT);
  }

  /**
   * As above, with no answer within {@code answerWithin} a failure of this round (the next round
   * asks again), where waiting for it would hold the round, and so the trial, until its deadline.
   */
  static TrialCheck.Check redfish(Vertx vertx, String host, int port, Duration answerWithin) {
    String target =
        switch (host) {
          case "0.0.0.0", "" -> "127.0.0.1";
          case "::", "[::]" -> "::1";
          default -> host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
        };
    return new TrialCheck.Check(
        "Redfish served",
        () -> {
          var client =
              vertx.createHttpClient(
                  new HttpClientOptions().setSsl(true).setTrustAll(true).setVerifyHost(false));
          CompletableFuture<Optional<String>> result = new CompletableFuture<>();
          // Started on a Vert.x context, as Vert.x asks of a client used from another thread (the
          // trial's timer)
          vertx
              .getOrCreateContext()
              .runOnContext(
                  started ->
                      client
                          .request(
                              new RequestOptions()
                                  .setMethod(HttpMethod.GET)
                                  .setHost(target)
                                  .setPort(port)
                                  .setURI("/redfish/v1/"))
                          .compose(request -> request.send())
                          .onComplete(answer -> result.complete(problemOf(answer))));
          return result
              .completeOnTimeout(
                  Optional.of("no answer within " + answerWithin.toMillis() + " ms"),
                  answerWithin.toMillis(),
                  TimeUnit.MILLISECONDS)
              .whenComplete((problem, error) -> client.close());
        });
  }

  /** What is wrong with the service root's answer; empty for a 200. */
  private static Optional<String> problemOf(AsyncResult<HttpClientResponse> answer) {
    if (answer.failed()) {
      return Optional.of(answer.cause().toString());
    }
    int status = answer.result().statusCode();
    return status == 200 ? Optional.empty() : Optional.of("the service root answered " + status);
  }

  /** How long one switch may take to answer its identity read in a trial round. */
  static final Duration SWITCH_READ_TIMEOUT = Duration.ofSeconds(10);

  /**
   * Every switch read: each chip answers a fresh read of its identity on its own worker within
   * {@link #SWITCH_READ_TIMEOUT}.
   */
  public static TrialCheck.Check switches(SwitchWorkers workers) {
    return new TrialCheck.Check(
        "every switch read",
        () -> {
          List<CompletableFuture<Optional<String>>> reads = new ArrayList<>();
          for (SwitchWorker worker : workers.all().values()) {
            reads.add(
                worker
                    .submit(driver -> driver.identity())
                    .orTimeout(SWITCH_READ_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)
                    .handle(
                        (identity, error) ->
                            error == null
                                ? Optional.<String>empty()
                                : Optional.of(worker.switchId() + " (" + reason(error) + ")")));
          }
          return CompletableFuture.allOf(reads.toArray(CompletableFuture[]::new))
              .thenApply(
                  done -> {
                    List<String> failed =
                        reads.stream()
                            .map(CompletableFuture::join)
                            .flatMap(Optional::stream)
                            .toList();
                    return failed.isEmpty()
                        ? Optional.empty()
                        : Optional.of("no answer from " + String.join(", ", failed));
                  });
        });
  }

  private static String reason(Throwable error) {
    Throwable cause =
        error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    return cause instanceof TimeoutException
        ? "no answer within " + SWITCH_READ_TIMEOUT.toSeconds() + " s"
        : String.valueOf(cause.getMessage());
  }

  /**
   * Every sensor bus read: each of the chassis's sensors has been read at least once, and not all
   * of them failed. A single failed sensor is the hardware's fault, not the new agent's, and does
   * not hold the trial; none answering at all is the agent's.
   */
  public static TrialCheck.Check sensors(HealthMonitor health, List<ChassisSensor> sensors) {
    return new TrialCheck.Check(
        "every sensor read",
        () -> {
          Map<String, SensorReading> readings = health.readings();
          List<String> unread =
              sensors.stream()
                  .map(ChassisSensor::sensorId)
                  .filter(id -> !readings.containsKey(id))
                  .toList();
          if (!unread.isEmpty()) {
            return CompletableFuture.completedFuture(
                Optional.of(unread.size() + " sensors not read yet, e.g. " + unread.get(0)));
          }
          boolean anyAnswered =
              sensors.isEmpty()
                  || sensors.stream()
                      .map(s -> readings.get(s.sensorId()))
                      .anyMatch(r -> r.status() != ReadingStatus.FAILED);
          return CompletableFuture.completedFuture(
              anyAnswered ? Optional.empty() : Optional.of("every sensor read failed"));
        });
  }

  /**
   * The journal replayed: no binding operation the journal holds is left interrupted (the start
   * finishes or undoes each one against the switches before it answers).
   */
  public static TrialCheck.Check journal(BindingJournal journal) {
    return new TrialCheck.Check(
        "binding journal replayed",
        () -> {
          int left = journal.interrupted().size();
          return CompletableFuture.completedFuture(
              left == 0
                  ? Optional.empty()
                  : Optional.of(left + " interrupted binding operations are not finished"));
        });
  }
}

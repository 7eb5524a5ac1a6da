package io.gpuchassis.agent.tasks;

/**
 * The request a task carries out, shown in the Task's {@code Payload} to every reader of the task.
 *
 * @param jsonBody the request body as sent, with its secrets masked ({@link Secrets}):
 *     password-like properties are null and URIs lose their user information
 */
public record Payload(String method, String targetUri, String jsonBody) {

  public Payload {
    targetUri = Secrets.maskUris(targetUri);
    jsonBody = Secrets.maskJson(jsonBody);
  }
}

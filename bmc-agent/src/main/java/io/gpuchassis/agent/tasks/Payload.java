package io.gpuchassis.agent.tasks;

/**
 * The request a task carries out, shown in the Task's {@code Payload}.
 *
 * @param jsonBody the request body as sent; never a body that holds a secret
 */
public record Payload(String method, String targetUri, String jsonBody) {}

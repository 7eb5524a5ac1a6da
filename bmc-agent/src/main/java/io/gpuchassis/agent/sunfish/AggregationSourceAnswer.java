package io.gpuchassis.agent.sunfish;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.Optional;

/**
 * The id a Sunfish core gave the agent, read from its answer to {@code
 * AggregationSourceDiscovered}: the AggregationSource it made for the agent ({@code
 * AggregationService/AggregationSources/{id}}, its {@code Id}, else the last segment of its
 * {@code @odata.id}). Sunfish's documents describe this answer; its reference core answers without
 * it and PATCHes the id into the agent's event destination instead, which {@link
 * SunfishRegistration} reads then.
 */
final class AggregationSourceAnswer {

  private static final ObjectMapper JSON = new ObjectMapper();

  private AggregationSourceAnswer() {}

  static Optional<String> agentId(String body) {
    if (body == null || body.isBlank()) {
      return Optional.empty();
    }
    JsonNode source;
    try {
      source = JSON.readTree(body);
    } catch (IOException e) {
      return Optional.empty();
    }
    if (source == null || !source.isObject()) {
      return Optional.empty();
    }
    String id = source.path("Id").asText("");
    if (id.isBlank()) {
      String uri = source.path("@odata.id").asText("");
      if (!uri.contains("/AggregationSources/")) {
        return Optional.empty();
      }
      String trimmed = uri.endsWith("/") ? uri.substring(0, uri.length() - 1) : uri;
      id = trimmed.substring(trimmed.lastIndexOf('/') + 1);
    }
    return id.isBlank() || id.length() > 128 ? Optional.empty() : Optional.of(id);
  }
}

package io.gpuchassis.agent.sim.topology;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.type.LogicalType;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import java.util.List;

/** Binds topology YAML text to a {@link TopologyDocument.Root}, strictly. */
final class TopologyYamlReader {

  // ObjectMapper is thread-safe once configured
  private static final ObjectMapper MAPPER = strictMapper();

  private TopologyYamlReader() {}

  /**
   * Parses {@code yaml}.
   *
   * @param source file or resource name, used in error messages
   * @throws TopologyException naming the source, line and key of the first structural problem
   */
  static TopologyDocument.Root read(String source, String yaml) {
    if (yaml.isBlank()) {
      throw new TopologyException(source, 0, "the file is empty", null);
    }
    try {
      TopologyDocument.Root root = MAPPER.readValue(yaml, TopologyDocument.Root.class);
      if (root == null) {
        // a document that is only "~" or "null"; a file of only comments fails inside readValue
        throw new TopologyException(source, 0, "the file has no content", null);
      }
      return root;
    } catch (JsonProcessingException e) {
      ParseProblem problem = ParseProblem.of(e, MAPPER.getFactory(), yaml);
      throw new TopologyException(source, problem.line(), problem.message(), e);
    }
  }

  /**
   * A mapper that refuses anything a person editing the file probably did not mean: unknown or
   * duplicate keys, empty list items, and silent conversions such as {@code 16.5} to 16,
   * {@code "16"} to 16 or {@code 1.10} to the version string "1.1".
   */
  private static ObjectMapper strictMapper() {
    YAMLFactory factory =
        YAMLFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            // a default of the plain factory that the builder does not carry over: "key:" with
            // no value must be null (and so "a value is required"), not an empty string
            .enable(YAMLParser.Feature.EMPTY_STRING_AS_NULL)
            .build();
    YAMLMapper mapper =
        YAMLMapper.builder(factory)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
            .build();
    for (CoercionInputShape shape :
        List.of(CoercionInputShape.Integer, CoercionInputShape.Float, CoercionInputShape.Boolean)) {
      mapper.coercionConfigFor(LogicalType.Textual).setCoercion(shape, CoercionAction.Fail);
    }
    mapper.coercionConfigFor(LogicalType.Integer)
        .setCoercion(CoercionInputShape.String, CoercionAction.Fail);
    mapper.configOverride(List.class).setSetterInfo(JsonSetter.Value.forContentNulls(Nulls.FAIL));
    return mapper;
  }
}

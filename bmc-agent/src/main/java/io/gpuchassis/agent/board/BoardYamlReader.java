package io.gpuchassis.agent.board;

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
import java.util.OptionalInt;

/**
 * Binds board YAML text to a {@link BoardDocument.Root}, strictly, and finds the lines of keys in
 * it.
 */
final class BoardYamlReader {

  // ObjectMapper is thread-safe once configured
  private static final ObjectMapper MAPPER = strictMapper();

  private BoardYamlReader() {}

  /**
   * Parses {@code yaml}.
   *
   * @param source file or resource name, used in error messages
   * @throws BoardException naming the source, line and key of the first structural problem
   */
  static BoardDocument.Root read(String source, String yaml) {
    if (yaml.isBlank()) {
      throw new BoardException(
          source, new BoardProblem(OptionalInt.empty(), "", "the file is empty"), null);
    }
    try {
      BoardDocument.Root root = MAPPER.readValue(yaml, BoardDocument.Root.class);
      if (root == null) {
        // a document that is only "~" or "null"; a file of only comments fails inside readValue
        throw new BoardException(
            source, new BoardProblem(OptionalInt.empty(), "", "the file has no content"), null);
      }
      return root;
    } catch (JsonProcessingException e) {
      throw new BoardException(source, ParseProblem.of(e, MAPPER.getFactory(), yaml), e);
    }
  }

  /**
   * Builds the mapper's deserializers for the whole document, as the first {@link #read} would:
   * Jackson's introspection of the board's records costs more than parsing a board file, and needs
   * no file.
   */
  static void prepare() {
    MAPPER.readerFor(BoardDocument.Root.class);
  }

  /**
   * The line of the key at {@code path} in {@code yaml}, or of its nearest enclosing entry that
   * exists.
   */
  static OptionalInt lineOf(String yaml, KeyPath path) {
    return KeyLocator.line(MAPPER.getFactory(), yaml, path.steps());
  }

  /**
   * A mapper that refuses anything a person editing the file probably did not mean: unknown or
   * duplicate keys, empty list items, and silent conversions such as {@code 16.5} to 16, {@code
   * "16"} to 16 or {@code 1.10} to the version string "1.1".
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
    mapper
        .coercionConfigFor(LogicalType.Integer)
        .setCoercion(CoercionInputShape.String, CoercionAction.Fail);
    mapper
        .coercionConfigFor(LogicalType.Float)
        .setCoercion(CoercionInputShape.String, CoercionAction.Fail);
    mapper.configOverride(List.class).setSetterInfo(JsonSetter.Value.forContentNulls(Nulls.FAIL));
    return mapper;
  }
}

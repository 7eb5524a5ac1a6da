package io.gpuchassis.agent.board;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import java.io.IOException;

/**
 * The {@code gpio:} key of a slot signal, which has two shapes: a number, the switch GPIO of {@code
 * {switch: SW1, gpio: 12}}, or a mapping, the processor line of {@code {gpio: {chip: gpiochip0,
 * line: 17}}}. Exactly one component is set.
 */
@JsonDeserialize(using = GpioValue.Reader.class)
record GpioValue(Integer switchPin, BoardDocument.GpioLineEntry line) {

  /** What a reader of an error message should write instead; shared with the error translator. */
  static final String EXPECTED = "a switch GPIO number or a mapping {chip, line}";

  /** Jackson deserializer for {@link GpioValue}. */
  static final class Reader extends StdDeserializer<GpioValue> {

    private static final long serialVersionUID = 1L;

    Reader() {
      super(GpioValue.class);
    }

    @Override
    public GpioValue deserialize(JsonParser parser, DeserializationContext context)
        throws IOException {
      if (parser.currentToken() == JsonToken.VALUE_NUMBER_INT) {
        return new GpioValue(parser.getIntValue(), null);
      }
      if (parser.currentToken() == JsonToken.START_OBJECT) {
        // the record's own deserializer keeps the strict checks: unknown and missing keys
        return new GpioValue(null, context.readValue(parser, BoardDocument.GpioLineEntry.class));
      }
      return (GpioValue) context.handleUnexpectedToken(GpioValue.class, parser);
    }
  }
}

package io.gpuchassis.agent.board;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import java.io.IOException;
import java.util.regex.Pattern;

/**
 * A board-file number that is usually written in hex: PCI IDs and I2C addresses.
 *
 * <p>Accepts a YAML integer ({@code 4318}, or {@code 0x10de} where the YAML parser reads hex) and a
 * string {@code "0x10de"}; the quoted form is the documented one because it survives every YAML
 * parser unchanged.
 */
@JsonDeserialize(using = HexNumber.Reader.class)
record HexNumber(int value) {

  /** What a reader of an error message should write instead; shared with the error translator. */
  static final String EXPECTED = "an integer or a hex string such as \"0x10de\"";

  private static final Pattern HEX = Pattern.compile("0[xX][0-9a-fA-F]{1,8}");

  /** Jackson deserializer for {@link HexNumber}. */
  static final class Reader extends StdDeserializer<HexNumber> {

    private static final long serialVersionUID = 1L;

    Reader() {
      super(HexNumber.class);
    }

    @Override
    public HexNumber deserialize(JsonParser parser, DeserializationContext context)
        throws IOException {
      if (parser.currentToken() == JsonToken.VALUE_NUMBER_INT) {
        return new HexNumber(parser.getIntValue());
      }
      if (parser.currentToken() != JsonToken.VALUE_STRING) {
        return (HexNumber) context.handleUnexpectedToken(HexNumber.class, parser);
      }
      String text = parser.getText().trim();
      if (!HEX.matcher(text).matches()) {
        return (HexNumber)
            context.handleWeirdStringValue(HexNumber.class, text, "expected " + EXPECTED);
      }
      // parse as long so that 0xffffffff is reported by the range check, not as an overflow
      long value = Long.parseLong(text.substring(2), 16);
      if (value > Integer.MAX_VALUE) {
        return (HexNumber) context.handleWeirdStringValue(HexNumber.class, text, "value too large");
      }
      return new HexNumber((int) value);
    }
  }
}

package io.gpuchassis.redfish.json;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.introspect.Annotated;
import com.fasterxml.jackson.databind.introspect.AnnotatedMember;
import com.fasterxml.jackson.databind.introspect.JacksonAnnotationIntrospector;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

/**
 * The one Jackson configuration for Redfish payloads.
 *
 * <p>{@link #mapper()} is shared and thread-safe for reading and writing; callers must not
 * reconfigure it (use {@code mapper().copy()}, or derive an {@link ObjectReader}/{@code
 * ObjectWriter}, for a variant).
 *
 * <p>Writing:
 *
 * <ul>
 *   <li>Unset (null) properties are omitted, never written as {@code null}. That includes the
 *       properties a Redfish schema marks required: the generated models annotate those with
 *       {@code @JsonInclude(ALWAYS)}, which this mapper downgrades to {@code NON_NULL} for classes
 *       in {@value #MODEL_PACKAGE} (Redfish does not allow {@code null} for {@code @odata.id},
 *       {@code Id}, {@code Name} and the like either, so an absent property is no less valid than a
 *       null one, and the rule "unset means absent" has no exception). Null values <em>inside</em>
 *       maps such as {@code Oem} are written as given.
 *   <li>Empty beans serialize as {@code {}} instead of failing ({@code FAIL_ON_EMPTY_BEANS} off).
 *   <li>{@code java.time} values are ISO-8601 strings: {@code OffsetDateTime} as {@code
 *       2025-01-31T12:00:00+01:00} (or {@code ...Z} for UTC), which is the Redfish {@code
 *       Edm.DateTimeOffset} form; durations as {@code PT30S}.
 * </ul>
 *
 * <p>Reading has two modes:
 *
 * <ul>
 *   <li>Strict, {@link #mapper()}: an unknown property fails ({@code FAIL_ON_UNKNOWN_PROPERTIES}
 *       on, the Jackson default), and so does an unknown enum value. This is the mode for request
 *       bodies sent by clients (PATCH, POST), where a property the agent does not support must be
 *       reported to the client (Base {@code PropertyUnknown}) rather than silently dropped.
 *   <li>Lenient, {@link #lenientReader()}: unknown properties are ignored and unknown enum values
 *       read as {@code null}. This is the mode for documents written against the full or a newer
 *       Redfish schema than this subset: DMTF mockups, stored state written by a newer agent, other
 *       Redfish services. It is the only place where {@code FAIL_ON_UNKNOWN_PROPERTIES} is
 *       disabled.
 * </ul>
 *
 * In both modes a date-time keeps the offset it was sent with ({@code
 * ADJUST_DATES_TO_CONTEXT_TIME_ZONE} off), so a Manager's {@code DateTime} of {@code ...+06:00}
 * reads back as {@code +06:00}, not UTC.
 *
 * <p>In both modes a document is one JSON value and nothing else: a member name given twice ({@code
 * {"a":1,"a":2}}) and anything after the value ({@code {"a":1}xyz}) fail the read ({@code
 * STRICT_DUPLICATE_DETECTION}, {@code FAIL_ON_TRAILING_TOKENS}). Two readers of one document must
 * never see different values, and a request body is either exactly what was meant or refused
 * (MalformedJSON).
 */
public final class RedfishJson {

  /** The package of the classes generated from {@code src/main/openapi/redfish-subset.yaml}. */
  static final String MODEL_PACKAGE = "io.gpuchassis.redfish.model";

  private static final ObjectMapper MAPPER = build();

  private static final ObjectReader LENIENT_READER =
      MAPPER
          .reader()
          .without(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .with(DeserializationFeature.READ_UNKNOWN_ENUM_VALUES_AS_NULL);

  private RedfishJson() {}

  /** The shared, configured mapper: writes Redfish JSON, reads strictly. Do not reconfigure it. */
  public static ObjectMapper mapper() {
    return MAPPER;
  }

  /**
   * A reader that ignores unknown properties and reads unknown enum values as {@code null}; choose
   * the target with {@code lenientReader().forType(Chassis.class).readValue(json)}.
   */
  public static ObjectReader lenientReader() {
    return LENIENT_READER;
  }

  /** {@link #lenientReader()} bound to {@code type}. */
  public static ObjectReader lenientReader(Class<?> type) {
    return LENIENT_READER.forType(type);
  }

  private static ObjectMapper build() {
    return JsonMapper.builder()
        .addModule(new JavaTimeModule())
        .annotationIntrospector(new RedfishAnnotationIntrospector())
        .defaultPropertyInclusion(
            JsonInclude.Value.construct(
                JsonInclude.Include.NON_NULL, JsonInclude.Include.USE_DEFAULTS))
        .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
        .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
        .disable(SerializationFeature.WRITE_DURATIONS_AS_TIMESTAMPS)
        .disable(DeserializationFeature.ADJUST_DATES_TO_CONTEXT_TIME_ZONE)
        .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
        .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
        .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
        .build();
  }

  /**
   * Turns the generator's {@code @JsonInclude(ALWAYS)} on required properties of the generated
   * models into {@code NON_NULL}; everything else is read as Jackson reads it.
   */
  static final class RedfishAnnotationIntrospector extends JacksonAnnotationIntrospector {
    private static final long serialVersionUID = 1L;

    @Override
    public JsonInclude.Value findPropertyInclusion(Annotated a) {
      JsonInclude.Value inclusion = super.findPropertyInclusion(a);
      if (inclusion.getValueInclusion() == JsonInclude.Include.ALWAYS
          && a instanceof AnnotatedMember member
          && MODEL_PACKAGE.equals(member.getDeclaringClass().getPackageName())) {
        return inclusion.withValueInclusion(JsonInclude.Include.NON_NULL);
      }
      return inclusion;
    }
  }
}

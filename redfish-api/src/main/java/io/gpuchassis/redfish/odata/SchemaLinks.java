package io.gpuchassis.redfish.odata;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The JSON schema that describes a resource, as its {@code Link: <...>; rel=describedby} header
 * names it.
 */
public final class SchemaLinks {

  /** Where DMTF publishes its JSON schemas. */
  public static final String DMTF_SCHEMAS = "http://redfish.dmtf.org/schemas/v1/";

  /**
   * {@code #Chassis.v1_28_0.Chassis} or {@code #ChassisCollection.ChassisCollection}: namespace,
   * then type.
   */
  private static final Pattern ODATA_TYPE =
      Pattern.compile("^#([A-Za-z]\\w*(?:\\.v\\d+_\\d+_\\d+)?)\\.[A-Za-z]\\w*$");

  private SchemaLinks() {}

  /**
   * The namespace of {@code odataType}, the stem of its JSON schema file: {@code Chassis.v1_28_0}
   * for {@code #Chassis.v1_28_0.Chassis}; empty for anything that is not a type name.
   */
  public static Optional<String> namespace(String odataType) {
    Matcher m = ODATA_TYPE.matcher(odataType);
    return m.matches() ? Optional.of(m.group(1)) : Optional.empty();
  }

  /**
   * DMTF's published JSON schema for {@code odataType}, e.g. {@code
   * http://redfish.dmtf.org/schemas/v1/Chassis.v1_28_0.json}.
   */
  public static Optional<String> dmtf(String odataType) {
    return namespace(odataType).map(n -> DMTF_SCHEMAS + n + ".json");
  }
}

package io.gpuchassis.redfish.odata;

import java.util.Optional;

/**
 * A DMTF schema the service emits: its name (the CSDL file stem and unversioned namespace, e.g.
 * {@code Chassis}) and, for versioned resources, the version served ({@code v1_28_0}). Collections
 * and other unversioned schemas have none.
 */
public record ServedSchema(String name, Optional<String> version) {

  public static ServedSchema versioned(String name, String version) {
    return new ServedSchema(name, Optional.of(version));
  }

  public static ServedSchema unversioned(String name) {
    return new ServedSchema(name, Optional.empty());
  }

  /**
   * The {@code @odata.type} of this schema's main entity, e.g. {@code #Chassis.v1_28_0.Chassis}.
   */
  public String odataType() {
    return "#" + name + version.map(v -> "." + v).orElse("") + "." + name;
  }

  /** The DMTF CSDL document that defines it. */
  public String csdlUri() {
    return "http://redfish.dmtf.org/schemas/v1/" + name + "_v1.xml";
  }

  /**
   * The versioned namespace ({@code Chassis.v1_28_0}), or the plain name for unversioned schemas.
   */
  public String namespace() {
    return name + version.map(v -> "." + v).orElse("");
  }
}

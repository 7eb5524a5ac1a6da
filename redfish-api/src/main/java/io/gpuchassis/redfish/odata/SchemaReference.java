package io.gpuchassis.redfish.odata;

import java.util.List;

/**
 * A CSDL document $metadata references besides the DMTF ones, such as a service's own OEM schema
 * hosted at {@code /redfish/v1/Schemas/Name_v1.xml}, and the namespaces it includes from it.
 */
public record SchemaReference(String uri, List<String> namespaces) {

  public SchemaReference {
    if (namespaces.isEmpty()) {
      throw new IllegalArgumentException(
          "a reference to " + uri + " includes at least one namespace");
    }
    namespaces = List.copyOf(namespaces);
  }
}

package io.gpuchassis.redfish.odata;

import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Renders {@code /redfish/v1/$metadata}: the OData CSDL document that references, for every schema
 * the service emits, the DMTF CSDL file and the namespaces used, and declares the service's entity
 * container.
 */
public final class MetadataDocument {

  private MetadataDocument() {}

  /**
   * @param schemas every schema whose types appear in responses
   * @param serviceRootVersion the served ServiceRoot version (its container is the service's)
   */
  public static String render(Collection<ServedSchema> schemas, String serviceRootVersion) {
    return render(schemas, serviceRootVersion, List.of());
  }

  /**
   * @param schemas every DMTF schema whose types appear in responses
   * @param serviceRootVersion the served ServiceRoot version (its container is the service's)
   * @param hosted the service's own CSDL documents (its OEM schemas), referenced after the DMTF
   *     ones
   */
  public static String render(
      Collection<ServedSchema> schemas,
      String serviceRootVersion,
      Collection<SchemaReference> hosted) {
    StringBuilder xml = new StringBuilder();
    xml.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    xml.append(
        "<edmx:Edmx xmlns:edmx=\"http://docs.oasis-open.org/odata/ns/edmx\" Version=\"4.0\">\n");
    Set<String> seen = new LinkedHashSet<>();
    schemas.stream()
        .sorted(Comparator.comparing(ServedSchema::name))
        .forEach(
            s -> {
              if (!seen.add(s.namespace())) {
                return;
              }
              xml.append("  <edmx:Reference Uri=\"").append(s.csdlUri()).append("\">\n");
              xml.append("    <edmx:Include Namespace=\"").append(s.name()).append("\"/>\n");
              s.version()
                  .ifPresent(
                      v ->
                          xml.append("    <edmx:Include Namespace=\"")
                              .append(s.namespace())
                              .append("\"/>\n"));
              xml.append("  </edmx:Reference>\n");
            });
    for (SchemaReference reference : hosted) {
      xml.append("  <edmx:Reference Uri=\"").append(reference.uri()).append("\">\n");
      reference
          .namespaces()
          .forEach(n -> xml.append("    <edmx:Include Namespace=\"").append(n).append("\"/>\n"));
      xml.append("  </edmx:Reference>\n");
    }
    xml.append(
        "  <edmx:Reference Uri=\"http://redfish.dmtf.org/schemas/v1/RedfishExtensions_v1.xml\">\n");
    xml.append("    <edmx:Include Namespace=\"RedfishExtensions.v1_0_0\" Alias=\"Redfish\"/>\n");
    xml.append("  </edmx:Reference>\n");
    xml.append("  <edmx:DataServices>\n");
    xml.append(
        "    <Schema xmlns=\"http://docs.oasis-open.org/odata/ns/edm\" Namespace=\"Service\">\n");
    xml.append("      <EntityContainer Name=\"Service\" Extends=\"ServiceRoot.")
        .append(serviceRootVersion)
        .append(".ServiceContainer\"/>\n");
    xml.append("    </Schema>\n");
    xml.append("  </edmx:DataServices>\n");
    xml.append("</edmx:Edmx>\n");
    return xml.toString();
  }
}

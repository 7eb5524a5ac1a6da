package io.gpuchassis.agent.redfish.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gpuchassis.agent.conformance.RedfishSchemaValidator;
import io.gpuchassis.agent.redfish.chassis.PCIeDeviceResource;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The agent's OEM schema: the CSDL is well-formed, references DMTF's namespaces the way DMTF's own
 * files do (and, with the DMTF files beside the project, every DMTF type and term it names exists
 * there), and the JSON schema defines the same types with the same properties. The code that emits
 * OEM objects names only types the schema defines.
 */
class OemSchemaTest {

  private static final String EDMX = "http://docs.oasis-open.org/odata/ns/edmx";
  private static final String EDM = "http://docs.oasis-open.org/odata/ns/edm";
  private static final String DMTF = "http://redfish.dmtf.org/schemas/v1/";
  private static final Map<String, String> JSON_TYPES =
      Map.of(
          "Edm.Boolean",
          "boolean",
          "Edm.String",
          "string",
          "Edm.Int64",
          "integer",
          "Edm.Decimal",
          "number",
          "Edm.DateTimeOffset",
          "string",
          "Edm.Duration",
          "string");

  private static Document csdl;
  private static JsonNode json;

  @BeforeAll
  static void read() throws Exception {
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setNamespaceAware(true);
    try (InputStream in = resource(OemSchema.CSDL_FILE)) {
      csdl = factory.newDocumentBuilder().parse(in);
    }
    try (InputStream in = resource(OemSchema.JSON_FILE)) {
      json = new ObjectMapper().readTree(in);
    }
  }

  @Test
  void csdl_is_an_edmx_document_with_both_namespaces() {
    Element root = csdl.getDocumentElement();
    assertEquals(EDMX, root.getNamespaceURI());
    assertEquals("Edmx", root.getLocalName());
    assertEquals("4.0", root.getAttribute("Version"));
    assertEquals(List.of(OemSchema.KEY, OemSchema.NAMESPACE), schemaNamespaces());
    assertEquals(
        schemaNamespaces(), OemSchemaFiles.reference().namespaces(), "what $metadata includes");
  }

  @Test
  void every_qualified_name_in_the_csdl_resolves_to_a_namespace_it_defines_or_includes() {
    Set<String> known = new TreeSet<>(schemaNamespaces());
    for (Element include : elements(csdl.getDocumentElement(), EDMX, "Include")) {
      known.add(include.getAttribute("Namespace"));
      if (include.hasAttribute("Alias")) {
        known.add(include.getAttribute("Alias"));
      }
    }
    List<String> unresolved = new ArrayList<>();
    for (String name : qualifiedNames()) {
      if (!name.startsWith("Edm.") && !known.contains(name.substring(0, name.lastIndexOf('.')))) {
        unresolved.add(name);
      }
    }
    assertEquals(
        List.of(), unresolved, "names from namespaces the CSDL neither defines nor includes");
    // DMTF's conventions: the Redfish vocabulary under its alias, OEM types derived from
    // Resource.OemObject.
    assertEquals(
        DMTF + "RedfishExtensions_v1.xml", referenceOf("RedfishExtensions.v1_0_0").orElseThrow());
    assertEquals("Redfish", includeOf("RedfishExtensions.v1_0_0").getAttribute("Alias"));
    assertEquals(DMTF + "Resource_v1.xml", referenceOf("Resource").orElseThrow());
  }

  @Test
  void every_dmtf_type_and_term_it_names_exists_in_the_dmtf_csdl() throws Exception {
    Path dir = dmtfCsdl();
    Map<String, Document> files = new HashMap<>();
    List<String> missing = new ArrayList<>();
    for (Element include : elements(csdl.getDocumentElement(), EDMX, "Include")) {
      String uri = ((Element) include.getParentNode()).getAttribute("Uri");
      if (uri.startsWith(DMTF)) {
        Document file =
            files.computeIfAbsent(uri, u -> parse(dir.resolve(u.substring(DMTF.length()))));
        if (!namespacesOf(file).contains(include.getAttribute("Namespace"))) {
          missing.add(uri + " defines no namespace " + include.getAttribute("Namespace"));
        }
      } else {
        // The OData vocabularies: at the same address DMTF's own files use.
        assertEquals(
            referenceIn(parse(dir.resolve("PCIeDevice_v1.xml")), include.getAttribute("Namespace")),
            Optional.of(uri),
            include.getAttribute("Namespace"));
      }
    }
    for (String name : qualifiedNames()) {
      String prefix = name.substring(0, name.lastIndexOf('.'));
      Element include = aliasOrNamespace(prefix);
      if (include == null
          || !((Element) include.getParentNode()).getAttribute("Uri").startsWith(DMTF)) {
        continue;
      }
      Document file = files.get(((Element) include.getParentNode()).getAttribute("Uri"));
      String namespace = include.getAttribute("Namespace");
      String local = name.substring(prefix.length() + 1);
      if (!definesName(file, namespace, local)) {
        missing.add(name + " (" + namespace + "." + local + ")");
      }
    }
    assertEquals(List.of(), missing);
  }

  @Test
  void json_schema_defines_the_csdl_types_with_the_same_properties() {
    Element versioned = schema(OemSchema.NAMESPACE);
    Set<String> csdlTypes = new TreeSet<>();
    for (Element type : elements(versioned, EDM, "ComplexType")) {
      String name = type.getAttribute("Name");
      csdlTypes.add(name);
      JsonNode definition = json.path("definitions").path(name);
      assertTrue(definition.isObject(), name + " missing in the JSON schema");
      assertFalse(definition.path("additionalProperties").asBoolean(true), name);
      Set<String> jsonProperties = new TreeSet<>();
      definition.path("properties").fieldNames().forEachRemaining(jsonProperties::add);
      boolean oemObject = "Resource.OemObject".equals(type.getAttribute("BaseType"));
      // An OEM object names its type (DSP0266); CSDL says that through the payload annotation, JSON
      // lists it.
      assertEquals(oemObject, jsonProperties.remove("@odata.type"), name + " @odata.type");
      assertEquals(
          oemObject, definition.path("required").toString().contains("\"@odata.type\""), name);
      Set<String> csdlProperties = new TreeSet<>();
      for (Element property : elements(type, EDM, "Property")) {
        String propertyName = property.getAttribute("Name");
        csdlProperties.add(propertyName);
        checkProperty(
            name + "." + propertyName, property, definition.path("properties").path(propertyName));
      }
      for (Element navigation : elements(type, EDM, "NavigationProperty")) {
        String propertyName = navigation.getAttribute("Name");
        csdlProperties.add(propertyName);
        checkNavigation(
            name + "." + propertyName,
            navigation,
            definition.path("properties").path(propertyName));
      }
      assertEquals(csdlProperties, jsonProperties, name + " properties");
    }
    for (Element type : elements(versioned, EDM, "EntityType")) {
      String name = type.getAttribute("Name");
      csdlTypes.add(name);
      checkResource(name, type, json.path("definitions").path(name));
    }
    for (Element type : elements(versioned, EDM, "EnumType")) {
      csdlTypes.add(type.getAttribute("Name"));
      List<String> members =
          elements(type, EDM, "Member").stream().map(m -> m.getAttribute("Name")).toList();
      List<String> values = new ArrayList<>();
      json.path("definitions")
          .path(type.getAttribute("Name"))
          .path("enum")
          .forEach(v -> values.add(v.asText()));
      assertEquals(members, values, type.getAttribute("Name"));
    }
    for (Element action : elements(schema(OemSchema.KEY), EDM, "Action")) {
      String name = action.getAttribute("Name");
      csdlTypes.add(name);
      JsonNode definition = json.path("definitions").path(name);
      assertEquals(Set.of("target", "title"), names(definition.path("properties")), name);
      List<Element> parameters = elements(action, EDM, "Parameter");
      String binding = parameters.get(0).getAttribute("Type");
      assertTrue(
          binding.endsWith(".OemActions")
              && includeOf(binding.substring(0, binding.lastIndexOf('.'))) != null,
          name + "'s binding parameter is the OemActions of a resource the schema includes");
      Set<String> csdlParameters = new TreeSet<>();
      parameters.stream().skip(1).forEach(p -> csdlParameters.add(p.getAttribute("Name")));
      assertEquals(csdlParameters, names(definition.path("parameters")), name + " parameters");
    }
    assertEquals(
        csdlTypes,
        names(json.path("definitions")),
        "the JSON schema defines what the CSDL defines");
    assertEquals("#" + OemSchema.NAMESPACE, json.path("title").asText());
    assertEquals(
        OemSchemaFiles.JSON_URI,
        json.path("$id").asText(),
        "the JSON schema's $id is where it is served");
  }

  @Test
  void the_code_emits_only_types_and_actions_the_schema_defines() {
    Element versioned = schema(OemSchema.NAMESPACE);
    for (String type :
        List.of(
            OemSchema.MANAGER,
            OemSchema.PCIE_DEVICE,
            OemSchema.SWITCH,
            OemSchema.PORT,
            OemSchema.COMPUTER_SYSTEM,
            OemSchema.SOFTWARE_INVENTORY,
            OemSchema.FABRIC,
            OemSchema.RESOURCE_BLOCK)) {
      assertTrue(
          elements(versioned, EDM, "ComplexType").stream()
              .anyMatch(t -> t.getAttribute("Name").equals(type)),
          type);
      Map<String, Object> oem = OemSchema.oem(type, Map.of());
      assertEquals(
          Map.of("@odata.type", "#GpuChassisAgent.v1_0_0." + type), oem.get("GpuChassisAgent"));
    }
    assertTrue(
        elements(schema(OemSchema.KEY), EDM, "Action").stream()
            .anyMatch(a -> a.getAttribute("Name").equals(OemSchema.CLEAR_OVER_TEMPERATURE_LATCH)));
    assertEquals(
        "#GpuChassisAgent.ClearOverTemperatureLatch",
        OemSchema.action(OemSchema.CLEAR_OVER_TEMPERATURE_LATCH));
    assertEquals(
        "/Actions/Oem/GpuChassisAgent.ClearOverTemperatureLatch", PCIeDeviceResource.CLEAR_LATCH);
    assertTrue(
        elements(schema(OemSchema.KEY), EDM, "Action").stream()
            .anyMatch(a -> a.getAttribute("Name").equals(OemSchema.HOST_REPORT)));
    assertEquals(
        "/Actions/Oem/GpuChassisAgent.HostReport", OemSchema.actionPath(OemSchema.HOST_REPORT));
    assertTrue(
        elements(versioned, EDM, "ComplexType").stream()
            .anyMatch(t -> t.getAttribute("Name").equals(OemSchema.SEEN_BY_HOST)));
  }

  /**
   * An OEM resource: the versioned entity type derives from the unversioned abstract one, which
   * derives from DMTF's Resource and names its URIs and capabilities; the JSON definition has the
   * same properties, plus the payload annotations and Resource's own, and the same URIs.
   */
  private static void checkResource(String name, Element type, JsonNode definition) {
    assertTrue(definition.isObject(), name + " missing in the JSON schema");
    assertEquals(OemSchema.KEY + "." + name, type.getAttribute("BaseType"), name);
    Element base =
        elements(schema(OemSchema.KEY), EDM, "EntityType").stream()
            .filter(t -> t.getAttribute("Name").equals(name))
            .findFirst()
            .orElseThrow(() -> new AssertionError("no abstract " + name + " in " + OemSchema.KEY));
    assertEquals("Resource.v1_0_0.Resource", base.getAttribute("BaseType"), name);
    assertEquals("true", base.getAttribute("Abstract"), name);
    List<String> uris = new ArrayList<>();
    for (Element annotation : elements(base, EDM, "Annotation")) {
      if (annotation.getAttribute("Term").equals("Redfish.Uris")) {
        elements(annotation, EDM, "String").forEach(u -> uris.add(u.getTextContent()));
      }
    }
    assertFalse(uris.isEmpty(), name + " names its URIs");
    List<String> jsonUris = new ArrayList<>();
    definition.path("uris").forEach(u -> jsonUris.add(u.asText()));
    assertEquals(uris, jsonUris, name + " uris");
    for (String capability : List.of("insertable", "updatable", "deletable")) {
      assertFalse(definition.path(capability).asBoolean(true), name + " " + capability);
    }
    assertFalse(definition.path("additionalProperties").asBoolean(true), name);
    assertEquals(
        Set.of("@odata.id", "@odata.type", "Id", "Name"),
        new TreeSet<>(
            java.util.stream.StreamSupport.stream(definition.path("required").spliterator(), false)
                .map(JsonNode::asText)
                .toList()),
        name + " required");
    Set<String> jsonProperties = names(definition.path("properties"));
    jsonProperties.removeAll(
        Set.of(
            "@odata.context",
            "@odata.etag",
            "@odata.id",
            "@odata.type",
            "Id",
            "Name",
            "Description",
            "Oem"));
    Set<String> csdlProperties = new TreeSet<>();
    for (Element property : elements(type, EDM, "Property")) {
      String propertyName = property.getAttribute("Name");
      csdlProperties.add(propertyName);
      checkProperty(
          name + "." + propertyName, property, definition.path("properties").path(propertyName));
    }
    assertEquals(csdlProperties, jsonProperties, name + " properties");
  }

  /**
   * A link: to a DMTF resource, the JSON schema refers to DMTF's unversioned definition; to one of
   * the agent's OEM resources, to a plain reference ({@code @odata.id}).
   */
  private static void checkNavigation(String what, Element navigation, JsonNode json) {
    String type = navigation.getAttribute("Type");
    boolean collection = type.startsWith("Collection(");
    String target = collection ? type.substring(11, type.length() - 1) : type;
    String ref =
        target.startsWith(OemSchema.KEY + ".")
            ? DMTF + "odata-v4.json#/definitions/idRef"
            : DMTF + target.split("\\.")[0] + ".json#/definitions/" + local(target);
    boolean nullable = !"false".equals(navigation.getAttribute("Nullable"));
    if (collection) {
      assertEquals("array", json.path("type").asText(), what);
      assertEquals(ref, json.at("/items/$ref").asText(), what);
    } else {
      assertEquals(
          ref, nullable ? json.at("/anyOf/0/$ref").asText() : json.path("$ref").asText(), what);
    }
    // An action parameter's link (a HostReport's resource block) is written, never read back
    assertTrue(
        json.path("readonly").asBoolean() || json.path("writeOnly").asBoolean(),
        what + " readonly, or writeOnly in an action's parameter");
  }

  /** Type, nullability and permission of one property agree between the two files. */
  private static void checkProperty(String what, Element property, JsonNode json) {
    String type = property.getAttribute("Type");
    boolean nullable = !"false".equals(property.getAttribute("Nullable"));
    if (type.startsWith("Collection(")) {
      assertEquals("array", json.path("type").asText(), what);
      String item = type.substring(11, type.length() - 1);
      if (item.startsWith("Edm.")) {
        // a list of primitive values: the items' JSON type
        assertNotNull(JSON_TYPES.get(item), what + ": " + item);
        assertEquals(JSON_TYPES.get(item), json.at("/items/type").asText(), what);
      } else {
        assertEquals("#/definitions/" + local(item), json.at("/items/$ref").asText(), what);
      }
      return;
    }
    if (type.startsWith(OemSchema.NAMESPACE + ".")) {
      String ref = "#/definitions/" + local(type);
      assertEquals(
          ref, nullable ? json.at("/anyOf/0/$ref").asText() : json.path("$ref").asText(), what);
    } else {
      String jsonType = JSON_TYPES.get(type);
      assertNotNull(jsonType, what + ": " + type);
      assertEquals(
          nullable ? "[\"" + jsonType + "\",\"null\"]" : "\"" + jsonType + "\"",
          json.path("type").toString(),
          what);
    }
    String permission =
        elements(property, EDM, "Annotation").stream()
            .filter(a -> a.getAttribute("Term").equals("OData.Permissions"))
            .map(a -> a.getAttribute("EnumMember"))
            .findFirst()
            .orElse("");
    if (!permission.isEmpty()) {
      assertEquals(
          permission.endsWith("/Read"), json.path("readonly").asBoolean(), what + " readonly");
      assertEquals(
          permission.endsWith("/Write"), json.path("writeOnly").asBoolean(), what + " writeOnly");
    }
  }

  private static String local(String qualified) {
    return qualified.substring(qualified.lastIndexOf('.') + 1);
  }

  /** Every namespace-qualified type or term name the CSDL uses. */
  private static Set<String> qualifiedNames() {
    Set<String> names = new LinkedHashSet<>();
    NodeList all = csdl.getElementsByTagNameNS(EDM, "*");
    for (int i = 0; i < all.getLength(); i++) {
      Element e = (Element) all.item(i);
      for (String attribute : List.of("BaseType", "Type", "Term")) {
        String value = e.getAttribute(attribute).replaceAll("^Collection\\((.*)\\)$", "$1");
        if (!value.isEmpty()) {
          names.add(value);
        }
      }
      if (!e.getAttribute("EnumMember").isEmpty()) {
        // "OData.Permission/Read": the enum type OData.Permission
        names.add(e.getAttribute("EnumMember").split("/")[0]);
      }
    }
    return names;
  }

  private static boolean definesName(Document file, String namespace, String local) {
    for (Element schema : elements(file.getDocumentElement(), EDM, "Schema")) {
      if (schema.getAttribute("Namespace").equals(namespace)) {
        for (Element child : elements(schema, EDM, "*")) {
          if (child.getParentNode() == schema && child.getAttribute("Name").equals(local)) {
            return true;
          }
        }
      }
    }
    return false;
  }

  private static Element aliasOrNamespace(String prefix) {
    for (Element include : elements(csdl.getDocumentElement(), EDMX, "Include")) {
      if (include.getAttribute("Namespace").equals(prefix)
          || include.getAttribute("Alias").equals(prefix)) {
        return include;
      }
    }
    return null;
  }

  private static Element includeOf(String namespace) {
    return elements(csdl.getDocumentElement(), EDMX, "Include").stream()
        .filter(i -> i.getAttribute("Namespace").equals(namespace))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no edmx:Include of " + namespace));
  }

  private static Optional<String> referenceOf(String namespace) {
    return referenceIn(csdl, namespace);
  }

  private static Optional<String> referenceIn(Document document, String namespace) {
    return elements(document.getDocumentElement(), EDMX, "Include").stream()
        .filter(i -> i.getAttribute("Namespace").equals(namespace))
        .map(i -> ((Element) i.getParentNode()).getAttribute("Uri"))
        .findFirst();
  }

  private static List<String> schemaNamespaces() {
    return namespacesOf(csdl);
  }

  private static List<String> namespacesOf(Document document) {
    return elements(document.getDocumentElement(), EDM, "Schema").stream()
        .map(s -> s.getAttribute("Namespace"))
        .toList();
  }

  private static Element schema(String namespace) {
    return elements(csdl.getDocumentElement(), EDM, "Schema").stream()
        .filter(s -> s.getAttribute("Namespace").equals(namespace))
        .findFirst()
        .orElseThrow();
  }

  private static List<Element> elements(Element parent, String ns, String name) {
    NodeList list = parent.getElementsByTagNameNS(ns, name);
    List<Element> out = new ArrayList<>();
    for (int i = 0; i < list.getLength(); i++) {
      out.add((Element) list.item(i));
    }
    return out;
  }

  private static Set<String> names(JsonNode object) {
    Set<String> names = new TreeSet<>();
    object.fieldNames().forEachRemaining(names::add);
    return names;
  }

  private static InputStream resource(String file) {
    InputStream in = OemSchemaTest.class.getResourceAsStream(OemSchema.RESOURCE_DIR + file);
    assertNotNull(in, file + " on the class path");
    return in;
  }

  private static Document parse(Path file) {
    try {
      DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
      factory.setNamespaceAware(true);
      return factory.newDocumentBuilder().parse(file.toFile());
    } catch (Exception e) {
      throw new AssertionError("cannot read DMTF CSDL " + file, e);
    }
  }

  /**
   * The DMTF CSDL folder beside the project: required in CI, else the test is skipped with one loud
   * line.
   */
  private static Path dmtfCsdl() {
    Optional<Path> dir =
        RedfishSchemaValidator.locate()
            .map(v -> v.schemaDir().resolveSibling("csdl"))
            .filter(Files::isDirectory);
    if (dir.isEmpty() && System.getenv("CI") != null) {
      fail("the DMTF CSDL folder (shared/redfish/csdl) is missing; CI provides it");
    }
    Assumptions.assumeTrue(
        dir.isPresent(),
        "DMTF CSDL folder (shared/redfish/csdl) not found: DMTF references unchecked");
    return dir.orElseThrow();
  }
}

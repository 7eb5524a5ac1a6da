package io.gpuchassis.agent.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.AbsoluteIri;
import com.networknt.schema.AnnotationKeyword;
import com.networknt.schema.JsonMetaSchema;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaException;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.ValidationMessage;
import com.networknt.schema.resource.DisallowSchemaLoader;
import com.networknt.schema.resource.InputStreamSource;
import com.networknt.schema.resource.SchemaLoader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Validates Redfish resource bodies against the DMTF JSON schemas, read from a local folder.
 *
 * <p>Nothing is fetched: the schemas' {@code http://redfish.dmtf.org/schemas/v1/} prefix is served
 * from the folder, and every other URL is refused. The DMTF meta-schema is treated as draft-07
 * whose extra keywords ({@code readonly}, {@code longDescription}, ...) are plain annotations.
 *
 * <p>The folder may hold only the newest version of each schema (the unversioned files still list
 * every version in an {@code anyOf}), and Swordfish schemas are not shipped with Redfish. So each
 * file is adjusted when loaded: {@code anyOf} branches that point at absent files are dropped, and
 * any other {@code $ref} to an absent file accepts anything. Thread-safe; compiled schemas are
 * cached.
 *
 * <p>OEM extensions are validated too, the way the DMTF validator does it: every object under an
 * {@code Oem} property must name its type with {@code @odata.type} and is validated against that
 * definition, in a DMTF file or in one of the project's own OEM schemas ({@link #OEM_SCHEMAS}, read
 * from the class path where the agent serves them from); every OEM action ({@code
 * Actions.Oem."#Namespace.Name"}) must be defined by one of those OEM schemas.
 */
public final class RedfishSchemaValidator {

  static final String SCHEMA_DIR_PROPERTY = "redfish.schema.dir";
  static final String DMTF_PREFIX = "http://redfish.dmtf.org/schemas/v1/";
  private static final String META_SCHEMA = DMTF_PREFIX + "redfish-schema-v1.json";

  /** idRef lives in odata.v4_0_x.json, reached through odata-v4.json. */
  private static final String ID_REF = "#/definitions/idRef/";

  /** An evaluation path that ends in an anyOf branch, e.g. ".../items/$ref/anyOf/0". */
  private static final Pattern ANYOF_BRANCH = Pattern.compile("/anyOf/\\d+$");

  private static final Path RELATIVE_DIR = Path.of("shared", "redfish", "json-schema");

  /**
   * "#Chassis.v1_28_0.Chassis" or "#ChassisCollection.ChassisCollection": file stem, then
   * definition.
   */
  private static final Pattern ODATA_TYPE =
      Pattern.compile("^#([A-Za-z_]\\w*(?:\\.v\\d+_\\d+_\\d+)?)\\.([A-Za-z_]\\w*)$");

  /** The project's OEM JSON schemas, on the class path below {@link #OEM_RESOURCES}. */
  static final List<String> OEM_SCHEMAS = List.of("GpuChassisAgent.v1_0_0.json");

  static final String OEM_RESOURCES = "/redfish/schemas/";

  /**
   * Where an OEM schema is loaded from: the URI the agent serves it at, on a host that cannot exist
   * (RFC 2606), so the file's relative {@code $id} resolves to the same place and nothing is ever
   * fetched.
   */
  static final String OEM_PREFIX = "https://agent.invalid/redfish/v1/JsonSchemas/";

  /** An OEM action key: "#GpuChassisAgent.ClearOverTemperatureLatch". */
  private static final Pattern OEM_ACTION = Pattern.compile("^#([A-Za-z_]\\w*)\\.([A-Za-z_]\\w*)$");

  private final Path dir;
  private final ObjectMapper mapper = new ObjectMapper();
  private final JsonSchemaFactory factory;
  private final SchemaValidatorsConfig config;

  /** Keyed by "File.json#/definitions/Name"; the factory itself also caches each loaded file. */
  private final Map<String, JsonSchema> compiled = new ConcurrentHashMap<>();

  public RedfishSchemaValidator(Path jsonSchemaDir) {
    this.dir = jsonSchemaDir.toAbsolutePath().normalize();
    this.factory =
        JsonSchemaFactory.builder()
            .defaultMetaSchemaIri(META_SCHEMA)
            .metaSchema(JsonMetaSchema.getV7())
            .metaSchema(redfishMetaSchema())
            // our loader first; anything it does not serve is refused instead of fetched
            .schemaLoaders(
                loaders -> loaders.add(new LocalLoader()).add(DisallowSchemaLoader.getInstance()))
            .build();
    this.config =
        SchemaValidatorsConfig.builder()
            // load $refs lazily: a crawl touches a few dozen of the ~450 files
            .preloadJsonSchema(false)
            .build();
  }

  /**
   * Finds the DMTF json-schema folder: system property {@code redfish.schema.dir} if set, else
   * walks up from the working directory looking for {@code shared/redfish/json-schema} (and {@code
   * ../shared/redfish/json-schema}). Empty when absent.
   */
  public static Optional<RedfishSchemaValidator> locate() {
    return findSchemaDir().map(RedfishSchemaValidator::new);
  }

  static Optional<Path> findSchemaDir() {
    String configured = System.getProperty(SCHEMA_DIR_PROPERTY);
    if (configured != null && !configured.isBlank()) {
      Path p = Path.of(configured);
      return Files.isDirectory(p) ? Optional.of(p) : Optional.empty();
    }
    for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
      for (Path candidate :
          List.of(d.resolve(RELATIVE_DIR), d.resolve("..").resolve(RELATIVE_DIR))) {
        if (Files.isDirectory(candidate)) {
          return Optional.of(candidate.normalize());
        }
      }
    }
    return Optional.empty();
  }

  public Path schemaDir() {
    return dir;
  }

  /**
   * Validates one Redfish resource body against the schema its "@odata.type" names (e.g.
   * "#Chassis.v1_28_0.Chassis" → file Chassis.v1_28_0.json, definition Chassis). Returns
   * human-readable error strings, empty when valid. A body without @odata.type, or naming a schema
   * file that does not exist, is an error (returned, not thrown).
   */
  public List<String> validate(JsonNode body) {
    List<String> errors = new ArrayList<>(validateTyped(body));
    if (body != null && body.isObject()) {
      for (OemObjects.Found oem : OemObjects.in(body)) {
        List<String> found = oem.action() ? validateOemAction(oem) : validateTyped(oem.value());
        found.forEach(e -> errors.add(oem.pointer() + ": " + e));
      }
    }
    return List.copyOf(errors);
  }

  /**
   * Validates one object against the definition its "@odata.type" names, in a DMTF or an OEM
   * schema.
   */
  private List<String> validateTyped(JsonNode body) {
    if (body == null || !body.isObject()) {
      return List.of("body is not a JSON object");
    }
    JsonNode type = body.get("@odata.type");
    if (type == null || !type.isTextual()) {
      return List.of("body has no \"@odata.type\" string, so no schema can be chosen");
    }
    Matcher m = ODATA_TYPE.matcher(type.asText());
    if (!m.matches()) {
      return List.of(
          "\"@odata.type\" '" + type.asText() + "' is not of the form #Namespace[.vX_Y_Z].Type");
    }
    String file = m.group(1) + ".json";
    String key;
    if (Files.isRegularFile(dir.resolve(file))) {
      key = DMTF_PREFIX + file + "#/definitions/" + m.group(2);
    } else if (OEM_SCHEMAS.contains(file)) {
      key = oemIri(file) + "#/definitions/" + m.group(2);
    } else {
      return List.of(
          "no schema file "
              + file
              + " for \"@odata.type\" '"
              + type.asText()
              + "' in "
              + dir
              + " or among the project's OEM schemas "
              + OEM_SCHEMAS);
    }
    return validateAgainst(key, body);
  }

  /**
   * An OEM action is checked against the definition of that name in an OEM schema of its namespace.
   */
  private List<String> validateOemAction(OemObjects.Found action) {
    Matcher m = OEM_ACTION.matcher(action.key());
    if (!m.matches()) {
      return List.of(
          "an OEM action's key is \"#Namespace.ActionName\", not '" + action.key() + "'");
    }
    for (String file : OEM_SCHEMAS) {
      if (file.startsWith(m.group(1) + ".v")
          && oemSchema(file).path("definitions").has(m.group(2))) {
        return validateAgainst(oemIri(file) + "#/definitions/" + m.group(2), action.value());
      }
    }
    return List.of("no OEM schema among " + OEM_SCHEMAS + " defines the action " + action.key());
  }

  private List<String> validateAgainst(String key, JsonNode body) {
    try {
      JsonSchema schema = compiled.computeIfAbsent(key, this::compile);
      return toStrings(schema.validate(body));
    } catch (JsonSchemaException | UncheckedIOException e) {
      // e.g. the definition named by @odata.type is missing from the file
      return List.of("cannot validate against " + key + ": " + e.getMessage());
    }
  }

  private JsonSchema compile(String iriAndPointer) {
    return factory.getSchema(SchemaLocation.of(iriAndPointer), config);
  }

  /**
   * "GpuChassisAgent.v1_0_0.json" is served at
   * .../JsonSchemas/GpuChassisAgent.v1_0_0/GpuChassisAgent.v1_0_0.json.
   */
  static String oemIri(String file) {
    return OEM_PREFIX + file.substring(0, file.length() - ".json".length()) + "/" + file;
  }

  /** One of the project's OEM schemas, parsed; fails loudly when the class path lacks it. */
  JsonNode oemSchema(String file) {
    try (var in = RedfishSchemaValidator.class.getResourceAsStream(OEM_RESOURCES + file)) {
      if (in == null) {
        throw new IllegalStateException(
            "OEM schema " + file + " is not on the class path at " + OEM_RESOURCES);
      }
      return mapper.readTree(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * "/Path/To/Value: problem" strings, without repeats. A failed anyOf reports every branch; in
   * Redfish the {@code idRef} branch ("only @odata.id allowed") and the {@code type: null} branch
   * of a nullable property are noise next to the real branch's errors, so they are dropped.
   */
  private static List<String> toStrings(Set<ValidationMessage> messages) {
    Set<String> all = new LinkedHashSet<>();
    Set<String> useful = new LinkedHashSet<>();
    for (ValidationMessage msg : messages) {
      String location = msg.getInstanceLocation().toString();
      String text = (location.isEmpty() ? "(root)" : location) + ": " + msg.getError();
      all.add(text);
      if (!isIdRefBranch(msg) && !isNullBranch(msg)) {
        useful.add(text);
      }
    }
    return List.copyOf(useful.isEmpty() ? all : useful);
  }

  /** An error inside {@code anyOf [{$ref: idRef}, ...]}; an idRef used on its own still reports. */
  private static boolean isIdRefBranch(ValidationMessage msg) {
    if (!msg.getSchemaLocation().toString().contains(ID_REF)) {
      return false;
    }
    String path = msg.getEvaluationPath().toString();
    int lastRef = path.lastIndexOf("/$ref/");
    return lastRef > 0 && ANYOF_BRANCH.matcher(path.substring(0, lastRef)).find();
  }

  /** "string found, null expected" from {@code anyOf [..., {type: null}]}. */
  private static boolean isNullBranch(ValidationMessage msg) {
    String path = msg.getEvaluationPath().toString();
    return path.endsWith("/type")
        && ANYOF_BRANCH.matcher(path.substring(0, path.length() - "/type".length())).find()
        && "null".equals(msg.getSchemaNode().asText());
  }

  /** Draft-07 under the DMTF meta-schema IRI, so the meta-schema itself is never loaded. */
  private static JsonMetaSchema redfishMetaSchema() {
    return JsonMetaSchema.builder(META_SCHEMA, JsonMetaSchema.getV7())
        // readonly, longDescription, enumDescriptions, units, ...: annotations, silently
        .unknownKeywordFactory((keyword, context) -> new AnnotationKeyword(keyword))
        .build();
  }

  /** Serves DMTF schema IRIs from the folder, adjusted for files the folder does not hold. */
  private final class LocalLoader implements SchemaLoader {
    @Override
    public InputStreamSource getSchema(AbsoluteIri iri) {
      String oem =
          iri.toString().startsWith(OEM_PREFIX) ? iri.toString().replaceAll("#.*$", "") : null;
      if (oem != null) {
        String name = oem.substring(oem.lastIndexOf('/') + 1);
        if (!OEM_SCHEMAS.contains(name) || !oem.equals(oemIri(name))) {
          return null;
        }
        byte[] bytes;
        try {
          bytes = mapper.writeValueAsBytes(oemSchema(name));
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
        return () -> new ByteArrayInputStream(bytes);
      }
      Path file = localFile(iri.toString());
      if (file == null) {
        return null;
      }
      byte[] bytes = adjustedBytes(file);
      return () -> new ByteArrayInputStream(bytes);
    }
  }

  /** The local file for a DMTF schema IRI (fragment ignored), or null when not local or absent. */
  private Path localFile(String iri) {
    if (!iri.startsWith(DMTF_PREFIX)) {
      return null;
    }
    int hash = iri.indexOf('#');
    String name = iri.substring(DMTF_PREFIX.length(), hash < 0 ? iri.length() : hash);
    if (name.isEmpty() || name.contains("/")) {
      return null;
    }
    Path file = dir.resolve(name);
    return Files.isRegularFile(file) ? file : null;
  }

  private byte[] adjustedBytes(Path file) {
    try {
      JsonNode root = mapper.readTree(file.toFile());
      dropUnresolvableRefs(root);
      return mapper.writeValueAsBytes(root);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read schema " + file, e);
    }
  }

  /** Walks a schema tree, pruning anyOf branches and $refs that point outside the local folder. */
  private void dropUnresolvableRefs(JsonNode node) {
    if (node instanceof ObjectNode obj) {
      if (obj.get("anyOf") instanceof ArrayNode anyOf) {
        anyOf.removeIf(this::isUnresolvableRef);
        if (anyOf.isEmpty()) {
          obj.remove("anyOf");
        }
      }
      if (isUnresolvableRef(obj)) {
        // e.g. a Swordfish type: accept anything rather than fail on a file we do not have
        obj.remove("$ref");
      }
    }
    for (Iterator<JsonNode> it = node.elements(); it.hasNext(); ) {
      dropUnresolvableRefs(it.next());
    }
  }

  private boolean isUnresolvableRef(JsonNode node) {
    JsonNode ref = node.get("$ref");
    if (ref == null || !ref.isTextual() || ref.asText().startsWith("#")) {
      return false;
    }
    return localFile(ref.asText()) == null;
  }
}

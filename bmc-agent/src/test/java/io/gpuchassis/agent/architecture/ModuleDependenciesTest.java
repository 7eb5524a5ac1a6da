package io.gpuchassis.agent.architecture;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.type;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.gpuchassis.agent.platform.PlatformAssembly;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Module dependencies point one way (DESIGN.md §2): the hardware modules and redfish-api know
 * nothing of ours, bmc-agent uses them all, packaging uses bmc-agent. Checked twice: in the poms,
 * and in the compiled classes.
 */
class ModuleDependenciesTest {

  /** For each module, the modules of ours it may depend on. */
  private static final Map<String, Set<String>> ALLOWED =
      Map.of(
          "switch-driver", Set.of(),
          "sensor", Set.of(),
          "firmware", Set.of(),
          "redfish-api", Set.of(),
          // host-companion: in the agent's integration tests only (checked below)
          "bmc-agent",
              Set.of("switch-driver", "sensor", "firmware", "redfish-api", "host-companion"),
          "packaging", Set.of("bmc-agent"),
          "packaging/host-companion", Set.of());

  private static final Map<String, String> PACKAGE_OF_MODULE =
      Map.of(
          "switch-driver", "io.gpuchassis.switchdrv..",
          "sensor", "io.gpuchassis.sensor..",
          "firmware", "io.gpuchassis.firmware..",
          "redfish-api", "io.gpuchassis.redfish..",
          "bmc-agent", "io.gpuchassis.agent..",
          "packaging/host-companion", "io.gpuchassis.companion..");

  private static JavaClasses classes;

  @BeforeAll
  static void importClasses() {
    classes =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.gpuchassis");
  }

  @Test
  void poms_declare_only_allowed_module_dependencies() throws Exception {
    Path root = Path.of("").toAbsolutePath().getParent();
    for (var entry : ALLOWED.entrySet()) {
      Path pom = root.resolve(entry.getKey()).resolve("pom.xml");
      assertTrue(Files.isRegularFile(pom), "missing " + pom);
      Set<String> declared = ourDependencies(pom);
      Set<String> forbidden = new TreeSet<>(declared);
      forbidden.removeAll(entry.getValue());
      assertEquals(Set.of(), forbidden, entry.getKey() + " depends on modules it must not use");
    }
  }

  @Test
  void the_agent_uses_the_host_companion_in_its_tests_only() throws Exception {
    var factory = DocumentBuilderFactory.newInstance();
    factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    Path pom = Path.of("").toAbsolutePath().getParent().resolve("bmc-agent/pom.xml");
    NodeList deps =
        factory.newDocumentBuilder().parse(pom.toFile()).getElementsByTagName("dependency");
    for (int i = 0; i < deps.getLength(); i++) {
      Element dep = (Element) deps.item(i);
      if (text(dep, "artifactId").equals("host-companion")) {
        assertEquals("test", text(dep, "scope"), "the agent runs without the host companion");
      }
    }
  }

  @Test
  void the_host_companion_and_the_agent_know_nothing_of_each_other() {
    noClasses()
        .that()
        .resideInAPackage("io.gpuchassis.companion..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "io.gpuchassis.agent..",
            "io.gpuchassis.redfish..",
            "io.gpuchassis.switchdrv..",
            "io.gpuchassis.sensor..",
            "io.gpuchassis.firmware..")
        .because("the companion runs on the hosts, a jar of its own")
        .check(classes);
    noClasses()
        .that()
        .resideInAPackage("io.gpuchassis.agent..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("io.gpuchassis.companion..")
        .because("the agent talks to the companion over Redfish only")
        .check(classes);
  }

  @Test
  void hardware_and_redfish_modules_use_no_other_module_of_ours() {
    for (String module : Set.of("switch-driver", "sensor", "firmware", "redfish-api")) {
      String own = PACKAGE_OF_MODULE.get(module);
      String[] others =
          PACKAGE_OF_MODULE.values().stream().filter(p -> !p.equals(own)).toArray(String[]::new);
      noClasses()
          .that()
          .resideInAPackage(own)
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(others)
          .because(module + " must stand alone (DESIGN.md §2)")
          .allowEmptyShould(true)
          .check(classes);
    }
  }

  @Test
  void only_the_platform_assembly_knows_the_simulation() {
    noClasses()
        .that()
        .resideOutsideOfPackage("..sim..")
        .and()
        .doNotHaveFullyQualifiedName("io.gpuchassis.agent.platform.PlatformAssembly")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("..sim..")
        .because(
            "real or simulated hardware is chosen in one place, behind the ChassisPlatform seam (DESIGN.md §3)")
        .check(classes);
  }

  @Test
  void the_agents_packages_have_no_cycles() {
    slices()
        .matching("io.gpuchassis.agent.(*)..")
        .should()
        .beFreeOfCycles()
        // The one place that chooses real or simulated hardware (checked above); the simulation
        // implements the
        // platform's seam, so this arrow is the one way back.
        .ignoreDependency(
            type(PlatformAssembly.class), resideInAPackage("io.gpuchassis.agent.sim.."))
        .because("a package builds on the ones below it, never on one that builds on it")
        .check(classes);
  }

  @Test
  void the_redfish_services_have_no_cycles() {
    slices()
        .matching("io.gpuchassis.agent.redfish.(*)..")
        .should()
        .beFreeOfCycles()
        .because(
            "each Redfish service's package builds on the shared core, not on a service that builds on it")
        .check(classes);
  }

  @Test
  void uris_are_a_leaf() {
    noClasses()
        .that()
        .resideInAPackage("io.gpuchassis.agent.uri..")
        .should()
        .dependOnClassesThat(
            resideInAPackage("io.gpuchassis.agent..")
                .and(resideOutsideOfPackage("io.gpuchassis.agent.uri..")))
        .because("every package may build URIs, so the URIs depend on none of them")
        .check(classes);
  }

  private static Set<String> ourDependencies(Path pom) throws Exception {
    var factory = DocumentBuilderFactory.newInstance();
    factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    var doc = factory.newDocumentBuilder().parse(pom.toFile());
    Set<String> ours = new TreeSet<>();
    NodeList deps = doc.getElementsByTagName("dependency");
    for (int i = 0; i < deps.getLength(); i++) {
      Element dep = (Element) deps.item(i);
      boolean inManagement =
          dep.getParentNode().getParentNode().getNodeName().equals("dependencyManagement");
      String group = text(dep, "groupId");
      if (!inManagement && group.equals("io.gpuchassis")) {
        ours.add(text(dep, "artifactId"));
      }
    }
    return ours;
  }

  private static String text(Element parent, String tag) {
    NodeList nodes = parent.getElementsByTagName(tag);
    return nodes.getLength() == 0 ? "" : nodes.item(0).getTextContent().trim();
  }
}

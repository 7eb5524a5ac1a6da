package io.gpuchassis.agent.it;

import static io.gpuchassis.agent.it.AgentClient.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The web page in Debian's chromium, driven by Selenium over the agent's real HTTPS: signing in,
 * the map of the 20 slots, a composition made in the page as Redfish then shows it, a fault turning
 * its slot red, and a ReadOnly user offered no action. Screenshots are kept in {@code
 * target/screenshots}.
 */
class WebPageIT {

  static final Path CHROMIUM = Path.of("/usr/bin/chromium");
  static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
  static final Path SCREENSHOTS = Path.of("target", "screenshots");

  @TempDir static Path stateDir;
  static TestAgent agent;
  static ChromeDriver browser;
  static String origin;

  @BeforeAll
  static void start() throws Exception {
    boolean present = Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER);
    if (!present && System.getenv("CI") != null) {
      fail(
          "chromium and chromium-driver are missing: the test command's set-up (.ci/setup) installs them");
    }
    Assumptions.assumeTrue(
        present, "chromium or chromium-driver is not installed: run .ci/setup; skipped");
    agent = TestAgent.start(stateDir);
    origin = "https://127.0.0.1:" + agent.agent.port();
    ChromeOptions options = new ChromeOptions();
    options.setBinary(CHROMIUM.toFile());
    options.setAcceptInsecureCerts(true); // the agent's own self-signed certificate
    options.addArguments(
        "--headless=new",
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--disable-gpu",
        "--window-size=1500,1100",
        "--user-data-dir=" + stateDir.resolve("chromium"));
    ChromeDriverService service =
        new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile()).build();
    browser = new ChromeDriver(service, options);
    Files.createDirectories(SCREENSHOTS);
  }

  @AfterAll
  static void stop() {
    if (browser != null) {
      browser.quit();
    }
    if (agent != null) {
      agent.close();
    }
  }

  @AfterEach
  void screenshot(TestInfo test) throws Exception {
    if (browser != null) {
      Files.write(
          SCREENSHOTS.resolve(test.getTestMethod().orElseThrow().getName() + ".png"),
          browser.getScreenshotAs(OutputType.BYTES));
    }
  }

  /** A wait that reads the page again on each look: the map is redrawn as events arrive. */
  static WebDriverWait within(Duration d) {
    WebDriverWait wait = new WebDriverWait(browser, d, Duration.ofMillis(100));
    wait.ignoring(org.openqa.selenium.StaleElementReferenceException.class);
    return wait;
  }

  /** Opens {@code /}, signs in, and waits for the map of the 20 slots with its stream live. */
  static void signIn(String user, String password) {
    browser.manage().deleteAllCookies();
    browser.get(origin + "/");
    within(Duration.ofSeconds(20)).until(b -> b.findElement(By.id("login-form")).isDisplayed());
    browser.findElement(By.id("username")).sendKeys(user);
    browser.findElement(By.id("password")).sendKeys(password);
    browser.findElement(By.id("login-button")).click();
    within(Duration.ofSeconds(30))
        .until(b -> b.findElements(By.cssSelector("#slots article.slot")).size() == 20);
    within(Duration.ofSeconds(20))
        .until(
            b -> "live".equals(b.findElement(By.id("stream-status")).getAttribute("data-state")));
  }

  static WebElement slot(int n) {
    return browser.findElement(By.cssSelector("article.slot[data-slot='" + n + "']"));
  }

  @Test
  void signing_in_shows_the_twenty_slots_as_redfish_has_them() throws Exception {
    signIn("admin", TestAgent.ADMIN_PASSWORD);
    assertTrue(browser.getCurrentUrl().endsWith("/ui/"), browser.getCurrentUrl());
    JsonNode device =
        json(
            agent.client.get("/redfish/v1/Chassis/GPUChassis/PCIeDevices/Slot1", TestAgent.READER));
    assertTrue(slot(1).getText().contains(device.get("Model").asText()), slot(1).getText());
    assertEquals("OK", slot(1).getAttribute("data-health"));
    assertEquals(
        "Absent", slot(5).getAttribute("data-health"), "the reference board's slot 5 is empty");
    assertEquals("Live", browser.findElement(By.id("stream-status")).getText());
    Files.write(SCREENSHOTS.resolve("web-page.png"), browser.getScreenshotAs(OutputType.BYTES));
  }

  @Test
  void a_composition_made_in_the_page_shows_up_in_redfish() throws Exception {
    signIn("admin", TestAgent.ADMIN_PASSWORD);
    for (int n : List.of(1, 2)) {
      slot(n).findElement(By.cssSelector("input.pick")).click();
    }
    new org.openqa.selenium.support.ui.Select(browser.findElement(By.id("compose-host")))
        .selectByValue("Host1");
    browser.findElement(By.id("compose-button")).click();
    within(Duration.ofSeconds(30))
        .until(b -> slot(1).getText().contains("Host1") && slot(2).getText().contains("Host1"));
    JsonNode zone =
        json(agent.client.get("/redfish/v1/Fabrics/PCIe/Zones/Host1", TestAgent.READER));
    Set<String> endpoints = new HashSet<>();
    zone.at("/Links/Endpoints").forEach(e -> endpoints.add(e.get("@odata.id").asText()));
    assertTrue(
        endpoints.containsAll(
            List.of(
                "/redfish/v1/Fabrics/PCIe/Endpoints/GPU-Slot1",
                "/redfish/v1/Fabrics/PCIe/Endpoints/GPU-Slot2")),
        endpoints.toString());
  }

  @Test
  void an_injected_fault_turns_its_slot_red_within_two_seconds() throws Exception {
    signIn("admin", TestAgent.ADMIN_PASSWORD);
    assertEquals("OK", slot(13).getAttribute("data-health"));
    var faults = agent.agent.faults().orElseThrow();
    var fault = faults.inject("gpu-overtemp", "/redfish/v1/Chassis/GPUChassis/PCIeDevices/Slot13");
    try {
      within(Duration.ofSeconds(2))
          .until(b -> "Critical".equals(slot(13).getAttribute("data-health")));
    } finally {
      faults.clear(fault.id());
    }
  }

  @Test
  void a_switch_firmware_update_runs_from_the_page_with_its_progress() throws Exception {
    SignedBundles.awaitEverySwitchRead(agent);
    io.gpuchassis.switchdrv.FirmwareVersion version =
        io.gpuchassis.switchdrv.FirmwareVersion.parse("9.30 B051");
    Path bundle = stateDir.resolve("sw4.fwb");
    Files.write(bundle, SignedBundles.of(stateDir).image(version));
    signIn("admin", TestAgent.ADMIN_PASSWORD);
    new org.openqa.selenium.support.ui.Select(browser.findElement(By.id("firmware-target")))
        .selectByValue("SW4");
    browser.findElement(By.id("firmware-file")).sendKeys(bundle.toString());
    browser.findElement(By.id("firmware-button")).click();
    within(Duration.ofSeconds(120))
        .until(b -> b.findElement(By.id("firmware-state")).getText().startsWith("Completed"));
    assertEquals("100", browser.findElement(By.id("firmware-progress")).getAttribute("value"));
    JsonNode inventory =
        json(agent.client.get("/redfish/v1/UpdateService/FirmwareInventory/SW4", TestAgent.READER));
    assertTrue(
        inventory.toString().contains("9.30"),
        "the new version is staged or running: " + inventory);
  }

  @Test
  void a_read_only_user_is_offered_no_action() throws Exception {
    signIn("reader", TestAgent.READER_PASSWORD);
    assertEquals(
        List.of(),
        browser.findElements(By.cssSelector("button.action")).stream()
            .filter(WebElement::isDisplayed)
            .toList());
    assertEquals(List.of(), browser.findElements(By.cssSelector("input.pick")));
    assertFalse(browser.findElement(By.id("compose")).isDisplayed());
    assertTrue(browser.findElement(By.id("who")).getText().contains("reads only"));
  }
}

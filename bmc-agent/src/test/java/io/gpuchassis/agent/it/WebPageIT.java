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
    // the keyboard alone: Enter in the password field signs in
    browser.findElement(By.id("password")).sendKeys(password, org.openqa.selenium.Keys.ENTER);
    within(Duration.ofSeconds(30))
        .until(b -> b.findElements(By.cssSelector("#slots article.slot")).size() == 20);
    within(Duration.ofSeconds(20))
        .until(
            b -> "live".equals(b.findElement(By.id("stream-status")).getAttribute("data-state")));
  }

  /** Clicks {@code what} in slot {@code n}'s card, again if the map was redrawn under the click. */
  static void clickIn(int n, By what) {
    within(Duration.ofSeconds(10))
        .until(
            b -> {
              slot(n).findElement(what).click();
              return true;
            });
  }

  /**
   * Reads the page, again when a redraw (the event stream redraws slots as they change) replaced an
   * element between finding and reading it: by then the new one is in place.
   */
  static <T> T read(java.util.function.Supplier<T> what) {
    for (int attempt = 1; ; attempt++) {
      try {
        return what.get();
      } catch (org.openqa.selenium.StaleElementReferenceException e) {
        if (attempt == 20) {
          throw e;
        }
      }
    }
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
    String first = read(() -> slot(1).getText());
    assertTrue(first.contains(device.get("Model").asText()), first);
    assertEquals("OK", read(() -> slot(1).getAttribute("data-health")));
    assertEquals(
        "Absent",
        read(() -> slot(5).getAttribute("data-health")),
        "the reference board's slot 5 is empty");
    assertEquals("Live", browser.findElement(By.id("stream-status")).getText());
    Files.write(SCREENSHOTS.resolve("web-page.png"), browser.getScreenshotAs(OutputType.BYTES));
  }

  @Test
  void a_composition_made_in_the_page_shows_up_in_redfish() throws Exception {
    signIn("admin", TestAgent.ADMIN_PASSWORD);
    // slot 6 is on SW2: Host1 on SW1 reaches it over the link from SW1's port 7
    for (int n : List.of(1, 2, 6)) {
      clickIn(n, By.cssSelector("input.pick"));
    }
    new org.openqa.selenium.support.ui.Select(browser.findElement(By.id("compose-host")))
        .selectByValue("Host1");
    browser.findElement(By.id("compose-button")).click();
    within(Duration.ofSeconds(30))
        .until(b -> slot(1).getText().contains("Host1") && slot(2).getText().contains("Host1"));
    assertTrue(
        endpoints("Host1")
            .containsAll(
                List.of(
                    "/redfish/v1/Fabrics/PCIe/Endpoints/GPU-Slot1",
                    "/redfish/v1/Fabrics/PCIe/Endpoints/GPU-Slot2")),
        endpoints("Host1").toString());

    within(Duration.ofSeconds(30)).until(b -> slot(6).getText().contains("Host1"));
    assertEquals(
        "Host1",
        json(agent.client.get("/redfish/v1/Fabrics/PCIe/Switches/SW1/Ports/7", TestAgent.READER))
            .at("/Oem/GpuChassisAgent/CarriesHost")
            .asText());
    // the switch card names the link's holder once the page has redrawn
    java.util.regex.Pattern held =
        java.util.regex.Pattern.compile("to SW2 \\(port 7\\): x\\d+ Gen\\d, held by Host1");
    within(Duration.ofSeconds(10))
        .until(b -> held.matcher(b.findElement(By.id("switches")).getText()).find());

    // releasing takes the host's word first: ready to remove, then release
    assertTrue(
        read(() -> slot(1).findElements(By.xpath(".//button[text()='Release']")).isEmpty()),
        "no release before ready to remove");
    clickIn(1, By.xpath(".//button[text()='Ready to remove']"));
    within(Duration.ofSeconds(10))
        .until(b -> !slot(1).findElements(By.xpath(".//button[text()='Release']")).isEmpty());
    clickIn(1, By.xpath(".//button[text()='Release']"));
    within(Duration.ofSeconds(30)).until(b -> slot(1).getText().contains("free"));
    assertFalse(endpoints("Host1").contains("/redfish/v1/Fabrics/PCIe/Endpoints/GPU-Slot1"));
    assertTrue(endpoints("Host1").contains("/redfish/v1/Fabrics/PCIe/Endpoints/GPU-Slot2"));
  }

  static Set<String> endpoints(String host) throws Exception {
    JsonNode zone =
        json(agent.client.get("/redfish/v1/Fabrics/PCIe/Zones/" + host, TestAgent.READER));
    Set<String> endpoints = new HashSet<>();
    zone.at("/Links/Endpoints").forEach(e -> endpoints.add(e.get("@odata.id").asText()));
    return endpoints;
  }

  static Set<String> endpointsQuietly(String host) {
    try {
      return endpoints(host);
    } catch (Exception e) {
      return Set.of();
    }
  }

  // Each test works on its own part of the chassis, whatever their order: composing on SW1 and
  // SW2, choosing for Host5 on SW3, the fault in slot 13, the firmware on SW4 (no GPU bound there).
  @Test
  void the_chassis_chooses_peer_to_peer_gpus_reserves_them_and_applies() throws Exception {
    signIn("admin", TestAgent.ADMIN_PASSWORD);
    new org.openqa.selenium.support.ui.Select(browser.findElement(By.id("compose-host")))
        .selectByValue("Host5");
    WebElement count = browser.findElement(By.id("compose-count"));
    count.clear();
    count.sendKeys("2");
    browser.findElement(By.id("preview-button")).click();
    within(Duration.ofSeconds(10))
        .until(b -> b.findElement(By.id("preview")).getText().contains("reserved for you"));
    String preview = browser.findElement(By.id("preview")).getText();
    java.util.regex.Matcher chosen =
        java.util.regex.Pattern.compile("GPU-Slot(\\d+)").matcher(preview);
    List<String> slots = new java.util.ArrayList<>();
    while (chosen.find()) {
      slots.add("/redfish/v1/Fabrics/PCIe/Endpoints/GPU-Slot" + chosen.group(1));
    }
    assertEquals(2, slots.size(), preview);
    JsonNode reservations =
        json(
            agent.client.get(
                "/redfish/v1/CompositionService/CompositionReservations", TestAgent.ADMIN));
    assertEquals(1, reservations.get("Members@odata.count").asInt(), reservations.toString());
    browser.findElement(By.id("apply-button")).click();
    within(Duration.ofSeconds(30)).until(b -> endpointsQuietly("Host5").containsAll(slots));
  }

  @Test
  void a_dropped_stream_is_shown_and_comes_back() throws Exception {
    signIn("admin", TestAgent.ADMIN_PASSWORD);
    JsonNode subscriptions =
        json(
            agent.client.get(
                "/redfish/v1/EventService/Subscriptions?$expand=.($levels=1)", TestAgent.ADMIN));
    String stream = null;
    for (JsonNode d : subscriptions.get("Members")) {
      if ("SSE".equals(d.path("SubscriptionType").asText())) {
        stream = d.get("@odata.id").asText();
      }
    }
    assertTrue(stream != null, subscriptions.toString());
    // an administrator closes the page's stream: the page says so, then reconnects by itself
    assertEquals(204, agent.client.send("DELETE", stream, TestAgent.ADMIN, null).statusCode());
    within(Duration.ofSeconds(5))
        .until(
            b ->
                "reconnecting"
                    .equals(b.findElement(By.id("stream-status")).getAttribute("data-state")));
    assertTrue(
        browser.findElement(By.id("stream-status")).getText().contains("reconnecting"),
        browser.findElement(By.id("stream-status")).getText());
    within(Duration.ofSeconds(20))
        .until(
            b -> "live".equals(b.findElement(By.id("stream-status")).getAttribute("data-state")));
  }

  @Test
  void every_control_is_labelled_and_a_phone_needs_no_sideways_scrolling() throws Exception {
    signIn("admin", TestAgent.ADMIN_PASSWORD);
    Object unlabelled =
        browser.executeScript(
            "return [...document.querySelectorAll('input, select, button')]"
                + ".filter(e => !(e.labels && e.labels.length) && !e.getAttribute('aria-label')"
                + " && !e.textContent.trim()).map(e => e.outerHTML);");
    assertEquals(List.of(), unlabelled);
    browser.manage().window().setSize(new org.openqa.selenium.Dimension(390, 844));
    try {
      within(Duration.ofSeconds(5))
          .until(
              b ->
                  ((Number)
                              ((org.openqa.selenium.JavascriptExecutor) b)
                                  .executeScript("return window.innerWidth;"))
                          .intValue()
                      < 500);
      Object wider =
          browser.executeScript(
              "return [...document.querySelectorAll('body *')]"
                  + ".filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)"
                  + ".map(e => e.tagName + '#' + e.id + '.' + e.className).slice(0, 10);");
      assertEquals(List.of(), wider, "nothing reaches past a phone's screen");
      Files.write(SCREENSHOTS.resolve("phone.png"), browser.getScreenshotAs(OutputType.BYTES));
    } finally {
      browser.manage().window().setSize(new org.openqa.selenium.Dimension(1500, 1100));
    }
  }

  @Test
  void an_injected_fault_turns_its_slot_red_within_two_seconds() throws Exception {
    signIn("admin", TestAgent.ADMIN_PASSWORD);
    assertEquals("OK", read(() -> slot(13).getAttribute("data-health")));
    var faults = agent.agent.faults().orElseThrow();
    var fault = faults.inject("gpu-overtemp", "/redfish/v1/Chassis/GPUChassis/PCIeDevices/Slot13");
    try {
      within(Duration.ofSeconds(2))
          .until(b -> "Critical".equals(slot(13).getAttribute("data-health")));
      // the event log, filtered to Critical, shows why
      new org.openqa.selenium.support.ui.Select(browser.findElement(By.id("event-severity")))
          .selectByValue("Critical");
      within(Duration.ofSeconds(10))
          .until(
              b -> {
                List<WebElement> rows = b.findElements(By.cssSelector("#events tbody tr"));
                return !rows.isEmpty()
                    && rows.stream()
                        .allMatch(r -> "Critical".equals(r.getAttribute("data-severity")))
                    && rows.stream()
                        .anyMatch(r -> r.getText().matches("(?s).*(GPU ?13|Slot ?13).*"));
              });
    } finally {
      faults.clear(fault.id());
    }
  }

  @Test
  void locating_a_slot_lights_its_led_through_redfish() throws Exception {
    signIn("admin", TestAgent.ADMIN_PASSWORD);
    String device = "/redfish/v1/Chassis/GPUChassis/PCIeDevices/Slot3";
    assertFalse(
        json(agent.client.get(device, TestAgent.READER))
            .get("LocationIndicatorActive")
            .asBoolean());
    clickIn(3, By.xpath(".//button[text()='Locate']"));
    within(Duration.ofSeconds(10)).until(b -> slot(3).getText().contains("locating"));
    assertTrue(
        json(agent.client.get(device, TestAgent.READER))
            .get("LocationIndicatorActive")
            .asBoolean());
    clickIn(3, By.xpath(".//button[text()='Stop locating']"));
    within(Duration.ofSeconds(10)).until(b -> !slot(3).getText().contains("locating"));
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

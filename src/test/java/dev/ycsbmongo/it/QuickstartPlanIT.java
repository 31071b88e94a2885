package dev.ycsbmongo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's main command end to end: {@code scripts/orchestrator run workloads/plans/quickstart.yaml}.
 * Runs against the plan's own embedded test server ({@code uri: embedded}), not the extension's.
 */
class QuickstartPlanIT {

  /** The run phases' length here: the steady window (at least half of it, SteadyState) still passes 5 s. */
  static final int PHASE_SECONDS = 12;

  @Test
  void quickstartRunsEveryPhaseAndReportReproducesTheTables(@TempDir Path work) throws Exception {
    System.out.println("[it] QuickstartPlanIT runs against: the plan's own embedded test server (uri: embedded)");
    // The shipped plan with its stability limits off: whether throughput settles and its mean is known within 20 s on a
    // shared 2-core CI machine is the machine's property, not the pipeline's (BENCHMARKS.md measures the real
    // quickstart's verdicts and spread). So is how busy other work keeps its cores (acceptance.hostBusy: off;
    // HostBusyIT tests that rule). The minimums (1,000 operations, 5 s of steady window) still hold.
    // Its run phases last 12 s instead of up to 60, with no fixed ramp-up (the four phases were most of this
    // test's time, the slowest of the build): the steady window is cut no later than half-way past the
    // ramp-up (SteadyState), so it still lasts 7 s or more (7.0-11.1 s measured), over the 5 s minimum.
    Path shipped = ProjectRoot.find().resolve("workloads/plans/quickstart.yaml");
    String text = Files.readString(shipped, StandardCharsets.UTF_8).replace("../", shipped.getParent().getParent()
        + "/");
    assertTrue(text.contains("\nexecution:\n"), "the quickstart has an execution block");
    java.util.regex.Pattern phaseLength = java.util.regex.Pattern.compile("(?m)^  maxexecutiontime: 60\\b");
    assertTrue(phaseLength.matcher(text).find(), "the quickstart's run phases have a 60 s budget");
    // throttled to 4,000 operations a second (YCSB's target): flat out, the plan's client and its in-JVM server
    // took both cores for every run phase, slowing the class in the other failsafe JVM; what is checked here is
    // the pipeline, at any rate
    text = phaseLength.matcher(text).replaceFirst("  maxexecutiontime: " + PHASE_SECONDS + "\n  target: 4000");
    java.util.regex.Pattern rampUp = java.util.regex.Pattern.compile("(?m)^  rampUp: 2s\\b");
    assertTrue(rampUp.matcher(text).find(), "the quickstart has a 2 s ramp-up");
    text = rampUp.matcher(text).replaceFirst("  rampUp: 0s");
    // precision off too: whether an 18 s phase pins its mean down to ±10% on a busy machine is the machine's
    // property; PrecisionStopIT checks that a run stops once precise
    java.util.regex.Pattern precision = java.util.regex.Pattern.compile("(?m)^    precision: 10%.*$");
    assertTrue(precision.matcher(text).find(), "the quickstart asks for a precision of 10%");
    text = precision.matcher(text).replaceFirst("    precision: off\n    maxRise: off\n    hostBusy: off");
    Path plan = work.resolve("quickstart.yaml");
    Files.writeString(plan, text, StandardCharsets.UTF_8);
    Path results = work.resolve("results");
    LauncherRun run = Orchestrator.run(work, Map.of(), null, "run", plan.toString(), "-o", results.toString());
    assertEquals(0, run.exitCode, run.diagnostics());

    Path runDir = Orchestrator.onlyRunDir(results);
    List<String> lines = Orchestrator.resultLines(runDir);
    assertEquals(5, lines.size(), "1 load + 2 scenarios x 2 thread counts\n" + String.join("\n", lines));
    ObjectMapper json = new ObjectMapper();
    for (String line : lines) {
      JsonNode r = json.readTree(line);
      assertEquals("SUCCEEDED", r.get("status").asText(), line);
      assertTrue(r.get("server").get("embedded").asBoolean(), line);
      if (r.get("kind").asText().equals("RUN")) {
        assertTrue(r.get("throughputOpsPerSec").asDouble() > 0, line);
        assertTrue(r.get("full").get("operationStats").size() >= 2, line);
        // watched though not judged: what the client host did is in the record
        assertTrue(r.path("clientHostLoad").path("cores").asInt() > 0, line);
      }
    }
    String md = Files.readString(runDir.resolve("summary.md"), StandardCharsets.UTF_8);
    assertTrue(md.contains("embedded"), md);
    assertTrue(md.contains("\n## Client host\n"), md);
    assertTrue(run.stdout.contains("rw-95-5") && run.stdout.contains("rw-50-50"), run.stdout);
    for (String f : List.of("plan.yaml", "plan.source.yaml", "matrix.txt", "summary.csv", "run.json", "report.html",
        "comparison-threads-1-vs-8.md", "comparison-threads-1-vs-8.csv")) {
      assertTrue(Files.isRegularFile(runDir.resolve(f)), f);
    }
    List<String> promised = promisedFiles(Files.readString(shipped, StandardCharsets.UTF_8));
    assertTrue(promised.contains("comparison-threads-1-vs-8.md"), "the plan's comments name its files: " + promised);
    for (String f : promised) {
      assertTrue(Files.exists(runDir.resolve(f)), "quickstart.yaml's comments promise " + f + "; the run wrote "
          + String.join(", ", listing(runDir)));
    }

    byte[] csv = Files.readAllBytes(runDir.resolve("summary.csv"));
    byte[] mdBytes = Files.readAllBytes(runDir.resolve("summary.md"));
    String html = Files.readString(runDir.resolve("report.html"), StandardCharsets.UTF_8);
    assertTrue(html.contains("<h2>Comparison: threads=1 (A) vs 8 (B)</h2>"), "the plan's report.compare is in the page");
    long htmlBytes = Files.size(runDir.resolve("report.html"));
    System.out.println("[it] QuickstartPlanIT: report.html " + htmlBytes + " bytes");
    assertTrue(htmlBytes < 600 * 1024, "report.html is " + htmlBytes + " bytes, over 600 KB");
    assertEquals(List.of(), repeatedIds(html), "ids repeated in report.html");
    everyInlinedPngDecodes(html);
    String comparison = Files.readString(runDir.resolve("comparison-threads-1-vs-8.md"), StandardCharsets.UTF_8);
    Files.delete(runDir.resolve("comparison-threads-1-vs-8.md"));
    Files.delete(runDir.resolve("report.html"));
    Files.delete(runDir.resolve("summary.csv"));
    Files.delete(runDir.resolve("summary.md"));
    LauncherRun report = Orchestrator.run(work, Map.of(), null, "report", runDir.toString());
    assertEquals(0, report.exitCode, report.diagnostics());
    assertEquals(new String(csv, StandardCharsets.UTF_8), Files.readString(runDir.resolve("summary.csv")));
    assertEquals(new String(mdBytes, StandardCharsets.UTF_8), Files.readString(runDir.resolve("summary.md")));
    assertEquals(comparison, Files.readString(runDir.resolve("comparison-threads-1-vs-8.md"), StandardCharsets.UTF_8));
    assertEquals(html, Files.readString(runDir.resolve("report.html"), StandardCharsets.UTF_8),
        "report redraws report.html byte for byte");
    looksRightInABrowser(runDir.resolve("report.html"), work);
  }

  /** Opened in headless Chromium, the page has its sections and tables, every chart drawn, and is no blank screenshot. */
  private static void looksRightInABrowser(Path page, Path work) throws Exception {
    java.util.Optional<Path> chromium = HeadlessChromium.binary();
    if (chromium.isEmpty()) {
      System.out.println("[it] QuickstartPlanIT: no chromium on PATH, report.html not opened in a browser"
          + " (.ci/run installs Debian's chromium)");
      return;
    }
    String dom = HeadlessChromium.dom(chromium.get(), page, work);
    for (String id : List.of("environment", "tables", "commands", "plan")) {
      assertTrue(dom.contains("<section id=\"" + id + "\">"), id + " section in the rendered DOM");
    }
    assertTrue(dom.split("<table", -1).length - 1 >= 6, "the tables were parsed as tables");
    assertEquals(dom.split("<figure", -1).length - 1,
        dom.split("<figure[^>]*>\\s*(<svg|<img src=\"data:image/png;base64,)", -1).length - 1,
        "every figure holds a drawn chart: an SVG, or a PNG inlined where that is smaller");
    assertEquals(dom.split("<img", -1).length - 1, dom.split("<img src=\"data:image/png;base64,", -1).length - 1,
        "no image that could be broken: every one is an inlined PNG");
    java.awt.image.BufferedImage shot = HeadlessChromium.screenshot(chromium.get(), page, work, 1280, 2000);
    assertEquals(1280, shot.getWidth());
    assertTrue(HeadlessChromium.colours(shot) > 20, "a screenshot with text, tables and charts, not a blank page");
    System.out.println("[it] QuickstartPlanIT: report.html opened in " + chromium.get() + ": "
        + (dom.split("<table", -1).length - 1) + " tables, " + (dom.split("<figure", -1).length - 1) + " charts");
  }

  /** Every value of an id attribute that occurs more than once. */
  static List<String> repeatedIds(String html) {
    Map<String, Integer> count = new java.util.TreeMap<>();
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\sid=\"([^\"]*)\"").matcher(html);
    while (m.find()) {
      count.merge(m.group(1), 1, Integer::sum);
    }
    return count.entrySet().stream().filter(e -> e.getValue() > 1).map(Map.Entry::getKey).toList();
  }

  /** The PNG charts inlined as data URIs are whole images of the charts' size. */
  static void everyInlinedPngDecodes(String html) throws java.io.IOException {
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("<img src=\"data:image/png;base64,([^\"]+)\"")
        .matcher(html);
    while (m.find()) {
      java.awt.image.BufferedImage image = javax.imageio.ImageIO.read(new java.io.ByteArrayInputStream(
          java.util.Base64.getDecoder().decode(m.group(1))));
      assertEquals(960, image.getWidth(), "an inlined chart PNG");
    }
  }

  /**
   * The run files quickstart.yaml's comments name (lower-case names with a results extension, and
   * {@code charts/}); "X.md and .csv" names both. Project files (BENCHMARKS.md) are upper case.
   */
  static List<String> promisedFiles(String plan) {
    List<String> names = new java.util.ArrayList<>();
    java.util.regex.Pattern file = java.util.regex.Pattern.compile(
        "(?<![\\w/.-])([a-z][\\w.-]*)\\.(md|csv|html|jsonl|json|txt)(?: and \\.(md|csv))?\\b|(?<![\\w/.-])charts/");
    for (String line : plan.lines().toList()) {
      int hash = line.indexOf('#');
      if (hash < 0) {
        continue;
      }
      java.util.regex.Matcher m = file.matcher(line.substring(hash));
      while (m.find()) {
        if (m.group(1) == null) {
          names.add("charts");
          continue;
        }
        names.add(m.group(1) + "." + m.group(2));
        if (m.group(3) != null) {
          names.add(m.group(1) + "." + m.group(3));
        }
      }
    }
    return names;
  }

  static List<String> listing(Path dir) throws java.io.IOException {
    try (java.util.stream.Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }
}

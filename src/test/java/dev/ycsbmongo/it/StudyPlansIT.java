package dev.ycsbmongo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each of the five studies' shipped plans, scaled down ({@link ScaledPlan}) and run end to end on
 * embedded test servers (one per target: {@code uri: embedded}): every cell succeeds, every chart
 * the planner chose is drawn, every comparison the plan asks for pairs at least one pair of cells,
 * and the tables have the columns and grouping of the study's own tables. The replica-set study runs in its
 * {@code manual} mode, its prompts answered on stdin; with no replica set to read the setting back from, its
 * cells are marked unverified.
 *
 * <p>Counts are divided down to hundreds or a few thousand operations a phase (at least 100): what is checked is
 * the shape of the records, tables, comparisons and charts, which no count changes, while each phase's operations
 * were most of this class's time (the build's slowest), beside its 104 child JVM starts.
 */
class StudyPlansIT {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path work;

  @BeforeAll
  static void says() {
    System.out.println("[it] StudyPlansIT runs against: embedded test servers, one per target (uri: embedded),"
        + " not MongoDB");
  }

  /** Study 1: two sizes of ratio 1:2 and one of 1:4 in each storage family, the load and two mixes. */
  @Test
  void instanceSizes() throws Exception {
    Study s = run("instance-sizes.yaml", new ScaledPlan(
        List.of("disk-4c8g", "disk-8c16g", "disk-8c32g", "ssd-4c8g", "ssd-8c16g", "ssd-8c32g"),
        List.of("load", "rw-100-0", "rw-50-50"), 10_000, 8, List.of(), 1));
    assertEquals(18, s.records.size(), "6 targets x (load + 2 mixes)");
    // The document's result tables (000_*.txt, 性能比較): one per scenario and storage family, headed
    // "CPU: メモリ | インスタンスタイプ | recordcount (operationcount for the mixes) | スレッド | スループット | RAL | WAL",
    // the ratio printed on the first row of its group. Its figures are YCSB's whole run, named so in the headings.
    for (String storage : List.of("cloud disk", "local SSD")) {
      Table load = s.table("load", "scenario: load, storage: " + storage);
      assertEquals(List.of("CPU: メモリ", "インスタンスタイプ", "recordcount", "スレッド", "スループット, whole run",
          "RAL, whole run", "WAL, whole run"), load.header());
      assertEquals(List.of("1:2", "", "1:4"), load.column(0), "the ratio once per group, in the plan's order");
      for (String mix : List.of("rw-100-0", "rw-50-50")) {
        Table t = s.table("mixes", "scenario: " + mix + ", storage: " + storage);
        assertEquals(List.of("CPU: メモリ", "インスタンスタイプ", "operationcount", "スレッド", "スループット, whole run",
            "RAL, whole run", "WAL, whole run"), t.header());
        assertEquals(List.of("1:2", "", "1:4"), t.column(0));
        assertEquals(List.of("4コア、8 GB", "8コア、16 GB", "8コア、32 GB"), t.column(1));
        List<String> csv = s.lines("tables/mixes-" + mix + "-" + storage.replace(' ', '_') + ".csv");
        assertEquals("CPU: メモリ,インスタンスタイプ,operationcount,スレッド,\"スループット, whole run\",\"スループット, steady\","
            + "\"RAL, whole run\",\"RAL, steady\",\"WAL, whole run\",\"WAL, steady\"", csv.get(0),
            "a plain CSV beside each table, with both definitions of its figures");
        assertTrue(csv.get(2).startsWith("1:2,"), "the CSV repeats the group's ratio: " + csv);
      }
    }
    String comparison = s.file("comparison-storage-cloud_disk-vs-local_SSD.md");
    assertTrue(comparison.contains("ratio=1:2 across rw-100-0, rw-50-50"), "the range per ratio across the mixes:\n"
        + comparison);
    assertTrue(comparison.contains("→"), "the accepted thread difference shows both counts:\n" + comparison);
  }

  /** Study 2: three clouds, medium and large, threads 1, 2 and 8 (8x: a log-2 axis). */
  @Test
  void cloudComparison() throws Exception {
    Study s = run("cloud-comparison.yaml", new ScaledPlan(List.of(), List.of(), 10_000, 1,
        List.of(1, 2, 8), 1));
    assertEquals(36, s.measured().size(), "6 targets x 2 scenarios x 3 thread counts");
    // The document (001_*.txt) draws medium and large machines apart, a curve per cloud over threads.
    for (String size : List.of("medium", "large")) {
      for (String chart : List.of("throughput-vs-threads", "latency-vs-threads", "latency-vs-throughput")) {
        Path svg = s.dir.resolve("charts/" + chart + "-workload-a-run-size-" + size + ".svg");
        assertTrue(Files.isRegularFile(svg), "charts split by size: " + svg);
      }
      Table t = s.table("by-threads", "scenario: workload-a, configuration: " + size);
      assertEquals("threads", t.header().get(0));
      assertEquals(List.of("1", "2", "8"), t.column(0));
      assertEquals(7, t.header().size(), "threads, then throughput and write latency for each of three clouds: "
          + t.header());
    }
    // The machines differ in cores, RAM, disk and IOPS (report.describes): each pair shows both, none is matched.
    String azure = s.file("comparison-cloud-AWS-vs-Azure.md");
    assertTrue(azure.contains("| cores A → B |") && azure.contains("| 1 → 2 |"), "aws-medium (1 core) pairs with"
        + " azure-medium (2 cores):\n" + azure);
    assertFalse(azure.contains("no cell with cloud=Azure"), "every AWS cell has its Azure counterpart:\n" + azure);
  }

  /**
   * Study 3: three set sizes x chaining on/off x w:1/majority, applied by hand (the prompts answered); the
   * embedded servers cannot confirm it, so every figure and finding is marked unverified.
   */
  @Test
  void chainingWriteConcern() throws Exception {
    Study s = run("chaining-write-concern.yaml", new ScaledPlan(List.of(), List.of(), 10_000, 4, List.of(), 1));
    // asked once per change on each set (chaining on, then off), not once per cell: 3 sets x 2, not 12
    assertEquals(6, s.run.stderr.split("ACTION NEEDED", -1).length - 1, "manual mode asked once per change:\n"
        + s.run.stderr);
    // the embedded servers have no replica set: neither the setting nor the topology labels can be confirmed
    for (JsonNode r : s.records) {
      assertEquals("UNVERIFIED", r.get("serverSettings").get("verification").asText(), r.toString());
    }
    String comparison = s.file("comparison-server.chainingAllowed-true-vs-false.md");
    assertTrue(comparison.contains("\n- unverified: label members, label hidden, label voting, setting"
        + " settings.chainingAllowed were not confirmed on the server; Throughput: "), comparison);
    assertFalse(comparison.contains("\n- Throughput:"), "no finding without its mark:\n" + comparison);
    // The document's tables (002_*.txt, "Detail hasil pengujian"): per topology and writeConcern, the items
    // down the first column and chaining enabled / disabled across.
    for (String target : List.of("rs3", "rs7", "rs15")) {
      for (String w : List.of("1", "majority")) {
        Table t = s.table("chaining", "Topologi: " + target + ", writeConcern: " + w);
        assertEquals(List.of("Item", "Replikasi berantai diaktifkan", "Replikasi berantai dinonaktifkan"), t.header());
        assertEquals(List.of("Throughput, whole run (OPS)", "Pemanfaatan CPU (%)", "QPS",
            "RT rata-rata (server write, µs)", "client WAL, whole run (µs)"), t.column(0).subList(0, 5));
        assertTrue(t.rows().get(0).get(1).endsWith(" †"), "an unconfirmed cell's figure is marked: " + t.rows());
      }
    }
  }

  /** Study 4: the insert and one mix over three data scales, threads 1, 2 and 8. */
  @Test
  void dataScale() throws Exception {
    Study s = run("data-scale.yaml", new ScaledPlan(List.of(), List.of("S1-insert", "S3-r50-u50"), 100_000, 1,
        List.of(1, 2, 8), 1));
    assertEquals(18, s.measured().size(), "2 scenarios x 3 scales x 3 thread counts");
    // The document (003_*.txt) names the best thread count per data scale and scenario.
    for (String scenario : List.of("S1-insert", "S3-r50-u50")) {
      Table best = s.table("best-threads", "场景: " + scenario);
      assertEquals(List.of("数据量", "最佳线程数", "峰值吞吐率 (ops/s)", "knee (threads)"), best.header().subList(0, 4));
      assertEquals(List.of("100", "300", "1000"), best.column(0).stream().map(v -> v.replace(",", "")).toList());
      // the best, then the thread counts within the peak tolerance ("2 (1 within 15%)") and the incomplete mark
      best.column(1).forEach(v -> assertTrue(List.of("1", "2", "8").contains(v.split(" ")[0]),
          "a thread count of the sweep: " + v));
    }
    assertTrue(Files.isRegularFile(s.dir.resolve("summary-curves.csv")), "the curves' CSV");
  }

  /**
   * Study 5: every instance, to its limit and 10% past it, counts divided by 100; beside it the YCSB load and
   * 50/50 run (10M records and 8,000 threads divided by 100,000 and 100).
   */
  @Test
  void maxConnections() throws Exception {
    Study s = run("max-connections.yaml", new ScaledPlan(List.of(), List.of(), 100_000, 100, List.of(), 100));
    assertEquals(20, s.records.size(), "5 instances x (2 counts + a load + a run)");
    assertEquals(10, s.records.stream().filter(r -> r.get("kind").asText().equalsIgnoreCase("connections")).count());
    Table ycsb = s.table("ycsb-8000-threads", "Instance yang menggunakan: ESSD");
    assertEquals(3, ycsb.rows().size(), "one row per ESSD instance: " + ycsb.rows());
    for (JsonNode r : s.records) {
      if (r.get("kind").asText().equalsIgnoreCase("run")) {
        assertEquals("SUCCEEDED", r.get("status").asText(), r.toString());
      }
    }
    // The document (004_*.txt, "Hasil pengujian"): per storage, each instance's maximum connections, then its
    // connections, connection utilisation, CPU and memory.
    for (String storage : List.of("ESSD", "local SSD")) {
      Table t = s.table("max-connections", "Instance yang menggunakan: " + storage);
      assertEquals(List.of("Instance", "core", "memori", "Jumlah maksimum koneksi", "connections.count (asked)",
          "reached", "Koneksi", "Utilisasi koneksi (%)", "Utilisasi CPU (%)", "Penggunaan memori (MB)", "QPS",
          "Failures"), t.header().subList(0, 12));
      int accepted = t.header().indexOf("maksimum diterima (diukur)");
      int cause = t.header().indexOf("ditolak karena");
      assertTrue(accepted > 0 && cause > 0, "the measured maximum beside the typed limit: " + t.header());
      for (List<String> row : t.rows()) {
        assertEquals(row.get(4), row.get(5).replace(",", ""), "every connection asked for was reached on the embedded server: " + row);
        // the embedded server refuses none: what it accepted is a lower bound, said as one
        assertEquals("at least " + row.get(5), row.get(accepted), row.toString());
        assertEquals("none refused", row.get(cause), row.toString());
      }
    }
    assertTrue(s.file("summary.md").contains("to the primary"), "the connection table says the count went to the"
        + " primary");
  }

  /** A finished run of one scaled study plan. */
  private record Study(LauncherRun run, Path dir, List<JsonNode> records) {

    List<JsonNode> measured() {
      return records.stream().filter(r -> !r.get("phaseId").asText().contains("prepare")).toList();
    }

    String file(String name) throws IOException {
      return Files.readString(dir.resolve(name), StandardCharsets.UTF_8);
    }

    List<String> lines(String name) throws IOException {
      return Files.readAllLines(dir.resolve(name), StandardCharsets.UTF_8);
    }

    /** The Markdown table under {@code ## heading} of {@code tables/<name>.md}. */
    Table table(String name, String heading) throws IOException {
      String md = file("tables/" + name + ".md");
      int at = md.indexOf("\n## " + heading + "\n");
      assertTrue(at >= 0, "tables/" + name + ".md has a table headed '" + heading + "':\n" + md);
      List<List<String>> rows = md.substring(at + heading.length() + 5).lines().dropWhile(l -> !l.startsWith("|"))
          .takeWhile(l -> l.startsWith("|")).map(StudyPlansIT::cells).toList();
      return new Table(rows.get(0), rows.subList(2, rows.size()));
    }
  }

  /** A Markdown table: its header and its rows, cells trimmed. */
  private record Table(List<String> header, List<List<String>> rows) {
    List<String> column(int i) {
      return rows.stream().map(r -> r.get(i)).toList();
    }
  }

  private static List<String> cells(String line) {
    String inner = line.strip();
    inner = inner.substring(1, inner.length() - 1);
    return java.util.Arrays.stream(inner.split("(?<!\\\\)\\|", -1)).map(String::strip).toList();
  }

  private Study run(String planFile, ScaledPlan scale) throws Exception {
    Path shipped = ProjectRoot.find().resolve("workloads/plans").resolve(planFile);
    Path plan = scale.write(shipped, work);
    Path results = work.resolve("results");
    // Enough answers for every manual prompt a plan could ask.
    LauncherRun run = LauncherRun.run(work, Orchestrator.TIMEOUT, Map.of(), null, "\n".repeat(200),
        List.of(Orchestrator.launcher().toString(), "run", plan.toString(), "-o", results.toString(),
            "--progress", "plain"));
    assertEquals(0, run.exitCode, run.diagnostics());
    Path dir = Orchestrator.onlyRunDir(results);
    List<JsonNode> records = Orchestrator.resultLines(dir).stream().map(StudyPlansIT::json).toList();
    for (JsonNode r : records) {
      assertEquals("SUCCEEDED", r.get("status").asText(), r.toString());
    }
    Study s = new Study(run, dir, records);
    everyPlannedChartDrawn(s);
    everyComparisonPairs(s);
    System.out.println("[it] StudyPlansIT " + planFile + ": " + records.size() + " phases in "
        + run.elapsed.toSeconds() + " s, report.html " + Files.size(dir.resolve("report.html")) / 1024 + " KB");
    return s;
  }

  /** No chart-not-drawn warning anywhere, and every chart in report.html is one drawn into charts/. */
  private static void everyPlannedChartDrawn(Study s) throws IOException {
    assertFalse(s.run.stderr.contains("not drawn"), s.run.stderr);
    assertFalse(s.file("summary.md").contains("Charts not drawn"), "summary.md names no chart left out");
    Path charts = s.dir.resolve("charts");
    long drawn;
    try (Stream<Path> files = Files.list(charts)) {
      drawn = files.filter(p -> p.toString().endsWith(".svg")).count();
    }
    String html = s.file("report.html");
    // the per-second charts of all but a few phases are linked, not inlined (HtmlReport.PAGE_PHASES)
    assertEquals(drawn, html.split("<figure", -1).length - 1 + html.split("<li><a href=\"charts/", -1).length - 1,
        "report.html shows or links each drawn chart once");
  }

  /**
   * Each {@code report.compare} entry of the run's plan.yaml has its comparison CSV with at least one
   * pair (a row under the header): an empty comparison is a finding the study cannot state.
   */
  private static void everyComparisonPairs(Study s) throws IOException {
    JsonNode plan = new ObjectMapper(new com.fasterxml.jackson.dataformat.yaml.YAMLFactory())
        .readTree(s.file("plan.yaml"));
    for (JsonNode entry : plan.path("report").path("compare")) {
      String text = entry.isObject() ? entry.path("by").asText() : entry.asText();
      String base = dev.ycsbmongo.orchestrator.plan.CompareSpec.parse(text).fileBase();
      assertTrue(Files.isRegularFile(s.dir.resolve(base + ".csv")), "the comparison '" + text + "' was written: " + base);
      List<String> csv = s.lines(base + ".csv");
      assertTrue(csv.size() > 1, "'" + text + "' pairs at least one pair of cells; its Markdown:\n" + s.file(base + ".md"));
    }
  }

  private static JsonNode json(String line) {
    try {
      return JSON.readTree(line);
    } catch (IOException e) {
      throw new AssertionError("results.jsonl line is not JSON: " + line, e);
    }
  }
}

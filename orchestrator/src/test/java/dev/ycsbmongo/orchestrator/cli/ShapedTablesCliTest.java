package dev.ycsbmongo.orchestrator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.results.ResultFixtures;
import dev.ycsbmongo.orchestrator.results.ResultsWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code report RUN_DIR} re-renders the shaped tables of the run's plan.yaml, and the curves of its thread sweeps. */
class ShapedTablesCliTest {

  /** Two targets (cores 4 and 16) at 1 and 8 threads, and the plan.yaml the run would have kept. */
  private static Path run(Path parent, String tables) throws IOException {
    Path dir = Files.createDirectories(parent.resolve("study-20261122-101500"));
    try (ResultsWriter w = ResultsWriter.open(dir)) {
      w.append(ResultFixtures.load(1, "aws-medium", ResultFixtures.MONGO));
      w.append(ResultFixtures.run(2, "aws-medium", "rw-50-50", 1, 1, 300, 500, 100_000, 100_000, ResultFixtures.MONGO));
      w.append(ResultFixtures.run(3, "aws-medium", "rw-50-50", 8, 1, 400, 600, 300_000, 300_000, ResultFixtures.MONGO));
      w.append(ResultFixtures.run(4, "aws-large", "rw-50-50", 1, 1, 200, 400, 150_000, 150_000, ResultFixtures.MONGO));
      w.append(ResultFixtures.run(5, "aws-large", "rw-50-50", 8, 1, 250, 450, 600_000, 600_000, ResultFixtures.MONGO));
    }
    Files.writeString(dir.resolve("plan.yaml"), "name: study\nreport:\n  tables:\n" + tables);
    return dir;
  }

  @Test
  void rendersEachSpecAndItsCsvsAndLinksThemFromSummaryAndReport(@TempDir Path tmp) throws IOException {
    Path dir = run(tmp, """
            - name: by-cores
              title: Throughput by cores
              per: [{cores: Cores}]
              rows: [{threads: Threads}]
              columns: [{throughput: Ops/s}, ral]
        """);
    Files.createDirectories(dir.resolve("tables"));
    Files.writeString(dir.resolve("tables/by-cores-8.csv"), "a drawing of cells since replaced\n");
    InProcessCli r = InProcessCli.run("report", dir.toString());
    assertEquals(0, r.exit(), r.err());
    assertEquals("", r.err());
    try (Stream<Path> files = Files.list(dir.resolve("tables"))) {
      assertEquals(java.util.List.of("by-cores-16.csv", "by-cores-4.csv", "by-cores.md"),
          files.map(p -> p.getFileName().toString()).sorted().toList());
    }
    String md = Files.readString(dir.resolve("tables/by-cores.md"));
    assertTrue(md.startsWith("# Throughput by cores\n"), md);
    // the Markdown shows the whole run (the default); its CSV carries both definitions
    assertTrue(md.contains("## Cores: 4\n\n| Threads | Ops/s, whole run | RAL, whole run (µs) |\n|:---|---:|---:|\n"
        + "| 1 | 3,367 | 300 |\n"), md);
    assertEquals("Threads,\"Ops/s, whole run\",\"Ops/s, steady\",\"RAL, whole run (µs)\",\"RAL, steady (µs)\"\n"
        + "1,3366.67,3333.32,300,270\n8,10100,10000,400,360\n", Files.readString(dir.resolve("tables/by-cores-4.csv")));
    String summary = Files.readString(dir.resolve("summary.md"));
    assertTrue(summary.contains("- [Throughput by cores](tables/by-cores.md) (CSV: [by-cores-4.csv](tables/by-cores-4.csv),"
        + " [by-cores-16.csv](tables/by-cores-16.csv))"), summary);
    assertTrue(Files.readString(dir.resolve("report.html")).contains("<h2>Throughput by cores</h2>"));
  }

  @Test
  void namesTheBestThreadCountPerCurveInSummaryAndItsCsv(@TempDir Path tmp) throws IOException {
    Path dir = run(tmp, "    - {name: t, columns: [throughput]}\n");
    assertEquals(0, InProcessCli.run("report", dir.toString()).exit());
    String summary = Files.readString(dir.resolve("summary.md"));
    assertTrue(summary.contains("""
        ### rw-50-50 (run)

        | Curve | Threads measured | Best threads | Peak throughput (ops/s) | Knee (threads) | Not measured |
        |:---|---:|---:|---:|---:|---:|
        | aws-medium | 1, 8 | 8 | 10,000 | - | - |
        | aws-large | 1, 8 | 8 | 20,000 | - | - |
        """), summary);
    assertEquals("""
        scenario,kind,target,thread_counts,best_threads,peak_throughput_ops_per_sec,knee_threads,\
        within_tolerance_of_peak,complete,not_measured
        rw-50-50,run,aws-medium,1 8,8,10000.00,,,true,
        rw-50-50,run,aws-large,1 8,8,20000.00,,,true,
        """, Files.readString(dir.resolve("summary-curves.csv")));
  }

  @Test
  void warnsOfATableTheRecordsCannotFillAndWritesTheRest(@TempDir Path tmp) throws IOException {
    Path dir = run(tmp, "    - {name: bad, rows: [tier], columns: [throughput]}\n    - {name: good, rows: [target],"
        + " columns: [throughput]}\n");
    InProcessCli r = InProcessCli.run("report", dir.toString());
    assertEquals(0, r.exit(), r.err());
    assertEquals("orchestrator: warning: table 'bad': report.tables[0].rows[0]: 'tier' is not a figure, label,"
        + " coordinate or property of this run's cells; not written\n", r.err());
    assertFalse(Files.exists(dir.resolve("tables/bad.md")));
    assertTrue(Files.exists(dir.resolve("tables/good.md")));
  }
}

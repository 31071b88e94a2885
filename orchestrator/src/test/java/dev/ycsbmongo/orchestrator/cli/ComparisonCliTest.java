package dev.ycsbmongo.orchestrator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.exec.RunLock;
import dev.ycsbmongo.orchestrator.plan.PhaseKind;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.PhaseStatus;
import dev.ycsbmongo.orchestrator.results.ResultFixtures;
import dev.ycsbmongo.orchestrator.results.ResultsWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** report --compare and --against in-process: files written, stdout, one-line errors with exit 2. */
class ComparisonCliTest {

  /** A run directory with chaining on and off at 8 threads; {@code offReads} scales the off cell's throughput. */
  private static Path run(Path parent, String name, double offReads) throws IOException {
    Path dir = Files.createDirectories(parent.resolve(name));
    try (ResultsWriter w = ResultsWriter.open(dir)) {
      w.append(ResultFixtures.load(1, "t", ResultFixtures.MONGO));
      w.append(chaining(ResultFixtures.run(2, "t", "rw", 8, 1, 400, 600, 300_000, 300_000, ResultFixtures.MONGO), "true"));
      w.append(chaining(ResultFixtures.run(3, "t", "rw", 8, 1, 500, 700, (long) offReads, 300_000, ResultFixtures.MONGO),
          "false"));
    }
    return dir;
  }

  private static PhaseResult chaining(PhaseResult r, String value) {
    return ResultFixtures.with(r, PhaseKind.RUN, Map.of("threadcount", "8", "server.chainingAllowed", value),
        r.phaseId() + "/" + value, PhaseStatus.SUCCEEDED, null, null, null);
  }

  /** What report wrote: the lock file (every run directory's, empty once report is done) left out. */
  private static List<String> files(Path dir) throws IOException {
    assertEquals("", Files.exists(dir.resolve(RunLock.FILE)) ? Files.readString(dir.resolve(RunLock.FILE)) : "");
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).filter(n -> !n.equals(RunLock.FILE)).sorted().toList();
    }
  }

  @Test
  void comparesACoordinateWithinARunAndWritesBothFiles(@TempDir Path tmp) throws IOException {
    Path dir = run(tmp, "study-1", 300_000);
    InProcessCli r = InProcessCli.run("report", dir.toString(), "--compare", "server.chainingAllowed=true,false");
    assertEquals(0, r.exit(), r.err());
    Path md = dir.resolve("comparison-server.chainingAllowed-true-vs-false.md");
    assertEquals(Files.readString(md), r.out());
    assertTrue(r.out().contains("| 10,000 | 10,000 | +0.0% | 360 | 450 | +25.0% |"), r.out());
    assertTrue(Files.readString(dir.resolve("comparison-server.chainingAllowed-true-vs-false.csv"))
        .startsWith("by,a,b,scenario,kind,cell.target,cell.threadcount,"));
    assertFalse(files(dir).contains("summary.md"), "--compare leaves the summary files alone");
    String html = Files.readString(dir.resolve("report.html"));
    assertTrue(html.contains("<section class=\"extra\" id=\"comparisons\">\n<h2>Comparison: server.chainingAllowed=true (A) vs false (B)"
        + "</h2>"), "report.html shows the comparison");
    assertTrue(html.contains("+25.0%"), html);
    assertTrue(html.contains(" · <a href=\"#comparisons\">Comparisons</a>"), "in the page's contents");
  }

  @Test
  void comparesTwoRunsByTheirDirectoryNames(@TempDir Path tmp) throws IOException {
    Path a = run(tmp, "study-1", 300_000);
    Path b = run(tmp, "study-2", 600_000);
    InProcessCli r = InProcessCli.run("report", a.toString(), "--against", b.toString());
    assertEquals(0, r.exit(), r.err());
    assertTrue(r.out().startsWith("# Comparison: run=study-1 (A) vs study-2 (B)\n"), r.out());
    assertTrue(r.out().contains("| true | 10,000 | 10,000 | +0.0% |"), r.out());
    assertTrue(r.out().contains("| false | 10,000 | 15,000 | +50.0% |"), r.out());
    assertEquals(List.of("charts", "comparison-run-study-1-vs-study-2.csv", "comparison-run-study-1-vs-study-2.md", "report.html",
        "results.jsonl"), files(a));
    assertEquals(List.of("results.jsonl"), files(b), "nothing written into the second run");
  }

  @Test
  void badByIsOneLineAndExitTwoAndWritesNothing(@TempDir Path tmp) throws IOException {
    Path dir = run(tmp, "study-1", 300_000);
    InProcessCli r = InProcessCli.run("report", dir.toString(), "--compare", "threadcount=8,16", "--compare", "chaining=1,2");
    assertEquals(2, r.exit());
    assertEquals("orchestrator: --compare: threadcount has no value '16' in the compared cells; threadcount takes: 8\n",
        r.err());
    assertEquals(List.of("results.jsonl"), files(dir));
    InProcessCli syntax = InProcessCli.run("report", dir.toString(), "--compare", "threadcount");
    assertEquals(2, syntax.exit());
    assertEquals(1, syntax.err().lines().count(), syntax.err());
    assertTrue(syntax.err().contains("expected BY=A,B"), syntax.err());
  }

  @Test
  void aSecondDirectoryWithoutResultsIsBadInput(@TempDir Path tmp) throws IOException {
    Path dir = run(tmp, "study-1", 300_000);
    InProcessCli r = InProcessCli.run("report", dir.toString(), "--against", tmp.resolve("nope").toString());
    assertEquals(2, r.exit());
    assertEquals("orchestrator: " + tmp.resolve("nope") + ": no results.jsonl here; expected a run directory made by 'run'\n",
        r.err());
    InProcessCli runs = InProcessCli.run("report", dir.toString(), "--compare", "run=a,b");
    assertEquals(2, runs.exit());
    assertTrue(runs.err().contains("comparing runs needs a second run directory (--against RUN_DIR_B)"), runs.err());
  }

  @Test
  void reportAloneWritesItsSummariesChartsAndPageOnly(@TempDir Path tmp) throws IOException {
    Path dir = run(tmp, "study-1", 300_000);
    InProcessCli r = InProcessCli.run("report", dir.toString());
    assertEquals(0, r.exit(), r.err());
    assertEquals(List.of("charts", "report.html", "results.jsonl", "summary-long.csv", "summary.csv", "summary.md"), files(dir));
    assertEquals(Files.readString(dir.resolve("summary.md")), r.out());
  }

  @Test
  void reportMakesTheComparisonsThePlanAsksForAndWarnsOfOneItCannotMake(@TempDir Path tmp) throws IOException {
    Path dir = run(tmp, "study-1", 240_000);
    // plan.yaml as ResolvedPlan writes it: report.compare read back on every redraw
    Files.writeString(dir.resolve("plan.yaml"), """
        name: study
        report:
          compare:
          - server.chainingAllowed=true,false
          - threadcount=8,16
        """);
    InProcessCli r = InProcessCli.run("report", dir.toString());
    assertEquals(0, r.exit(), r.err());
    assertEquals("orchestrator: warning: comparison 'threadcount=8,16': threadcount has no value '16' in the"
        + " compared cells; threadcount takes: 8; not written\n", r.err());
    assertEquals(List.of("charts", "comparison-server.chainingAllowed-true-vs-false.csv",
        "comparison-server.chainingAllowed-true-vs-false.md", "plan.yaml", "report.html", "results.jsonl",
        "summary-long.csv", "summary.csv", "summary.md"), files(dir));
    String md = Files.readString(dir.resolve("comparison-server.chainingAllowed-true-vs-false.md"));
    assertTrue(md.contains("| 10,000 | 9,000 | -10.0% |"), md);
    assertTrue(Files.readString(dir.resolve("report.html")).contains("<h2>Comparison: server.chainingAllowed=true (A)"
        + " vs false (B)</h2>"));
  }

  @Test
  void aComparisonMadeByReportIsRedrawnFromTheRecordsAfterTheRunGrew(@TempDir Path tmp) throws IOException {
    Path dir = run(tmp, "study-1", 300_000);
    assertEquals(0, InProcessCli.run("report", dir.toString(), "--compare", "server.chainingAllowed=true,false").exit());
    assertEquals("server.chainingAllowed=true,false\n", Files.readString(dir.resolve("comparisons.txt")));
    // the run grows (run --resume): a 16-thread pair appears, and the next redraw compares it too
    try (ResultsWriter w = ResultsWriter.open(dir)) {
      w.append(chaining16(ResultFixtures.run(4, "t", "rw", 16, 1, 400, 600, 300_000, 300_000, ResultFixtures.MONGO), "true"));
      w.append(chaining16(ResultFixtures.run(5, "t", "rw", 16, 1, 400, 600, 150_000, 300_000, ResultFixtures.MONGO),
          "false"));
    }
    InProcessCli redraw = InProcessCli.run("report", dir.toString());
    assertEquals(0, redraw.exit(), redraw.err());
    String md = Files.readString(dir.resolve("comparison-server.chainingAllowed-true-vs-false.md"));
    assertTrue(md.contains("| 16 |"), md);
    assertEquals(0, InProcessCli.run("report", dir.toString(), "--compare", "server.chainingAllowed=true,false").exit());
    assertEquals("server.chainingAllowed=true,false\n", Files.readString(dir.resolve("comparisons.txt")), "kept once");
  }

  private static PhaseResult chaining16(PhaseResult r, String value) {
    return ResultFixtures.with(r, PhaseKind.RUN, Map.of("threadcount", "16", "server.chainingAllowed", value),
        r.phaseId() + "/" + value, PhaseStatus.SUCCEEDED, null, null, null);
  }
}

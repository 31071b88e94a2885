package dev.ycsbmongo.orchestrator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.PhaseStatus;
import dev.ycsbmongo.orchestrator.results.ResultFixtures;
import dev.ycsbmongo.orchestrator.results.ResultsWriter;
import dev.ycsbmongo.orchestrator.results.RunDirectory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The last lines of a run: the verdicts counted, the plan's comparison in short, report.html's path. */
class RunEndingTest {

  @Test
  void countsVerdictsPrintsTheComparisonShortAndNamesTheReport(@TempDir Path tmp) throws IOException {
    Path dir = Files.createDirectories(tmp.resolve("study-20261122-101500"));
    PhaseResult one = ResultFixtures.run(1, "t", "rw", 1, 1, 400, 600, 100_000, 100_000, ResultFixtures.MONGO);
    PhaseResult eight = ResultFixtures.run(2, "t", "rw", 8, 1, 500, 700, 300_000, 300_000, ResultFixtures.MONGO);
    PhaseResult shaky = ResultFixtures.failed(ResultFixtures.run(3, "t", "ro", 8, 1, 500, 700, 300_000, 0,
        ResultFixtures.MONGO), PhaseStatus.UNSTABLE, "throughput still rising");
    try (ResultsWriter w = ResultsWriter.open(dir)) {
      w.append(one);
      w.append(eight);
      w.append(shaky);
    }
    Files.writeString(dir.resolve(RunDirectory.PLAN), "name: study\nreport:\n  compare:\n    - threads=1,8\n");
    Files.writeString(dir.resolve(RunDirectory.REPORT_HTML), "<html></html>");

    List<String> lines = RunEnding.lines(new RunDirectory(dir), List.of(one.phaseId(), eight.phaseId(),
        shaky.phaseId(), "run/t/ro/threadcount=1/rep=1"));

    assertEquals("verdicts: 4 phases: 2 succeeded, 1 unstable, 1 not run", lines.get(0), String.join("\n", lines));
    assertEquals("comparison threads=1 vs 8 (comparison-threads-1-vs-8.md):", lines.get(1), String.join("\n", lines));
    // 3x the operations in the same time: the finding says so, worded as in the comparison's Markdown
    assertTrue(lines.get(2).startsWith("  rw (run): Throughput: threads=8 is 3.0x faster than threads=1 (+200.0%;"),
        String.join("\n", lines));
    assertEquals("report: " + dir.resolve(RunDirectory.REPORT_HTML), lines.get(lines.size() - 1));
    assertEquals(4, lines.size(), String.join("\n", lines));
  }

  @Test
  void saysWhenAComparisonHasNothingToCompare(@TempDir Path tmp) throws IOException {
    Path dir = Files.createDirectories(tmp.resolve("run"));
    PhaseResult one = ResultFixtures.run(1, "t", "rw", 1, 1, 400, 600, 100_000, 100_000, ResultFixtures.MONGO);
    try (ResultsWriter w = ResultsWriter.open(dir)) {
      w.append(ResultFixtures.failed(one, PhaseStatus.FAILED, "exit 1"));
    }
    Files.writeString(dir.resolve(RunDirectory.PLAN), "name: study\nreport:\n  compare:\n    - threads=1,8\n");
    List<String> lines = RunEnding.lines(new RunDirectory(dir), List.of(one.phaseId()));
    assertEquals("verdicts: 1 phase: 1 failed", lines.get(0));
    assertTrue(lines.get(1).startsWith("comparison threads=1,8: not made: "), String.join("\n", lines));
    assertEquals(2, lines.size(), "no report.html written, none named: " + lines);
  }
}

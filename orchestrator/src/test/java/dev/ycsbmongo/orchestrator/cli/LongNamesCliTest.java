package dev.ycsbmongo.orchestrator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.ResultFixtures;
import dev.ycsbmongo.orchestrator.results.ResultsWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A plan may name a table, or label a target, with as many characters as it likes: a measured run's report is
 * written all the same, under file names bounded in bytes (a CJK character takes three), never refused by the
 * file system after every cell has run.
 */
class LongNamesCliTest {

  private static final String TABLE = "t".repeat(300);

  /** One cell on each of two targets told apart by {@code storage}: the first's value is {@code longLabel}. */
  private static Path run(Path parent, String longLabel) throws IOException {
    Path dir = Files.createDirectories(parent.resolve("study-20261122-101500"));
    PhaseResult a = ResultFixtures.run(2, "aws-medium", "rw-50-50", 8, 1, 300, 500, 100_000, 100_000,
        ResultFixtures.MONGO);
    PhaseResult b = ResultFixtures.run(3, "aws-large", "rw-50-50", 8, 1, 200, 400, 150_000, 150_000,
        ResultFixtures.MONGO);
    try (ResultsWriter w = ResultsWriter.open(dir)) {
      w.append(ResultFixtures.onTarget(a, "run/aws-medium/rw-50-50/threadcount=8/rep=1", "aws-medium",
          Map.of("storage", longLabel)));
      w.append(ResultFixtures.onTarget(b, "run/aws-large/rw-50-50/threadcount=8/rep=1", "aws-large",
          Map.of("storage", "SSD")));
    }
    Files.writeString(dir.resolve("plan.yaml"), "name: study\nreport:\n  compare:\n    - \"storage=" + longLabel
        + ",SSD\"\n  tables:\n    - name: " + TABLE + "\n      per: [storage]\n      columns: [throughput]\n",
        StandardCharsets.UTF_8);
    return dir;
  }

  @Test
  void reportsARunWhoseTableNameAndLabelsAreLongerThanAFileNameMayBe(@TempDir Path tmp) throws IOException {
    assertWrittenWithBoundedNames(run(tmp, "x".repeat(300)));
  }

  @Test
  void boundsNamesInBytesNotCharacters(@TempDir Path tmp) throws IOException {
    // 100 CJK characters are 300 bytes: a bound in characters would let them through to the file system
    assertWrittenWithBoundedNames(run(tmp, "ローカルSSDストレージ".repeat(9)));
  }

  @Test
  void aComparisonAskedOnTheCommandLineIsWrittenAndRememberedUnderTheBoundedName(@TempDir Path tmp) throws IOException {
    String label = "y".repeat(300);
    Path dir = run(tmp, label);
    InProcessCli r = InProcessCli.run("report", dir.toString(), "--compare", "storage=SSD," + label);
    assertEquals(0, r.exit(), r.err());
    try (Stream<Path> all = Files.list(dir)) {
      List<String> made = all.map(f -> f.getFileName().toString())
          .filter(n -> n.startsWith("comparison-storage-SSD-vs-y")).sorted().toList();
      assertEquals(2, made.size(), made.toString());
      assertTrue(made.get(0).matches("comparison-storage-SSD-vs-y{65}-[0-9a-f]{8}\\.csv"), made.get(0));
    }
    // the remembered comparison is redrawn, not refused, by the next report
    InProcessCli again = InProcessCli.run("report", dir.toString());
    assertEquals(0, again.exit(), again.err());
    assertEquals("", again.err());
  }

  private static void assertWrittenWithBoundedNames(Path dir) throws IOException {
    InProcessCli r = InProcessCli.run("report", dir.toString());
    assertEquals(0, r.exit(), r.err());
    assertEquals("", r.err());
    assertTrue(Files.size(dir.resolve("summary.md")) > 0);
    String html = Files.readString(dir.resolve("report.html"));
    assertTrue(html.contains(TABLE), "the table is on the page under its own name");
    List<Path> files;
    try (Stream<Path> all = Files.walk(dir)) {
      files = all.filter(Files::isRegularFile).toList();
    }
    for (Path f : files) {
      assertTrue(f.getFileName().toString().getBytes(StandardCharsets.UTF_8).length <= 120, f.toString());
    }
    assertEquals(1, files.stream().filter(f -> f.getFileName().toString().startsWith("comparison-storage-")
        && f.toString().endsWith(".md")).count(), files.toString());
    assertEquals(1, files.stream().filter(f -> f.getParent().endsWith("tables") && f.toString().endsWith(".md"))
        .count(), files.toString());
    assertEquals(2, files.stream().filter(f -> f.getParent().endsWith("tables") && f.toString().endsWith(".csv"))
        .count(), files.toString());
    String summary = Files.readString(dir.resolve("summary.md"));
    String md = files.stream().filter(f -> f.getParent().endsWith("tables") && f.toString().endsWith(".md"))
        .findFirst().orElseThrow().getFileName().toString();
    assertTrue(summary.contains("(tables/" + md + ")"), "summary.md links the shortened name: " + summary);
  }
}

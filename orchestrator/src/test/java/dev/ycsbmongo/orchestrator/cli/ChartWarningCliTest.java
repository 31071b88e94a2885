package dev.ycsbmongo.orchestrator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.results.ResultFixtures;
import dev.ycsbmongo.orchestrator.results.ResultsWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A chart that cannot be written is a warning on the console, in summary.md and report.html; the exit stays 0. */
class ChartWarningCliTest {

  private static Path sweep(Path tmp) throws IOException {
    Path dir = Files.createDirectories(tmp.resolve("sweep-1"));
    try (ResultsWriter w = ResultsWriter.open(dir)) {
      int[] threads = {1, 2, 4, 8};
      for (int i = 0; i < threads.length; i++) {
        w.append(ResultFixtures.run(i + 1, "rs", "rw-50-50", threads[i], 1, 100 * (i + 1), 300, 6000L * (i + 1),
            6000L * (i + 1), ResultFixtures.MONGO));
      }
    }
    return dir;
  }

  @Test
  void noChartsAtAllIsOneWarningAndTheTablesAreStillWritten(@TempDir Path tmp) throws IOException {
    Path dir = sweep(tmp);
    Files.writeString(dir.resolve("charts"), "not a directory");

    InProcessCli r = InProcessCli.run("report", dir.toString());

    assertEquals(0, r.exit(), r.err());
    assertTrue(r.err().contains("warning: charts not drawn: "), r.err());
    assertFalse(r.err().contains("\tat "), r.err());
    String md = Files.readString(dir.resolve("summary.md"));
    assertTrue(md.contains("## Charts not drawn\n\nNone of the charts: "), md);
    assertTrue(Files.isRegularFile(dir.resolve("summary.csv")) && Files.isRegularFile(dir.resolve("report.html")));
  }

  @Test
  void aChartNotDrawnIsWarnedAboutEverywhereAndLeavesTheExitStatusAlone(@TempDir Path tmp) throws IOException {
    Path dir = sweep(tmp);
    // where the latency chart's SVG goes, a directory with a file in it: that chart cannot be written
    String id = "latency-vs-throughput-rw-50-50-run";
    Files.createDirectories(dir.resolve("charts").resolve(id + ".svg"));
    Files.writeString(dir.resolve("charts").resolve(id + ".svg").resolve("keep"), "x");

    InProcessCli r = InProcessCli.run("report", dir.toString());

    assertEquals(0, r.exit(), "a report problem, not a measurement one: " + r.err());
    assertTrue(r.err().contains("chart '" + id + "' (Latency vs throughput: rw-50-50 (run)) not drawn: "), r.err());
    assertFalse(r.err().contains("\tat ") || r.err().contains("Exception"), "one line, no stack trace: " + r.err());
    String md = Files.readString(dir.resolve("summary.md"));
    assertTrue(md.contains("## Charts not drawn\n\n- Latency vs throughput: rw-50-50 (run) (`charts/" + id + "`): "), md);
    assertTrue(Files.readString(dir.resolve("report.html")).contains("Not drawn: "), "under its place in the page");
    assertTrue(Files.isRegularFile(dir.resolve("charts/throughput-vs-threads-rw-50-50-run.svg")), "the others drawn");
  }
}

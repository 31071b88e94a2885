package dev.ycsbmongo.orchestrator.exec;

import dev.ycsbmongo.orchestrator.report.SummaryCsv;
import dev.ycsbmongo.orchestrator.report.SummaryMarkdown;
import dev.ycsbmongo.orchestrator.results.ResultsReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;

/** Writes a run directory's tables from its {@code results.jsonl} alone (what both {@code run} and {@code report} do). */
public final class SummaryFiles {

  private SummaryFiles() {
  }

  /** Renders summary.csv and summary.md; returns the reader's warnings (e.g. a cut-off last line). */
  public static List<String> write(RunDirectory dir) throws IOException {
    ResultsReader.Read read = ResultsReader.read(dir.path());
    Files.writeString(dir.file(RunDirectory.SUMMARY_CSV), SummaryCsv.render(read.results()), StandardCharsets.UTF_8);
    Files.writeString(dir.file(RunDirectory.SUMMARY_MD), SummaryMarkdown.render(read.results()), StandardCharsets.UTF_8);
    return read.warnings();
  }
}

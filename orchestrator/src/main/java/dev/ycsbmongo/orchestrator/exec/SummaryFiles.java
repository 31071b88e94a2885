package dev.ycsbmongo.orchestrator.exec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.ycsbmongo.orchestrator.report.Records;
import dev.ycsbmongo.orchestrator.report.SummaryCsv;
import dev.ycsbmongo.orchestrator.report.SummaryMarkdown;
import dev.ycsbmongo.orchestrator.report.html.HtmlReport;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.ResultsReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;

/**
 * Writes a run directory's tables and report from its {@code results.jsonl} alone (what both
 * {@code run} and {@code report} do), plus the resolved plan for the report's plan section.
 */
public final class SummaryFiles {

  private SummaryFiles() {
  }

  /** Renders summary.csv, summary.md and report.html; returns the reader's warnings (e.g. a cut-off last line). */
  public static List<String> write(RunDirectory dir) throws IOException {
    ResultsReader.Read read = ResultsReader.read(dir.path());
    String md = SummaryMarkdown.render(read.results());
    Files.writeString(dir.file(RunDirectory.SUMMARY_CSV), SummaryCsv.render(read.results()), StandardCharsets.UTF_8);
    Files.writeString(dir.file(RunDirectory.SUMMARY_MD), md, StandardCharsets.UTF_8);
    Files.writeString(dir.file(RunDirectory.REPORT_HTML), HtmlReport.render(htmlInput(dir, read.results(), md)),
        StandardCharsets.UTF_8);
    return read.warnings();
  }

  private static HtmlReport.Input htmlInput(RunDirectory dir, List<PhaseResult> results, String md) throws IOException {
    String planYaml = Files.isRegularFile(dir.file(RunDirectory.PLAN))
        ? Files.readString(dir.file(RunDirectory.PLAN), StandardCharsets.UTF_8) : null;
    String name = results.isEmpty() ? dir.runId() : results.get(0).plan();
    String description = null;
    if (planYaml != null) {
      try {
        JsonNode plan = new YAMLMapper().readTree(planYaml);
        name = plan.path("name").asText(name);
        description = plan.path("description").isTextual() ? plan.path("description").asText() : null;
      } catch (IOException e) {
        // a plan.yaml edited by hand into something unreadable still leaves the report its results
      }
    }
    return new HtmlReport.Input(name, description, dir.runId(), planYaml, Records.latest(results), md, List.of(), List.of(),
        ClientHostInfo.TOOL_VERSION);
  }
}

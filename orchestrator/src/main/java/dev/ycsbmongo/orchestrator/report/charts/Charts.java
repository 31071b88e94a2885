package dev.ycsbmongo.orchestrator.report.charts;

import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.ResultsJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes a run's charts: {@code charts/<id>.svg} and {@code .png} for each, and
 * {@code charts/charts.json} with every chart's data (what the golden files seal). One chart that
 * cannot be drawn is left out with its reason; it never costs the report.
 */
public final class Charts {

  public static final String DIR = "charts";
  public static final String DATA_FILE = "charts.json";

  /** A drawn chart: its data and SVG (for the page), or why it could not be drawn. */
  public record Drawn(ChartSpec spec, String svg, String problem) {
  }

  private Charts() {
  }

  public static List<Drawn> write(List<PhaseResult> records, Path runDir) throws IOException {
    List<ChartSpec> specs = ChartPlanner.plan(records, runDir);
    Path dir = runDir.resolve(DIR);
    Files.createDirectories(dir);
    Files.writeString(dir.resolve(DATA_FILE), data(specs), StandardCharsets.UTF_8);
    List<Drawn> drawn = new ArrayList<>();
    for (ChartSpec s : specs) {
      try {
        String svg = ChartRenderer.svg(s);
        Files.writeString(dir.resolve(s.id() + ".svg"), svg, StandardCharsets.UTF_8);
        Files.write(dir.resolve(s.id() + ".png"), ChartRenderer.png(s));
        drawn.add(new Drawn(s, svg, null));
      } catch (IOException | RuntimeException e) {
        drawn.add(new Drawn(s, null, e.getClass().getSimpleName() + ": " + e.getMessage()));
      }
    }
    return drawn;
  }

  /** Every chart's data, pretty-printed JSON with a final newline. */
  public static String data(List<ChartSpec> specs) {
    try {
      return ResultsJson.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(specs) + "\n";
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("cannot write the chart data", e);
    }
  }
}

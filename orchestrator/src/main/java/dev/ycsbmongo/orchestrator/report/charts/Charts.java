package dev.ycsbmongo.orchestrator.report.charts;

import dev.ycsbmongo.orchestrator.OutputFiles;
import dev.ycsbmongo.orchestrator.plan.ChartSettings;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.ResultsJson;
import java.io.IOException;
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

    /** The console line for a chart not drawn: which chart and why; null when drawn. */
    public String warning() {
      return problem == null ? null : "chart '" + spec.id() + "' (" + spec.title() + ") not drawn: " + problem;
    }
  }

  /** Draws one chart both ways; the production one is {@link ChartRenderer}, tests inject one that fails. */
  interface Renderer {
    String svg(ChartSpec spec) throws IOException;

    byte[] png(ChartSpec spec) throws IOException;
  }

  private static final Renderer XCHART = new Renderer() {
    @Override
    public String svg(ChartSpec spec) throws IOException {
      return ChartRenderer.svg(spec);
    }

    @Override
    public byte[] png(ChartSpec spec) throws IOException {
      return ChartRenderer.png(spec);
    }
  };

  private Charts() {
  }

  /**
   * Plans and draws the run's charts. A chart the library cannot draw (whatever the exception) is
   * returned with its reason, its files left out, and the others still drawn: a report problem, not
   * a measurement one, so the caller warns rather than fails.
   */
  public static List<Drawn> write(List<PhaseResult> records, Path runDir) throws IOException {
    return write(records, runDir, ChartSettings.NONE, XCHART);
  }

  /** As {@link #write(List, Path)}, with the plan's {@code report.charts} (thread charts split by a label). */
  public static List<Drawn> write(List<PhaseResult> records, Path runDir, ChartSettings settings) throws IOException {
    return write(records, runDir, settings, XCHART);
  }

  static List<Drawn> write(List<PhaseResult> records, Path runDir, Renderer renderer) throws IOException {
    return write(records, runDir, ChartSettings.NONE, renderer);
  }

  static List<Drawn> write(List<PhaseResult> records, Path runDir, ChartSettings settings, Renderer renderer)
      throws IOException {
    List<ChartSpec> specs = ChartPlanner.plan(records, runDir, settings);
    Path dir = runDir.resolve(DIR);
    Files.createDirectories(dir);
    OutputFiles.writeString(dir.resolve(DATA_FILE), data(specs));
    List<Drawn> drawn = new ArrayList<>();
    for (ChartSpec s : specs) {
      try {
        String svg = renderer.svg(s);
        byte[] png = renderer.png(s);
        OutputFiles.writeString(dir.resolve(s.id() + ".svg"), svg);
        OutputFiles.write(dir.resolve(s.id() + ".png"), png);
        drawn.add(new Drawn(s, svg, null));
      } catch (IOException | RuntimeException | LinkageError | java.awt.AWTError e) {
        // LinkageError/AWTError: a JVM without the fonts or AWT classes the library needs
        // a half-written pair would show a stale or broken picture
        removeQuietly(dir.resolve(s.id() + ".svg"));
        removeQuietly(dir.resolve(s.id() + ".png"));
        drawn.add(new Drawn(s, null, reason(e)));
      }
    }
    return drawn;
  }

  private static void removeQuietly(Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      // what stands there is not ours to remove (a directory with files): the warning already says the chart is missing
    }
  }

  /** One line, never a stack trace: the exception's message, or its type when it has none. */
  private static String reason(Throwable e) {
    String message = e.getMessage() == null || e.getMessage().isBlank() ? e.getClass().getSimpleName()
        : e.getMessage().strip();
    return message.lines().findFirst().orElse(message);
  }

  /**
   * summary.md's note on the charts that could not be drawn, each by title and id with its reason;
   * empty when every chart was drawn.
   */
  public static String notDrawnMarkdown(List<Drawn> drawn) {
    List<Drawn> failed = drawn.stream().filter(d -> d.problem() != null).toList();
    if (failed.isEmpty()) {
      return "";
    }
    StringBuilder md = new StringBuilder("\n## Charts not drawn\n\n");
    for (Drawn d : failed) {
      md.append("- ").append(d.spec().title()).append(" (`").append(DIR).append('/').append(d.spec().id())
          .append("`): ").append(d.problem()).append('\n');
    }
    return md.append("\nThe measurements and tables above are complete; only these pictures are missing.\n").toString();
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

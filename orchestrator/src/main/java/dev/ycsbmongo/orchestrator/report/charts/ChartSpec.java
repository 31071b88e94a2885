package dev.ycsbmongo.orchestrator.report.charts;

import java.util.List;

/**
 * What one chart shows, independent of the library that draws it: the value the golden files seal
 * (chart data, not pixels) and the renderer draws.
 *
 * @param id file-name-safe, unique in a run: {@code charts/<id>.svg} and {@code .png}
 * @param categories the x categories of a {@link Kind#BAR} chart (points' x is the index); empty otherwise
 * @param note how to read the chart (e.g. how the knee was found); shown under it in the report
 * @param footer date, tool version and "embedded test server, not MongoDB" where that ran
 * @param logX a log-2 x axis with a tick at each power of two (thread counts spanning 8x or more,
 *     which a linear axis bunches at the left); points keep their true x
 */
public record ChartSpec(String id, Kind kind, String title, String xAxis, String yAxis, boolean logY,
    List<String> categories, List<Series> series, List<Marker> markers, String note, String footer, boolean logX) {

  public ChartSpec {
    categories = List.copyOf(categories);
    series = List.copyOf(series);
    markers = List.copyOf(markers);
  }

  /** A chart with a linear x axis. */
  public ChartSpec(String id, Kind kind, String title, String xAxis, String yAxis, boolean logY,
      List<String> categories, List<Series> series, List<Marker> markers, String note, String footer) {
    this(id, kind, title, xAxis, yAxis, logY, categories, series, markers, note, footer, false);
  }

  /**
   * LINE: x numeric; LABELLED: x numeric, each point labelled; BAR: grouped bars over categories;
   * SEGMENTS: x numeric, each series' points taken in pairs, each pair its own line (a phase's level
   * from its start to its end), nothing drawn between pairs.
   */
  public enum Kind {
    LINE, LABELLED, BAR, SEGMENTS
  }

  /**
   * A line or bar group. {@code colour} ("#rrggbb") is chosen by the planner so that related series read as
   * related ({@link ChartColours}: a family one hue, its members shades; a curve's average and p99 one
   * colour); null leaves it to the renderer. {@code dashed}: drawn dashed (a p99 or write latency beside its
   * solid average or read). {@code hollow}: points that are not successes (an unstable cell's figures), drawn
   * as hollow markers without a line.
   */
  public record Series(String name, List<Point> points, String colour, boolean dashed, boolean hollow) {
    public Series {
      points = List.copyOf(points);
    }

    public Series(String name, List<Point> points) {
      this(name, points, null, false, false);
    }

    public Series withColour(String c) {
      return new Series(name, points, c, dashed, hollow);
    }
  }

  /**
   * A point; {@code label} names it on the chart (the thread count of a latency curve) or is null; {@code error}
   * is half the width of its 95% interval within the run (drawn as an error bar {@code y ± error}), null where
   * none is known.
   */
  public record Point(double x, double y, String label, Double error) {

    public Point(double x, double y, String label) {
      this(x, y, label, null);
    }
  }

  /**
   * Something to point out: a vertical line at {@code x} ({@code y} null: phase boundaries, the end
   * of the ramp-up) or a labelled point ({@code y} set: the knee).
   */
  public record Marker(String text, double x, Double y) {
  }
}

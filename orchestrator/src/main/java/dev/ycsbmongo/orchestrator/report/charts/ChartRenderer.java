package dev.ycsbmongo.orchestrator.report.charts;

import de.erichseifert.vectorgraphics2d.VectorGraphics2D;
import de.erichseifert.vectorgraphics2d.svg.SVGProcessor;
import de.erichseifert.vectorgraphics2d.util.PageSize;
import java.awt.BasicStroke;
import java.awt.Color;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.knowm.xchart.AnnotationLine;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.AnnotationTextPanel;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.AxesChart;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Draws a {@link ChartSpec} with XChart, headless: SVG for the HTML report, PNG for files people
 * paste elsewhere. Readable by default: title, axis titles with units, a legend below the plot,
 * labelled points, knee and boundary markers, and the footer in the chart's corner.
 */
public final class ChartRenderer {

  static final int WIDTH = 960;
  static final int HEIGHT = 540;

  static {
    System.setProperty("java.awt.headless", "true");
    // PNGs are small: encode in memory rather than through a cache file in java.io.tmpdir, which a
    // run ended by a signal while drawing would leave behind
    javax.imageio.ImageIO.setUseCache(false);
  }

  private ChartRenderer() {
  }

  /**
   * SVG, compacted ({@link SvgCompactor}): XChart draws text as glyph outlines, and their
   * coordinates at full precision make a chart about 300 KB; at 0.1 px, relative, about a quarter.
   */
  public static String svg(ChartSpec spec) throws IOException {
    Chart<?, ?> chart = build(spec);
    VectorGraphics2D g = new VectorGraphics2D();
    chart.paint(g, chart.getWidth(), chart.getHeight());
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    new SVGProcessor().getDocument(g.getCommands(), new PageSize(0, 0, chart.getWidth(), chart.getHeight()))
        .writeTo(out);
    return SvgCompactor.compact(out.toString(StandardCharsets.UTF_8));
  }

  /** PNG with a 256-colour palette ({@link PngPalette}): half the bytes, the same picture to the eye. */
  public static byte[] png(ChartSpec spec) throws IOException {
    return PngPalette.write(PngPalette.indexed(BitmapEncoder.getBufferedImage(build(spec))));
  }

  static Chart<?, ?> build(ChartSpec spec) {
    return spec.kind() == ChartSpec.Kind.BAR ? bars(spec) : lines(spec);
  }

  private static XYChart lines(ChartSpec spec) {
    XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(spec.title()).xAxisTitle(spec.xAxis())
        .yAxisTitle(spec.yAxis()).build();
    style(chart.getStyler());
    chart.getStyler().setYAxisLogarithmic(spec.logY());
    chart.getStyler().setXAxisDecimalPattern("#,##0");
    chart.getStyler().setYAxisDecimalPattern(spec.logY() ? "#,##0.#" : "#,##0");
    if (!spec.logY()) {
      chart.getStyler().setYAxisMin(0.0);  // throughput and counts read true only from zero
    }
    if (spec.logY()) {
      logTicks(chart.getStyler(), spec);
    }
    if (spec.logX()) {
      log2Axis(chart.getStyler(), spec);
    }
    SeriesNames names = new SeriesNames();
    double maxY = 0;
    for (ChartSpec.Series s : spec.series()) {
      // a log axis cannot show 0 or less; such points are left out rather than clamped
      List<ChartSpec.Point> points = s.points().stream().filter(p -> !spec.logY() || p.y() > 0)
          .filter(p -> !spec.logX() || p.x() > 0)
          .map(p -> new ChartSpec.Point(x(spec, p.x()), p.y(), p.label(), p.error())).toList();
      if (points.isEmpty()) {
        continue;
      }
      double[] xs = points.stream().mapToDouble(ChartSpec.Point::x).toArray();
      double[] ys = points.stream().mapToDouble(ChartSpec.Point::y).toArray();
      // a point without an interval gets a bar of 0 (XChart takes one per point or none)
      XYSeries series = spec.kind() == ChartSpec.Kind.SEGMENTS ? segments(chart, names.unique(s.name()), points)
          : errorBars(points) ? chart.addSeries(names.unique(s.name()), xs, ys, points.stream()
              .mapToDouble(p -> bar(spec, p)).toArray())
          : chart.addSeries(names.unique(s.name()), xs, ys);
      series.setMarker(s.hollow() ? HOLLOW : spec.kind() == ChartSpec.Kind.LABELLED || (spec.kind()
          == ChartSpec.Kind.LINE && points.size() < 40) ? SeriesMarkers.CIRCLE : SeriesMarkers.NONE);
      style(series, s);
      for (ChartSpec.Point p : points) {
        maxY = Math.max(maxY, p.y());
      }
    }
    Labels labels = new Labels(spec);
    for (ChartSpec.Series s : spec.series()) {
      for (ChartSpec.Point p : s.points()) {
        if (p.label() == null || spec.logY() && p.y() <= 0 || spec.logX() && p.x() <= 0) {
          continue;
        }
        double px = x(spec, p.x());
        labels.place(p.label(), px, p.y() * (spec.logY() ? 1.12 : 1.0), false)
            .ifPresent(y -> chart.addAnnotation(new AnnotationText(p.label(), px, y, false)));
      }
    }
    for (ChartSpec.Marker m : spec.markers()) {
      if (spec.logX() && m.x() <= 0 || spec.logY() && m.y() != null && m.y() <= 0) {
        continue;  // off a log axis, as points are
      }
      double mx = x(spec, m.x());
      if (m.y() == null) {
        chart.addAnnotation(new AnnotationLine(mx, true, false));
        double top = maxY > 0 ? maxY * (spec.logY() ? 1.0 : 0.97) : 1;
        labels.place(m.text(), mx, top, true).ifPresent(y -> chart.addAnnotation(new AnnotationText(m.text(), mx, y,
            false)));
      } else {
        XYSeries knee = chart.addSeries(names.unique(m.text()), new double[] {mx}, new double[] {m.y()});
        knee.setMarker(SeriesMarkers.DIAMOND);
        knee.setMarkerColor(new Color(0xC0, 0x39, 0x2B));
        knee.setLineStyle(new BasicStroke(0f));
      }
    }
    if (chart.getSeriesCollection().isEmpty()) {
      chart.addSeries(names.unique("no data"), new double[] {0}, new double[] {1});
    }
    footer(chart, spec);
    return chart;
  }

  /** An unfilled circle: a point whose figures are kept but are not a success (an unstable cell). */
  static final org.knowm.xchart.style.markers.Marker HOLLOW = new org.knowm.xchart.style.markers.Marker() {
    @Override
    public void paint(java.awt.Graphics2D g, double x, double y, int size) {
      java.awt.Stroke before = g.getStroke();
      g.setStroke(new BasicStroke(1.5f));
      double d = size + 2;
      g.draw(new java.awt.geom.Ellipse2D.Double(x - d / 2, y - d / 2, d, d));
      g.setStroke(before);
    }
  };

  /** Dashes of a p99 or write latency line beside its solid average or read line. */
  private static final BasicStroke DASHED = new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f,
      new float[] {7f, 4f}, 0f);

  /** The planner's colour, dashes and hollow markers (no line: the points are not a curve of successes). */
  private static void style(XYSeries series, ChartSpec.Series s) {
    if (s.colour() != null) {
      Color c = Color.decode(s.colour());
      series.setLineColor(c);
      series.setMarkerColor(c);
    }
    if (s.dashed()) {
      series.setLineStyle(DASHED);
    }
    if (s.hollow()) {
      series.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
    }
  }

  /**
   * Where text labels go so that they do not print over each other: the plot is approximated in pixels
   * from the data's range (the chart's own layout is not known before it paints), each label takes a box
   * of its text's width, and a label that would overlap one placed before moves up a row, up to
   * {@value #LABEL_ROWS} rows (vertical-line labels move down from the top); one that still overlaps is left
   * out (its point keeps its marker, a line keeps the legend).
   */
  static final class Labels {
    static final int LABEL_ROWS = 4;
    private static final double PLOT_WIDTH = WIDTH * 0.62;
    private static final double PLOT_HEIGHT = HEIGHT * 0.72;
    private static final double CHAR_WIDTH = 6.2;
    private static final double ROW = 14;
    /** A point's label starts this far above it, clear of its marker. */
    private static final double LIFT = 6;
    private final boolean logY;
    private final double x0;
    private final double x1;
    private final double y0;
    private final double y1;
    private final List<double[]> placed = new ArrayList<>();

    Labels(ChartSpec spec) {
      this.logY = spec.logY();
      java.util.DoubleSummaryStatistics xs = new java.util.DoubleSummaryStatistics();
      java.util.DoubleSummaryStatistics ys = new java.util.DoubleSummaryStatistics();
      for (ChartSpec.Series s : spec.series()) {
        for (ChartSpec.Point p : s.points()) {
          if ((!spec.logX() || p.x() > 0) && (!logY || p.y() > 0)) {
            xs.accept(x(spec, p.x()));
            ys.accept(logY ? Math.log10(p.y()) : p.y());
          }
        }
      }
      spec.markers().forEach(m -> {
        if (!spec.logX() || m.x() > 0) {
          xs.accept(x(spec, m.x()));
        }
      });
      x0 = xs.getCount() == 0 ? 0 : xs.getMin();
      x1 = xs.getCount() == 0 || xs.getMax() == x0 ? x0 + 1 : xs.getMax();
      y0 = ys.getCount() == 0 ? 0 : logY ? ys.getMin() : Math.min(0, ys.getMin());
      y1 = ys.getCount() == 0 || ys.getMax() == y0 ? y0 + 1 : ys.getMax();
    }

    /** The y to draw {@code text} at, near {@code y} at {@code x}; empty when every row nearby is taken. */
    Optional<Double> place(String text, double x, double y, boolean downwards) {
      double px = (x - x0) / (x1 - x0) * PLOT_WIDTH;
      double py = ((logY ? Math.log10(Math.max(y, Double.MIN_NORMAL)) : y) - y0) / (y1 - y0) * PLOT_HEIGHT;
      double w = text.length() * CHAR_WIDTH;
      for (int row = 0; row < LABEL_ROWS; row++) {
        double ry = downwards ? py - row * ROW : py + LIFT + row * ROW;
        double[] box = {px - w / 2, ry, px + w / 2, ry + ROW};
        if (placed.stream().noneMatch(b -> b[0] < box[2] && box[0] < b[2] && b[1] < box[3] && box[1] < b[3])) {
          placed.add(box);
          double dataY = ry / PLOT_HEIGHT * (y1 - y0) + y0;
          return Optional.of(logY ? Math.pow(10, dataY) : dataY);
        }
      }
      return Optional.empty();
    }
  }

  /** Where {@code x} is drawn: its base-2 logarithm on a log-2 axis (XChart's own log axis has decade ticks only). */
  static double x(ChartSpec spec, double x) {
    return spec.logX() ? Math.log(x) / Math.log(2) : x;
  }

  /**
   * A log-2 x axis: the data is drawn at log2(x) on a linear axis from the power of two at or below
   * the smallest x to the one at or above the largest, and each whole exponent is labelled with its
   * power of two (1, 2, 4, ... 256); ticks between them stay unlabelled.
   */
  private static void log2Axis(org.knowm.xchart.style.XYStyler s, ChartSpec spec) {
    List<Double> ticks = log2Ticks(spec);
    if (ticks.isEmpty()) {
      return;
    }
    s.setXAxisMin(x(spec, ticks.get(0)));
    s.setXAxisMax(x(spec, ticks.get(ticks.size() - 1)));
    s.setXAxisTickLabelsFormattingFunction(ChartRenderer::log2Label);
  }

  /** The powers of two a log-2 axis labels: from 2^floor(log2 min x) to 2^ceil(log2 max x); empty without positive x. */
  static List<Double> log2Ticks(ChartSpec spec) {
    java.util.DoubleSummaryStatistics xs = java.util.stream.Stream.concat(
        spec.series().stream().flatMap(s -> s.points().stream()).map(ChartSpec.Point::x),
        spec.markers().stream().map(ChartSpec.Marker::x)).mapToDouble(Double::doubleValue).filter(v -> v > 0)
        .summaryStatistics();
    if (xs.getCount() == 0) {
      return List.of();
    }
    long lo = Math.round(Math.floor(Math.log(xs.getMin()) / Math.log(2) + 1e-9));
    long hi = Math.round(Math.ceil(Math.log(xs.getMax()) / Math.log(2) - 1e-9));
    List<Double> ticks = new ArrayList<>();
    for (long e = lo; e <= Math.max(hi, lo + 1); e++) {
      ticks.add(Math.pow(2, e));
    }
    return ticks;
  }

  /** The label of a log-2 axis tick at exponent {@code v}: its power of two when whole ("16"), else none. */
  static String log2Label(double v) {
    double rounded = Math.rint(v);
    if (Math.abs(v - rounded) > 1e-6) {
      return "";
    }
    double value = Math.pow(2, rounded);
    return value >= 1 ? String.format(java.util.Locale.ROOT, "%,.0f", value)
        : new java.text.DecimalFormat("0.###", java.text.DecimalFormatSymbols.getInstance(java.util.Locale.ROOT))
            .format(value);
  }

  /** Pairs of points as separate lines: XChart leaves a gap at a NaN, so one goes between pairs. */
  private static XYSeries segments(XYChart chart, String name, List<ChartSpec.Point> points) {
    int pairs = points.size() / 2;
    double[] x = new double[Math.max(0, pairs * 3 - 1)];
    double[] y = new double[x.length];
    for (int i = 0; i < pairs; i++) {
      x[i * 3] = points.get(i * 2).x();
      y[i * 3] = points.get(i * 2).y();
      x[i * 3 + 1] = points.get(i * 2 + 1).x();
      y[i * 3 + 1] = points.get(i * 2 + 1).y();
      if (i < pairs - 1) {
        x[i * 3 + 2] = points.get(i * 2 + 1).x();
        y[i * 3 + 2] = Double.NaN;
      }
    }
    XYSeries series = chart.addSeries(name, x, y);
    series.setLineStyle(new BasicStroke(3f));
    return series;
  }

  private static CategoryChart bars(ChartSpec spec) {
    CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(spec.title())
        .xAxisTitle(spec.xAxis()).yAxisTitle(spec.yAxis()).build();
    style(chart.getStyler());
    chart.getStyler().setYAxisDecimalPattern("#,##0");
    chart.getStyler().setXAxisLabelRotation(rotate(spec.categories()) ? 30 : 0);
    SeriesNames names = new SeriesNames();
    for (ChartSpec.Series s : spec.series()) {
      List<Double> values = new ArrayList<>();
      for (int i = 0; i < spec.categories().size(); i++) {
        int x = i;
        // a bar a cell did not measure is 0 height with no value: XChart needs a number per category
        values.add(s.points().stream().filter(p -> (int) p.x() == x).map(ChartSpec.Point::y).findFirst().orElse(0.0));
      }
      var series = errorBars(s.points()) ? chart.addSeries(names.unique(s.name()), spec.categories(), values,
          errors(spec, s)) : chart.addSeries(names.unique(s.name()), spec.categories(), values);
      if (s.colour() != null) {
        series.setFillColor(Color.decode(s.colour()));
      }
    }
    footer(chart, spec);
    return chart;
  }

  /**
   * A point's error bar as drawn: 0 without one; on a log axis (latencies) a bar reaching 0 or below, which the
   * axis cannot show, is cut to end a decade under the figure (90% of it): the figure is then barely known.
   */
  static double bar(ChartSpec spec, ChartSpec.Point p) {
    if (p.error() == null) {
      return 0;
    }
    return spec.logY() && p.error() >= p.y() ? 0.9 * p.y() : p.error();
  }

  /** Whether some point has an error bar (its 95% interval within the run). */
  private static boolean errorBars(List<ChartSpec.Point> points) {
    return points.stream().anyMatch(p -> p.error() != null);
  }

  /** A bar series' error bars per category, 0 where a bar has none. */
  private static List<Double> errors(ChartSpec spec, ChartSpec.Series s) {
    List<Double> errors = new ArrayList<>();
    for (int i = 0; i < spec.categories().size(); i++) {
      int x = i;
      errors.add(s.points().stream().filter(p -> (int) p.x() == x && p.error() != null).map(ChartSpec.Point::error)
          .findFirst().orElse(0.0));
    }
    return errors;
  }

  /** Whether category labels are drawn slanted: more than 6, or one wider than its share of the plot (they would overprint). */
  static boolean rotate(List<String> categories) {
    int longest = categories.stream().mapToInt(String::length).max().orElse(0);
    return categories.size() > 6 || longest * 7.0 > WIDTH * 0.62 / Math.max(1, categories.size());
  }

  /**
   * XChart refuses a second series of a name already used in the chart, and the names come from the
   * data (two curves' knees at the same thread count once had the same name): a repeated name gets
   * " (2)", " (3)", ... so that any data can be drawn.
   */
  static final class SeriesNames {
    private final java.util.Set<String> used = new java.util.HashSet<>();

    String unique(String name) {
      String candidate = name;
      for (int n = 2; !used.add(candidate); n++) {
        candidate = name + " (" + n + ")";
      }
      return candidate;
    }
  }

  /**
   * Log axes carry a tick at every 1..9 of each decade (XChart alone labels only powers of ten, so a
   * curve within one decade got one label or none). Labelled: 1, 2 and 5 of each decade; every tick
   * when the values drawn span less than a decade (then 1-2-5 would leave one or two labels).
   */
  private static void logTicks(org.knowm.xchart.style.XYStyler s, ChartSpec spec) {
    s.setYAxisLogarithmicDecadeOnly(false);
    java.text.DecimalFormat format = new java.text.DecimalFormat("#,##0.###",
        java.text.DecimalFormatSymbols.getInstance(java.util.Locale.ROOT));
    boolean few = spansUnderADecade(spec);
    s.setYAxisTickLabelsFormattingFunction(v -> few || isOneTwoFive(v) ? format.format(v) : "");
  }

  /** Whether the positive values a log axis draws (points and knee markers) lie within a factor of 10. */
  static boolean spansUnderADecade(ChartSpec spec) {
    java.util.DoubleSummaryStatistics y = java.util.stream.Stream.concat(
        spec.series().stream().flatMap(s -> s.points().stream()).map(ChartSpec.Point::y),
        spec.markers().stream().map(ChartSpec.Marker::y).filter(java.util.Objects::nonNull))
        .mapToDouble(Double::doubleValue).filter(v -> v > 0).summaryStatistics();
    return y.getCount() == 0 || y.getMax() < y.getMin() * 10;
  }

  /** Whether {@code v} is 1, 2 or 5 times a power of ten (to rounding). */
  static boolean isOneTwoFive(double v) {
    if (!(v > 0) || Double.isInfinite(v)) {
      return false;
    }
    double mantissa = v / Math.pow(10, Math.floor(Math.log10(v) + 1e-9));
    return Math.abs(mantissa - 1) < 1e-6 || Math.abs(mantissa - 2) < 1e-6 || Math.abs(mantissa - 5) < 1e-6
        || Math.abs(mantissa - 10) < 1e-6;
  }

  private static void style(Styler s) {
    s.setLegendPosition(Styler.LegendPosition.OutsideE);
    s.setChartBackgroundColor(Color.WHITE);
    s.setPlotBorderVisible(false);
    s.setChartTitleBoxVisible(false);
    s.setAnnotationTextPanelBackgroundColor(new Color(255, 255, 255, 0));
    s.setAnnotationTextPanelBorderColor(new Color(255, 255, 255, 0));
    if (s instanceof AxesChartStyler axes) {
      // solid: the SVG writer draws each dash of a dashed grid line as its own rectangle (60 KB a chart)
      axes.setPlotGridLinesStroke(new BasicStroke(1f));
      axes.setPlotGridLinesColor(new Color(225, 225, 225));
      axes.setErrorBarsColorSeriesColor(true);  // a curve's error bars in its own colour
    }
  }

  /**
   * The footer, one line in the bottom-left corner, inside a chart padding made tall enough for it,
   * so it never sits on an axis title or a tick label.
   */
  private static void footer(AxesChart<?, ?> chart, ChartSpec spec) {
    chart.getStyler().setChartPadding(FOOTER_ROOM);
    chart.getStyler().setAnnotationTextPanelPadding(2);
    chart.getStyler().setAnnotationTextPanelFont(new java.awt.Font(java.awt.Font.SANS_SERIF, java.awt.Font.PLAIN, 11));
    chart.addAnnotation(new AnnotationTextPanel(spec.footer(), 2, 1, true));
  }

  /** Padding on every side, in pixels: the bottom one holds the footer. */
  private static final int FOOTER_ROOM = 22;
}

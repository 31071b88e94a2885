package dev.ycsbmongo.orchestrator.report.charts;

import dev.ycsbmongo.orchestrator.capacity.CapacitySpec;
import dev.ycsbmongo.orchestrator.plan.CellProperty;
import dev.ycsbmongo.orchestrator.report.CapacityRecords;
import dev.ycsbmongo.orchestrator.report.CapacityReport;
import dev.ycsbmongo.orchestrator.report.CapacityRecords.Search;
import dev.ycsbmongo.orchestrator.report.CapacityRecords.Step;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * A capacity search as two pictures, from {@code capacity.jsonl}: offered vs achieved throughput per step (the
 * line where every offered operation is done, y = x, and the sustain share of it a step must reach), and the
 * plan's percentile of intended-time latency vs the offered rate with the SLO drawn across, YCSB's operation
 * latency beside it for contrast. On both the capacity found is a marked point and the lowest rate shown to fail a
 * vertical line: the capacity lies between the two.
 */
final class CapacityCharts {

  /** Searches beyond this many keep their table rows and steps; their charts would crowd the page. */
  static final int MAX_SEARCHES = 12;

  static final String PASSED_COLOUR = "#4E79A7";
  static final String FAILED_COLOUR = "#E15759";
  static final String OFFERED_COLOUR = "#BAB0AC";
  static final String SUSTAIN_COLOUR = "#F28E2B";
  static final String OPERATION_COLOUR = "#9C755F";

  /**
   * Points of a reference line (y = x, the sustain share, the SLO): the renderer draws a line of 40 points or more
   * without markers, so these read as lines rather than as measurements; on a log-2 rate axis they also keep y = x
   * the curve it is there rather than chords between the steps.
   */
  static final int LINE_POINTS = 41;

  private CapacityCharts() {
  }

  /**
   * Which records belong to a capacity search (its cell's, a step's, its probe's), whose figures these charts draw
   * (their thread counts follow the offered rate, so a thread chart of them would mislead): the phases under a cell
   * of {@code capacity.jsonl}, and any with an offered-rate coordinate (a search cut short before its first line).
   * Their properties cannot tell: the {@code capacity.*} keys are the orchestrator's, never recorded.
   */
  static Predicate<PhaseResult> records(Path runDir) {
    Set<String> cells = new HashSet<>();
    if (runDir != null) {
      try {
        CapacityRecords.lines(runDir.resolve(CapacityReport.SOURCE)).stream().map(l -> l.path("cell").asText())
            .filter(c -> !c.isEmpty()).forEach(cells::add);
      } catch (IOException e) {
        // the offered-rate coordinate still tells the steps
      }
    }
    return r -> r.coordinates() != null && r.coordinates().containsKey(CapacitySpec.OFFERED)
        || cells.contains(r.phaseId()) || cells.stream().anyMatch(c -> r.phaseId().startsWith(c + "/"));
  }

  /** The charts of the run directory's searches; none when it searched none or its file cannot be read. */
  static List<ChartSpec> plan(Path runDir, String footer) {
    if (runDir == null) {
      return List.of();
    }
    try {
      return plan(CapacityRecords.read(runDir), footer);
    } catch (IOException e) {
      return List.of();  // the capacity table says the same from the same file, or that it is missing
    }
  }

  static List<ChartSpec> plan(List<Search> searches, String footer) {
    List<ChartSpec> charts = new ArrayList<>();
    for (Search s : searches.stream().filter(s -> !s.steps().isEmpty()).limit(MAX_SEARCHES).toList()) {
      charts.add(throughput(s, footer));
      charts.add(latency(s, footer));
    }
    return charts;
  }

  /** "embedded, rw-95-5 (threads=4)": what a chart of the search is of. */
  static String subject(Search s) {
    List<String> parts = new ArrayList<>();
    s.coordinates().forEach((k, v) -> parts.add(CellProperty.shownAs(k) + "=" + v));
    String rep = s.cell().matches(".*/rep=\\d+$") && !s.cell().endsWith("/rep=1")
        ? ", " + s.cell().substring(s.cell().lastIndexOf('/') + 1) : "";
    return s.target() + ", " + s.scenario() + (parts.isEmpty() ? "" : " (" + String.join(", ", parts) + ")") + rep;
  }

  static ChartSpec throughput(Search s, String footer) {
    List<Step> steps = byOffered(s);
    boolean logX = logX(steps);
    List<ChartSpec.Series> series = new ArrayList<>();
    series.add(new ChartSpec.Series("offered = achieved (y = x)", line(steps, logX, 1.0), OFFERED_COLOUR, true,
        false));
    series.add(new ChartSpec.Series(share(s.sustain()) + " of offered (sustain: a step below it did not keep up)",
        line(steps, logX, s.sustain()), SUSTAIN_COLOUR, true, false));
    series.add(new ChartSpec.Series("achieved, per step (#n: step number)", steps.stream()
        .map(st -> new ChartSpec.Point(st.offered(), st.achieved(), "#" + st.number())).toList(), PASSED_COLOUR,
        false, false));
    series.add(new ChartSpec.Series("step that failed", steps.stream().filter(st -> !st.passed())
        .map(st -> new ChartSpec.Point(st.offered(), st.achieved(), null)).toList(), FAILED_COLOUR, false, true));
    List<ChartSpec.Marker> markers = markers(s, st -> st.achieved());
    return new ChartSpec(ChartPlanner.id("capacity-throughput", s.cell()), ChartSpec.Kind.LINE,
        "Capacity search, offered vs achieved throughput: " + subject(s), rateAxis(logX),
        "Achieved throughput (successful ops/s)", false, List.of(), series, markers,
        "Each point is a step of the search, run open loop at the rate on the x axis (YCSB -target): on the grey"
            + " line every operation offered was done; a step below the orange line (" + share(s.sustain())
            + " of offered) did not keep up. A ringed point failed (its verdict is in the steps table)."
            + CAPACITY_NOTE, footer, logX);
  }

  static ChartSpec latency(Search s, String footer) {
    List<Step> steps = byOffered(s);
    boolean logX = logX(steps);
    String p = s.percentileLabel();
    List<ChartSpec.Series> series = new ArrayList<>();
    series.add(new ChartSpec.Series("intended-time " + p + " (what the search judges; #n: step)", steps.stream()
        .filter(st -> st.intendedMicros() != null)
        .map(st -> new ChartSpec.Point(st.offered(), ms(st.intendedMicros()), "#" + st.number())).toList(),
        PASSED_COLOUR, false, false));
    series.add(new ChartSpec.Series("operation " + p + " (YCSB's default: hides queueing)", steps.stream()
        .filter(st -> st.operationMicros() != null)
        .map(st -> new ChartSpec.Point(st.offered(), ms(st.operationMicros()), null)).toList(), OPERATION_COLOUR,
        true, false));
    series.add(new ChartSpec.Series("step that failed", steps.stream()
        .filter(st -> !st.passed() && st.intendedMicros() != null)
        .map(st -> new ChartSpec.Point(st.offered(), ms(st.intendedMicros()), null)).toList(), FAILED_COLOUR, false,
        true));
    double sloMs = ms(s.sloMicros());
    series.add(new ChartSpec.Series("SLO: " + p + " <= " + CapacitySpec.millis(s.sloMicros()), grid(steps, logX,
        false).stream().map(x -> new ChartSpec.Point(x, sloMs, null)).toList(), FAILED_COLOUR, true,
        false));
    List<ChartSpec.Marker> markers = markers(s, st -> st.intendedMicros() == null ? null : ms(st.intendedMicros()));
    return new ChartSpec(ChartPlanner.id("capacity-latency", s.cell()), ChartSpec.Kind.LINE,
        "Capacity search, intended-time " + p + " vs offered rate: " + subject(s), rateAxis(logX),
        p + " latency (ms, log scale)", true, List.of(), series, markers,
        "Intended-time latency counts from when each operation should have started at the offered rate, so time"
            + " queued behind a slow server counts; YCSB's operation latency (dashed) starts when the operation"
            + " does and stays low while the queue grows. A step passes when its intended " + p + " is under the"
            + " red line and it kept up (offered vs achieved chart). A ringed point failed." + CAPACITY_NOTE,
        footer, logX);
  }

  /** Said under both charts. */
  static final String CAPACITY_NOTE = " Diamond: the capacity, the highest rate that passed; vertical line: the"
      + " lowest rate shown to fail (measured, or inferred from a step that did not keep up). The capacity lies"
      + " between the two.";

  /**
   * The capacity as a point at its step's figure ({@code y}), and the lowest failing rate as a vertical line;
   * each left out when the search has none.
   */
  private static List<ChartSpec.Marker> markers(Search s, Function<Step, Double> y) {
    List<ChartSpec.Marker> markers = new ArrayList<>();
    if (s.capacity() != null) {
      s.steps().stream().filter(st -> st.passed() && st.offered() == s.capacity()).map(y)
          .filter(java.util.Objects::nonNull).findFirst()
          .ifPresent(v -> markers.add(new ChartSpec.Marker(String.format(Locale.ROOT, "capacity %,.0f ops/s%s",
              s.capacity(), "at_max".equals(s.ending()) ? " (capacity.max: at least)" : ""), s.capacity(), v)));
    }
    if (s.failsAbove() != null) {
      markers.add(new ChartSpec.Marker(String.format(Locale.ROOT, "fails at %,.0f", s.failsAbove()), s.failsAbove(),
          null));
    }
    return markers;
  }

  private static List<Step> byOffered(Search s) {
    return s.steps().stream().sorted(Comparator.comparingDouble(Step::offered).thenComparingInt(Step::number))
        .toList();
  }

  /** A log-2 rate axis when the rates offered span a factor 8 or more (halving from a start far too high). */
  private static boolean logX(List<Step> steps) {
    double lo = steps.get(0).offered();
    double hi = steps.get(steps.size() - 1).offered();
    return lo > 0 && hi >= lo * ChartPlanner.LOG_THREADS_FROM;
  }

  private static String rateAxis(boolean logX) {
    return "Offered rate (ops/s" + (logX ? ", log scale" : "") + ")";
  }

  /** The line {@code y = factor x} over the offered rates ({@link #grid}). */
  private static List<ChartSpec.Point> line(List<Step> steps, boolean logX, double factor) {
    return grid(steps, logX, true).stream().map(x -> new ChartSpec.Point(x, round(x * factor), null)).toList();
  }

  /**
   * The rates a reference line is drawn through: each step's, and {@value #LINE_POINTS} spaced evenly on the axis
   * up to the highest rate offered, from the lowest (or, with {@code fromZero} on a linear axis, from 0: where
   * throughput reads true).
   */
  private static List<Double> grid(List<Step> steps, boolean logX, boolean fromZero) {
    TreeSet<Double> xs = new TreeSet<>();
    steps.forEach(st -> xs.add(st.offered()));
    double lo = xs.first();
    double hi = xs.last();
    double start = fromZero && !logX ? 0 : lo;
    for (int i = 0; i < LINE_POINTS; i++) {
      double t = (double) i / (LINE_POINTS - 1);
      xs.add(round(logX ? lo * Math.pow(hi / lo, t) : start + (hi - start) * t));
    }
    return List.copyOf(xs);
  }

  private static double ms(double micros) {
    return Math.round(micros) / 1000.0;
  }

  private static double round(double v) {
    return Math.round(v * 10) / 10.0;
  }

  private static String share(double s) {
    double pct = s * 100;
    return (pct == Math.rint(pct) ? Long.toString((long) pct) : String.format(Locale.ROOT, "%.1f", pct)) + "%";
  }
}

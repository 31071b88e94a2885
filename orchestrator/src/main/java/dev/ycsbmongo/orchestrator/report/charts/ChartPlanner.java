package dev.ycsbmongo.orchestrator.report.charts;

import dev.ycsbmongo.orchestrator.FileNames;
import dev.ycsbmongo.orchestrator.plan.CellProperty;
import dev.ycsbmongo.orchestrator.plan.ChartSettings;
import dev.ycsbmongo.orchestrator.report.CellFigures;
import dev.ycsbmongo.orchestrator.report.FigureIntervals;
import dev.ycsbmongo.orchestrator.report.Curves;
import dev.ycsbmongo.orchestrator.report.Records;
import dev.ycsbmongo.orchestrator.report.Unverified;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.ServerSample;
import dev.ycsbmongo.orchestrator.results.ServerSamples;
import dev.ycsbmongo.orchestrator.results.YcsbOutput;
import dev.ycsbmongo.orchestrator.results.YcsbOutputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Which charts a run gets, from its records (and each phase's stored logs) alone: throughput vs
 * threads, latency vs threads and latency vs throughput for scenarios that sweep threads (studies 2
 * and 4; a log-2 thread axis when the sweep spans 8x or more; split by a target label when the plan
 * asks, as study 2 draws medium and large machines apart), grouped
 * bars of throughput, RAL and WAL per target and scenario (study 1), a capacity search's two charts
 * ({@link CapacityCharts}), and per-phase time series.
 * A figure a cell did not measure is left out, never drawn as 0.
 */
public final class ChartPlanner {

  /** Time series beyond this many phases would make a 500-phase report unreadable and slow; the rest stay in the files. */
  static final int MAX_TIME_SERIES = 12;
  private static final String THREADS = CellProperty.THREADS.key();

  private ChartPlanner() {
  }

  public static List<ChartSpec> plan(List<PhaseResult> all, Path runDir) {
    return plan(all, runDir, ChartSettings.NONE);
  }

  /**
   * The charts of a run; with {@code settings.splitBy()} each scenario's thread charts are drawn once
   * per value of that target label (a target without the label falls under "-").
   */
  public static List<ChartSpec> plan(List<PhaseResult> all, Path runDir, ChartSettings settings) {
    // every measured cell, whatever its verdict: one that did not succeed is drawn as a gap, never dropped
    List<PhaseResult> current = Records.latest(all).stream().filter(Records::measured).toList();
    List<PhaseResult> measured = current.stream().filter(ChartPlanner::drawable).toList();
    // a capacity search's cell and steps are drawn by CapacityCharts: their threads follow the offered rate
    List<PhaseResult> cells = current.stream().filter(r -> r.connections() == null)
        .filter(CapacityCharts.records(runDir).negate()).toList();
    String footer = footer(all);
    List<ChartSpec> charts = new ArrayList<>();
    Map<String, List<PhaseResult>> byScenario = new LinkedHashMap<>();
    String split = settings.splitBy();
    cells.forEach(r -> byScenario.computeIfAbsent(r.scenario() + " (" + r.kind().label() + ")"
        + (split == null ? "" : ", " + split + "=" + r.target().labels().getOrDefault(split, "-")),
        k -> new ArrayList<>()).add(r));
    byScenario.forEach((scenario, records) -> {
      if (records.stream().map(r -> r.coordinates().get(THREADS)).filter(Objects::nonNull).distinct().count() > 1) {
        List<Curve> curves = curves(records, settings.colourBy());
        charts.add(throughputVsThreads(scenario, records, curves, footer));
        latencyVsThreads(scenario, records, curves, footer).ifPresent(charts::add);
        latencyVsThroughput(scenario, curves, footer).ifPresent(charts::add);
      }
    });
    charts.addAll(CapacityCharts.plan(runDir, footer));
    charts.addAll(bars(cells, footer, settings.colourBy()));
    charts.addAll(SettingBars.plan(cells, footer));
    runTimeline(measured, footer).ifPresent(charts::add);
    charts.addAll(timeSeries(perSecondCells(current), runDir, footer));
    Records.latest(all).stream().filter(r -> r.connections() != null).limit(MAX_TIME_SERIES)
        .forEach(r -> heldConnections(r, runDir, footer).ifPresent(charts::add));
    ConnectionLimitChart.plan(Records.latest(all), footer).ifPresent(charts::add);
    return footnoted(charts, Unverified.of(measured));
  }

  /** Charts that draw an unverified cell (a series or title marked †) say what was not confirmed in their footer. */
  private static List<ChartSpec> footnoted(List<ChartSpec> charts, Unverified.Note unverified) {
    if (unverified.empty()) {
      return charts;
    }
    String mark = " " + Unverified.MARK;
    return charts.stream().map(c -> c.title().endsWith(mark) || c.series().stream().anyMatch(x -> x.name()
        .contains(mark)) ? new ChartSpec(c.id(), c.kind(), c.title(), c.xAxis(), c.yAxis(), c.logY(), c.categories(),
            c.series(), c.markers(), c.note(), c.footer() + " · " + Unverified.MARK + " " + unverified.finding(),
            c.logX()) : c).toList();
  }

  /** A cell whose figures are drawn as a success. */
  static boolean drawable(PhaseResult r) {
    return r.succeeded() && r.tableWindow() != null;
  }

  /**
   * A connection-stress phase: the server's connections, CPU and memory over the phase, the hold
   * marked (study 5's "CPU and memory while holding them"). Absent when the server reports none.
   */
  private static Optional<ChartSpec> heldConnections(PhaseResult r, Path runDir, String footer) {
    if (r.outputDirectory() == null || r.outputDirectory().isEmpty()) {
      return Optional.empty();
    }
    Path dir = runDir.resolve(r.outputDirectory());
    List<ChartSpec.Series> series = new ArrayList<>();
    serverSeries(dir, -1, "server connections", s -> s.connectionsCurrent() == null ? null
        : s.connectionsCurrent().doubleValue()).ifPresent(series::add);
    serverSeries(dir, -1, "server CPU (%)", ServerSample::cpuPercent).ifPresent(series::add);
    serverSeries(dir, -1, "server resident memory (MB)", s -> s.residentMb() == null ? null
        : s.residentMb().doubleValue()).ifPresent(series::add);
    if (series.isEmpty()) {
      return Optional.empty();
    }
    List<ChartSpec.Marker> markers = new ArrayList<>();
    samplerStart(dir).ifPresent(start -> {
      var c = r.connections();
      if (c.holdStart() != null) {
        markers.add(new ChartSpec.Marker("hold starts", (c.holdStart().toEpochMilli() - start) / 1000.0, null));
      }
      if (c.holdEnd() != null) {
        markers.add(new ChartSpec.Marker("hold ends", (c.holdEnd().toEpochMilli() - start) / 1000.0, null));
      }
    });
    return Optional.of(new ChartSpec(id("held", r.phaseId()), ChartSpec.Kind.LINE, "Server while connections were"
        + " opened and held: " + r.phaseId(), "Seconds into the phase", "Connections / CPU % / MB", false, List.of(),
        series, markers, "Sampled from serverStatus on the primary (connections include this tool's own).", footer));
  }

  /** When the phase's sampler started (ms since the epoch), from its first sample. */
  private static Optional<Long> samplerStart(Path phaseDir) {
    try {
      List<ServerSample> samples = ServerSamples.read(phaseDir.resolve(ServerSamples.FILE));
      return samples.isEmpty() ? Optional.empty() : Optional.of(samples.get(0).instant().toEpochMilli()
          - Math.round(samples.get(0).elapsedSeconds() * 1000));
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  /**
   * One line of a thread chart: a target and setting (every varying coordinate but threads), its cells by
   * thread count (whatever their verdict), and its colour (a shade of its family's hue).
   */
  private record Curve(String name, TreeMap<Integer, List<PhaseResult>> points, String colour) {

    String prefix() {
      return name.isEmpty() ? "" : name + ": ";
    }

    /** The thread counts none of whose cells succeeded, with their verdict. */
    List<Knee.Gap> gaps() {
      List<Knee.Gap> gaps = new ArrayList<>();
      points.forEach((threads, reps) -> {
        if (reps.stream().noneMatch(ChartPlanner::drawable)) {
          gaps.add(new Knee.Gap(threads, verdict(reps)));
        }
      });
      return gaps;
    }
  }

  /** A cell's verdict as the gap marks name it: its last repetition's status, lower case. */
  static String verdict(List<PhaseResult> reps) {
    return reps.get(reps.size() - 1).status().name().toLowerCase(Locale.ROOT);
  }

  /** The curves of one scenario's cells, points ordered by threads, coloured by the {@code colourBy} label's families. */
  private static List<Curve> curves(List<PhaseResult> records, String colourBy) {
    Set<String> varying = new LinkedHashSet<>();
    for (PhaseResult r : records) {
      for (String k : r.coordinates().keySet()) {
        if (!k.equals(THREADS) && records.stream().map(x -> x.coordinates().get(k)).distinct().count() > 1) {
          varying.add(k);
        }
      }
    }
    boolean manyTargets = records.stream().map(r -> r.target().name()).distinct().count() > 1;
    Function<PhaseResult, String> name = r -> {
      List<String> parts = new ArrayList<>();
      if (manyTargets || varying.isEmpty()) {
        parts.add(r.target().name());
      }
      varying.forEach(k -> parts.add(label(k) + "=" + r.coordinates().getOrDefault(k, "-")));
      return String.join(", ", parts);
    };
    // a point of a curve is a cell of the thread sweep, placed at the threads it ran with
    List<PhaseResult> swept = records.stream().filter(r -> r.coordinates().containsKey(THREADS))
        .filter(r -> Curves.threadsOf(r) != null).toList();
    Map<String, TreeMap<Integer, List<PhaseResult>>> byName = Curves.points(swept, name);
    Map<String, String> family = new LinkedHashMap<>();
    swept.forEach(r -> family.putIfAbsent(name.apply(r), colourBy == null ? null
        : r.target().labels().getOrDefault(colourBy, "-")));
    List<String> colours = ChartColours.assign(new ArrayList<>(family.values()));
    List<Curve> curves = new ArrayList<>();
    int i = 0;
    for (Map.Entry<String, TreeMap<Integer, List<PhaseResult>>> e : byName.entrySet()) {
      // a curve with a cell measured on an unconfirmed setting is named with the mark
      String mark = Unverified.mark(e.getValue().values().stream().flatMap(List::stream).toList());
      curves.add(new Curve(e.getKey() + mark, e.getValue(), colours.get(i++)));
    }
    return curves;
  }

  /** The mean of a figure over a cell's successful repetitions; absent when none succeeded or none measured it. */
  static Optional<Double> ok(List<PhaseResult> reps, Function<CellFigures, Double> f) {
    return mean(reps.stream().filter(ChartPlanner::drawable).toList(), f);
  }

  /** The figure of a thread count without a success whose cells still measured it (unstable): drawn hollow. */
  private static Optional<Double> notOk(List<PhaseResult> reps, Function<CellFigures, Double> f) {
    return reps.stream().anyMatch(ChartPlanner::drawable) ? Optional.empty()
        : mean(reps.stream().filter(r -> r.tableWindow() != null).toList(), f);
  }

  /** A hollow series of a curve's unstable points (figures kept, never a success), labelled with their verdict. */
  private static Optional<ChartSpec.Series> hollow(Curve c, String what, List<ChartSpec.Point> points) {
    return points.isEmpty() ? Optional.empty() : Optional.of(new ChartSpec.Series(c.prefix() + what
        + " (not a success)", points, c.colour(), false, true));
  }

  /** A thread count without figures, as a labelled vertical line naming its verdict ("rs: 16 threads failed"). */
  private static List<ChartSpec.Marker> gapLines(Curve c, Function<CellFigures, Double> f) {
    List<ChartSpec.Marker> markers = new ArrayList<>();
    c.points().forEach((threads, reps) -> {
      if (ok(reps, f).isEmpty() && notOk(reps, f).isEmpty() && reps.stream().noneMatch(ChartPlanner::drawable)) {
        markers.add(new ChartSpec.Marker(c.prefix() + threads(threads) + " " + verdict(reps), threads, null));
      }
    });
    return markers;
  }

  private static ChartSpec throughputVsThreads(String scenario, List<PhaseResult> records, List<Curve> curves,
      String footer) {
    List<ChartSpec.Series> series = new ArrayList<>();
    List<ChartSpec.Series> hollows = new ArrayList<>();
    List<ChartSpec.Marker> gaps = new ArrayList<>();
    for (Curve c : curves) {
      List<ChartSpec.Point> p = new ArrayList<>();
      List<ChartSpec.Point> bad = new ArrayList<>();
      c.points().forEach((threads, reps) -> {
        ok(reps, CellFigures::throughput).ifPresent(v -> p.add(new ChartSpec.Point(threads, v, null,
            throughputError(reps))));
        notOk(reps, CellFigures::throughput).ifPresent(v -> bad.add(new ChartSpec.Point(threads, v, verdict(reps))));
      });
      series.add(new ChartSpec.Series(c.name(), p, c.colour(), false, false));
      hollow(c, "throughput", bad).ifPresent(hollows::add);
      gaps.addAll(gapLines(c, CellFigures::throughput));
    }
    series.addAll(hollows);
    boolean logX = logThreads(records);
    return new ChartSpec(id("throughput-vs-threads", scenario), ChartSpec.Kind.LINE, "Throughput vs client threads: "
        + scenario, threadAxis(logX), "Throughput (successful ops/s)", false, List.of(), series, gaps,
        "One line per target and setting; the mean of a cell's repetitions." + errorNote(series) + GAP_NOTE, footer,
        logX);
  }

  /** Said under a chart with error bars. */
  static final String ERROR_BARS = " Error bars: the 95% interval within the run of a cell of one repetition (its"
      + " steady window; run-to-run variation is not in it).";

  /** {@link #ERROR_BARS} when some point has one, else nothing (charts of older records read as before). */
  static String errorNote(List<ChartSpec.Series> series) {
    return series.stream().flatMap(s -> s.points().stream()).anyMatch(p -> p.error() != null) ? ERROR_BARS : "";
  }

  /**
   * Half the width of the throughput's 95% interval of a cell of one successful repetition, as its error bar; null
   * with none or with repetitions (their mean is no single run's figure).
   */
  static Double throughputError(List<PhaseResult> reps) {
    return error(reps, FigureIntervals::throughput);
  }

  /**
   * Half the width of a figure's 95% interval ({@code interval}: one of {@link FigureIntervals}' latencies or the
   * throughput) of a cell of one successful repetition, as its error bar: the half-width the tables show as
   * "± x%", so chart and table agree (a p99's bootstrap interval may lie unevenly around it); null with none or
   * with repetitions.
   */
  static Double error(List<PhaseResult> reps,
      Function<dev.ycsbmongo.orchestrator.results.WindowStats, dev.ycsbmongo.orchestrator.results.Ci> interval) {
    List<PhaseResult> ok = reps.stream().filter(ChartPlanner::drawable).toList();
    if (ok.size() != 1) {
      return null;
    }
    dev.ycsbmongo.orchestrator.results.Ci ci = interval.apply(ok.get(0).tableWindow());
    return ci == null ? null : (ci.high() - ci.low()) / 2;
  }

  /** How a thread chart shows the cells that did not succeed. */
  static final String GAP_NOTE = " A thread count without a successful cell is a gap in its line: a hollow marker"
      + " where an unstable cell measured figures (kept, not a success), a labelled vertical line naming the"
      + " verdict where it measured none.";

  /** A thread sweep spanning this factor or more gets a log-2 thread axis: 1..256 bunches at the left on a linear one. */
  static final int LOG_THREADS_FROM = 8;

  /** Whether the sweep's largest thread count is at least {@value #LOG_THREADS_FROM} times its smallest. */
  static boolean logThreads(List<PhaseResult> records) {
    java.util.IntSummaryStatistics t = records.stream().filter(r -> r.coordinates().containsKey(THREADS))
        .map(Curves::threadsOf).filter(Objects::nonNull).mapToInt(Integer::intValue).filter(v -> v > 0).summaryStatistics();
    return t.getCount() > 0 && t.getMax() >= (long) t.getMin() * LOG_THREADS_FROM;
  }

  private static String threadAxis(boolean log) {
    return log ? "Client threads (log-2 scale)" : "Client threads";
  }

  /**
   * The knee marker's name: the curve's, marked when the curve has a gap (its knee may lie there) and when its step
   * does not hold over the intervals of its changes ({@link Curves.KneeStep#certain}).
   */
  private static String kneeText(Curve c, Knee.Finding f, boolean reads) {
    return c.prefix() + "knee: " + threads(f.knee().threads()) + uncertain(c, f, reads)
        + (f.complete() ? "" : " " + Curves.INCOMPLETE);
  }

  /** What a knee marked not certain is, said once under a chart that has one; "" otherwise. */
  private static String kneeNote(List<ChartSpec.Marker> markers) {
    return markers.stream().anyMatch(m -> m.text().contains(Curves.KneeStep.NOT_CERTAIN))
        ? " " + dev.ycsbmongo.orchestrator.report.CurveSummary.KNEE_NOTE : "";
  }

  /** " (not certain)" where the knee's step does not hold over its changes' intervals; "" otherwise or unknown. */
  private static String uncertain(Curve c, Knee.Finding f, boolean reads) {
    TreeMap<Integer, List<PhaseResult>> ok = new TreeMap<>();
    c.points().forEach((t, reps) -> {
      List<PhaseResult> drawn = reps.stream().filter(ChartPlanner::drawable).toList();
      if (!drawn.isEmpty()) {
        ok.put(t, drawn);
      }
    });
    Curves.KneeStep step = Curves.kneeStep(ok, f.knee().threads(), reads);
    return step == null || step.certain() ? "" : " " + Curves.KneeStep.NOT_CERTAIN;
  }

  /**
   * Average read latency (RAL) and average write latency (WAL) per curve against the thread count,
   * latency on a log axis (studies 2 and 4 read the latency a thread count costs); a figure the
   * cells did not measure has no curve. A curve's RAL and WAL share its colour, WAL dashed. The knee
   * of each curve is marked where its average read latency (else write) finds one.
   */
  private static Optional<ChartSpec> latencyVsThreads(String scenario, List<PhaseResult> records, List<Curve> curves,
      String footer) {
    List<ChartSpec.Series> series = new ArrayList<>();
    List<ChartSpec.Series> hollows = new ArrayList<>();
    List<ChartSpec.Marker> markers = new ArrayList<>();
    for (Curve c : curves) {
      List<ChartSpec.Point> ral = new ArrayList<>();
      List<ChartSpec.Point> wal = new ArrayList<>();
      List<ChartSpec.Point> bad = new ArrayList<>();
      List<Knee.Step> readSteps = new ArrayList<>();
      List<Knee.Step> writeSteps = new ArrayList<>();
      c.points().forEach((threads, reps) -> {
        Optional<Double> t = ok(reps, CellFigures::throughput);
        ok(reps, CellFigures::ral).ifPresent(v -> {
          ral.add(new ChartSpec.Point(threads, v, null, error(reps, FigureIntervals::ral)));
          t.ifPresent(x -> readSteps.add(new Knee.Step(threads, x, v)));
        });
        ok(reps, CellFigures::wal).ifPresent(v -> {
          wal.add(new ChartSpec.Point(threads, v, null, error(reps, FigureIntervals::wal)));
          t.ifPresent(x -> writeSteps.add(new Knee.Step(threads, x, v)));
        });
        notOk(reps, CellFigures::ral).or(() -> notOk(reps, CellFigures::wal))
            .ifPresent(v -> bad.add(new ChartSpec.Point(threads, v, verdict(reps))));
      });
      if (!ral.isEmpty()) {
        series.add(new ChartSpec.Series(c.prefix() + "average read (RAL)", ral, c.colour(), false, false));
      }
      if (!wal.isEmpty()) {
        series.add(new ChartSpec.Series(c.prefix() + "average write (WAL)", wal, c.colour(), !ral.isEmpty(), false));
      }
      hollow(c, "latency", bad).ifPresent(hollows::add);
      markers.addAll(gapLines(c, f -> f.ral() != null ? f.ral() : f.wal()));
      Knee.Finding f = Knee.analyse(readSteps.isEmpty() ? writeSteps : readSteps, c.gaps());
      if (f.knee() != null) {
        markers.add(new ChartSpec.Marker(kneeText(c, f, !readSteps.isEmpty()), f.knee().threads(),
            f.knee().latency()));
      }
    }
    series.addAll(hollows);
    if (series.isEmpty() && markers.isEmpty()) {
      return Optional.empty();
    }
    boolean logX = logThreads(records);
    return Optional.of(new ChartSpec(id("latency-vs-threads", scenario), ChartSpec.Kind.LINE,
        "Latency vs client threads: " + scenario, threadAxis(logX), "Average latency (µs, log scale)", true, List.of(),
        series, markers, "One colour per target and setting: RAL (solid) is the average read latency, WAL (dashed)"
            + " the average write (update, insert) latency; the mean of a cell's repetitions." + errorNote(series) + " "
            + Knee.RULE + kneeNote(markers) + GAP_NOTE, footer, logX));
  }

  /**
   * Average and p99 latency against throughput, one point per thread count (the averages labelled; the
   * p99 of the same thread count lies straight above), latency on a log axis; reads where the scenario
   * reads, else its writes. A curve's average and p99 share its colour, p99 dashed. The knee of each
   * curve is marked; thread counts without figures are named in the note (no throughput to place them at).
   */
  private static Optional<ChartSpec> latencyVsThroughput(String scenario, List<Curve> curves, String footer) {
    boolean reads = curves.stream().flatMap(c -> c.points().values().stream()).flatMap(List::stream)
        .anyMatch(r -> CellFigures.of(r).ral() != null);
    Function<CellFigures, Double> avg = reads ? CellFigures::ral : CellFigures::wal;
    Function<CellFigures, Double> p99 = reads ? f -> toDouble(f.p99Read()) : f -> toDouble(f.p99Write());
    Function<dev.ycsbmongo.orchestrator.results.WindowStats, dev.ycsbmongo.orchestrator.results.Ci> avgCi = reads
        ? FigureIntervals::ral : FigureIntervals::wal;
    Function<dev.ycsbmongo.orchestrator.results.WindowStats, dev.ycsbmongo.orchestrator.results.Ci> p99Ci = reads
        ? FigureIntervals::p99Read : FigureIntervals::p99Write;
    String what = reads ? "read" : "write";
    List<ChartSpec.Series> series = new ArrayList<>();
    List<ChartSpec.Series> hollows = new ArrayList<>();
    List<ChartSpec.Marker> markers = new ArrayList<>();
    List<String> knees = new ArrayList<>();
    List<String> missing = new ArrayList<>();
    for (Curve c : curves) {
      List<ChartSpec.Point> avgPoints = new ArrayList<>();
      List<ChartSpec.Point> p99Points = new ArrayList<>();
      List<ChartSpec.Point> bad = new ArrayList<>();
      List<Knee.Step> steps = new ArrayList<>();
      c.points().forEach((threads, reps) -> {
        Optional<Double> t = ok(reps, CellFigures::throughput);
        Optional<Double> a = ok(reps, avg);
        Optional<Double> p = ok(reps, p99);
        if (t.isPresent() && a.isPresent()) {
          avgPoints.add(new ChartSpec.Point(t.get(), a.get(), "t=" + threads, error(reps, avgCi)));
          steps.add(new Knee.Step(threads, t.get(), a.get()));
        }
        if (t.isPresent() && p.isPresent()) {
          p99Points.add(new ChartSpec.Point(t.get(), p.get(), null, error(reps, p99Ci)));
        }
        Optional<Double> badT = notOk(reps, CellFigures::throughput);
        Optional<Double> badA = notOk(reps, avg);
        if (badT.isPresent() && badA.isPresent()) {
          bad.add(new ChartSpec.Point(badT.get(), badA.get(), "t=" + threads + " " + verdict(reps)));
        }
      });
      series.add(new ChartSpec.Series(c.prefix() + "average " + what, avgPoints, c.colour(), false, false));
      series.add(new ChartSpec.Series(c.prefix() + "p99 " + what, p99Points, c.colour(), true, false));
      hollow(c, "average " + what, bad).ifPresent(hollows::add);
      Knee.Finding f = Knee.analyse(steps, c.gaps());
      // named per curve: two curves' knees at the same thread count are two markers, not one name twice
      if (f.knee() != null) {
        markers.add(new ChartSpec.Marker(kneeText(c, f, reads), f.knee().throughput(), f.knee().latency()));
      }
      knees.add(c.prefix() + (f.knee() == null ? "none within the sweep" : threads(f.knee().threads())
          + uncertain(c, f, reads)) + (f.complete() ? "" : " " + Curves.INCOMPLETE));
      if (!f.complete()) {
        missing.add(c.prefix() + f.gaps().stream().map(g -> threads(g.threads()) + " " + g.verdict())
            .collect(Collectors.joining(", ")));
      }
    }
    series.addAll(hollows);
    if (series.stream().allMatch(s -> s.points().isEmpty())) {
      return Optional.empty();
    }
    return Optional.of(new ChartSpec(id("latency-vs-throughput", scenario), ChartSpec.Kind.LABELLED,
        "Latency vs throughput: " + scenario, "Throughput (successful ops/s)", "Latency (µs, log scale)", true,
        List.of(), series, markers, "One point per thread count (t=threads, on the average; its p99, dashed in the"
            + " same colour, lies above it)." + errorNote(series) + " " + Knee.RULE + " Knee: "
            + String.join("; ", knees) + "." + kneeNote(markers)
            + (missing.isEmpty() ? "" : " Not measured (hollow where an unstable cell kept figures): "
            + String.join("; ", missing) + "."), footer));
  }

  /** Cells of one target and scenario that are missing from a bar chart, named in the category. */
  private static final int MAX_NAMED_GAPS = 3;

  /**
   * Study 1's tables as pictures: bars per scenario, one per target, when each has one cell there. A
   * target whose cell did not succeed has no bar, and the scenario's label names it with its verdict.
   */
  private static List<ChartSpec> bars(List<PhaseResult> current, String footer, String colourBy) {
    List<String> scenarios = current.stream().map(r -> r.scenario()).distinct().toList();
    List<String> targets = current.stream().map(r -> r.target().name()).distinct().toList();
    if (targets.size() < 2 && scenarios.size() < 2) {
      return List.of();
    }
    Map<String, List<PhaseResult>> cells = new LinkedHashMap<>();
    for (PhaseResult r : current) {
      cells.computeIfAbsent(r.target().name() + "|" + r.scenario(), k -> new ArrayList<>()).add(r);
    }
    // one cell per target and scenario (repetitions aside): more would need another axis, which the line charts give
    boolean oneCellEach = cells.values().stream().allMatch(list -> list.stream().map(PhaseResult::coordinates)
        .distinct().count() == 1);
    if (!oneCellEach) {
      return List.of();
    }
    List<String> categories = new ArrayList<>();
    for (String s : scenarios) {
      List<String> gaps = new ArrayList<>();
      for (String t : targets) {
        List<PhaseResult> reps = cells.get(t + "|" + s);
        if (reps != null && reps.stream().noneMatch(ChartPlanner::drawable)) {
          gaps.add(t + " " + verdict(reps));
        }
      }
      categories.add(s + gapLabel(gaps));
    }
    Map<String, String> family = new LinkedHashMap<>();
    current.forEach(r -> family.putIfAbsent(r.target().name(), colourBy == null ? null
        : r.target().labels().getOrDefault(colourBy, "-")));
    List<String> colours = ChartColours.assign(targets.stream().map(family::get).toList());
    List<ChartSpec> charts = new ArrayList<>();
    record Figure(String id, String title, String axis, Function<CellFigures, Double> value,
        Function<dev.ycsbmongo.orchestrator.results.WindowStats, dev.ycsbmongo.orchestrator.results.Ci> interval) {
    }
    for (Figure f : List.of(new Figure("throughput-bars", "Throughput by target and scenario",
            "Throughput (successful ops/s)", CellFigures::throughput, FigureIntervals::throughput),
        new Figure("ral-bars", "Average read latency (RAL) by target and scenario", "RAL (µs)", CellFigures::ral,
            FigureIntervals::ral),
        new Figure("wal-bars", "Average write latency (WAL) by target and scenario", "WAL (µs)", CellFigures::wal,
            FigureIntervals::wal))) {
      List<ChartSpec.Series> series = new ArrayList<>();
      for (int ti = 0; ti < targets.size(); ti++) {
        String t = targets.get(ti);
        List<ChartSpec.Point> points = new ArrayList<>();
        for (int i = 0; i < scenarios.size(); i++) {
          int x = i;
          List<PhaseResult> reps = cells.get(t + "|" + scenarios.get(i));
          Optional.ofNullable(reps).flatMap(cell -> ok(cell, f.value()))
              .ifPresent(v -> points.add(new ChartSpec.Point(x, v, null, error(reps, f.interval()))));
        }
        series.add(new ChartSpec.Series(t + Unverified.mark(current.stream()
            .filter(r -> r.target().name().equals(t)).toList()), points, colours.get(ti), false, false));
      }
      if (series.stream().anyMatch(s -> !s.points().isEmpty())) {
        charts.add(new ChartSpec(f.id(), ChartSpec.Kind.BAR, f.title(), "Scenario", f.axis(), false, categories,
            series, List.of(), "One bar per target" + (colourBy == null ? "" : ", one hue per " + colourBy
                + " and a shade per target") + "; a missing bar: the scenario has no such operation there, or its"
                + " cell did not succeed (named under the scenario with its verdict)." + errorNote(series), footer));
      }
    }
    return charts;
  }

  /** " (not measured: a failed, b unstable)" under a category, the first few named; empty without gaps. */
  static String gapLabel(List<String> gaps) {
    if (gaps.isEmpty()) {
      return "";
    }
    String named = String.join(", ", gaps.subList(0, Math.min(MAX_NAMED_GAPS, gaps.size())));
    return " (not measured: " + named + (gaps.size() > MAX_NAMED_GAPS ? " and " + (gaps.size() - MAX_NAMED_GAPS)
        + " more" : "") + ")";
  }

  /** Runs with more phases than this show the phases' levels without a labelled line at each start. */
  static final int MAX_BOUNDARY_LABELS = 20;

  /**
   * The whole run on one time axis: each measured phase's throughput (as the tables give it) drawn
   * from its start to its end, one colour per scenario, every phase start marked with the phase's
   * number (up to {@value #MAX_BOUNDARY_LABELS} phases). From the records alone, so it covers every
   * phase of a 500-phase run where the per-second charts stop at {@value #MAX_TIME_SERIES}.
   */
  private static Optional<ChartSpec> runTimeline(List<PhaseResult> measured, String footer) {
    List<PhaseResult> timed = measured.stream().filter(r -> r.start() != null && r.end() != null
        && CellFigures.of(r).throughput() != null).sorted(java.util.Comparator.comparing(PhaseResult::start)).toList();
    if (timed.size() < 2) {
      return Optional.empty();
    }
    long t0 = timed.get(0).start().toEpochMilli();
    long span = timed.get(timed.size() - 1).end().toEpochMilli() - t0;
    double unit = span > 600_000 ? 60_000.0 : 1_000.0;
    Function<java.time.Instant, Double> at = i -> Math.round((i.toEpochMilli() - t0) / unit * 100) / 100.0;
    Map<String, List<ChartSpec.Point>> byScenario = new LinkedHashMap<>();
    List<ChartSpec.Marker> markers = new ArrayList<>();
    for (PhaseResult r : timed) {
      double y = CellFigures.of(r).throughput();
      List<ChartSpec.Point> points = byScenario.computeIfAbsent(r.scenario() + " (" + r.kind().label() + ")"
          + Unverified.of(r).mark(), k -> new ArrayList<>());
      points.add(new ChartSpec.Point(at.apply(r.start()), y, null));
      points.add(new ChartSpec.Point(at.apply(r.end()), y, null));
      if (timed.size() <= MAX_BOUNDARY_LABELS) {
        markers.add(new ChartSpec.Marker("#" + r.index(), at.apply(r.start()), null));
      }
    }
    List<ChartSpec.Series> series = new ArrayList<>();
    byScenario.forEach((name, points) -> series.add(new ChartSpec.Series(name, points)));
    String axis = unit == 1_000.0 ? "Seconds into the run" : "Minutes into the run";
    return Optional.of(new ChartSpec("run-timeline", ChartSpec.Kind.SEGMENTS, "Every phase of the run over time",
        axis, "Throughput (successful ops/s)", false, List.of(), series, markers,
        "Each line is one measured phase, from its start to its end, at the throughput its table row gives"
            + (timed.size() <= MAX_BOUNDARY_LABELS ? "; #N marks where phase N started." : ".")
            + " Gaps are preparing loads, warm-ups and failed phases.", footer));
  }

  /**
   * The cells whose per-second charts are drawn: the first {@value #MAX_TIME_SERIES} that succeeded and as many
   * that did not (failed, unstable, host busy): where the per-second series is what says why, and where a reader
   * looks first. In plan order; a connection stress has its own chart.
   */
  static List<PhaseResult> perSecondCells(List<PhaseResult> current) {
    List<PhaseResult> cells = current.stream().filter(r -> r.connections() == null).toList();
    Set<PhaseResult> drawn = new LinkedHashSet<>(cells.stream().filter(ChartPlanner::drawable).limit(MAX_TIME_SERIES)
        .toList());
    drawn.addAll(cells.stream().filter(r -> !r.succeeded()).limit(MAX_TIME_SERIES).toList());
    return cells.stream().filter(drawn::contains).toList();
  }

  /** Per phase: ops/s and p99 per interval from its HDR logs, the server's QPS, CPU and connections when sampled. */
  private static List<ChartSpec> timeSeries(List<PhaseResult> measured, Path runDir, String footer) {
    List<ChartSpec> charts = new ArrayList<>();
    for (PhaseResult r : measured) {
      if (r.outputDirectory() == null || r.outputDirectory().isEmpty()) {
        continue;
      }
      Path dir = runDir.resolve(r.outputDirectory());
      List<YcsbOutput.TimelinePoint> timeline;
      try {
        timeline = YcsbOutput.timeline(dir);
      } catch (YcsbOutputException e) {
        continue;  // a phase whose logs are unreadable still has its table row
      }
      List<ChartSpec.Marker> markers = new ArrayList<>();
      if (r.steady() != null) {
        markers.add(new ChartSpec.Marker("end of ramp-up", r.steady().startSeconds(), null));
      }
      String name = r.phaseId() + Unverified.of(r).mark();
      // the verdict in the title only: the chart's id (and file) stays the phase's
      String title = name + (r.succeeded() ? "" : " (" + r.status().name().toLowerCase(Locale.ROOT).replace('_', ' ')
          + ")");
      if (!timeline.isEmpty()) {
        List<ChartSpec.Series> rate = new ArrayList<>();
        rate.add(new ChartSpec.Series("YCSB successful ops/s", timeline.stream()
            .map(p -> new ChartSpec.Point(p.atSeconds(), p.opsPerSec(), null)).toList()));
        long t0 = timeline.get(0).startEpochMillis();
        serverSeries(dir, t0, "server QPS", s -> s.opsPerSec() == null ? null
            : s.opsPerSec().values().stream().mapToDouble(Double::doubleValue).sum()).ifPresent(rate::add);
        charts.add(new ChartSpec(id("ops", name), ChartSpec.Kind.LINE, "Operations per second: " + title,
            "Seconds into the phase", "Operations per second", false, List.of(), rate, markers,
            "Per second, from YCSB's HDR interval logs" + (rate.size() > 1 ? " and the server's opcounters." : "."),
            footer));
        Set<String> ops = timeline.stream().flatMap(p -> p.p99Micros().keySet().stream())
            .collect(Collectors.toCollection(LinkedHashSet::new));
        List<ChartSpec.Series> p99 = ops.stream().map(op -> new ChartSpec.Series(op + " p99", timeline.stream()
            .filter(p -> p.p99Micros().containsKey(op))
            .map(p -> new ChartSpec.Point(p.atSeconds(), p.p99Micros().get(op), null)).toList())).toList();
        if (!p99.isEmpty()) {
          charts.add(new ChartSpec(id("p99", name), ChartSpec.Kind.LINE, "p99 latency per second: " + title,
              "Seconds into the phase", "p99 latency (µs, log scale)", true, List.of(), p99, markers,
              "Each second's p99 of successful operations, per operation type.", footer));
        }
      }
      List<ChartSpec.Series> server = new ArrayList<>();
      long t0 = timeline.isEmpty() ? -1 : timeline.get(0).startEpochMillis();
      serverSeries(dir, t0, "server CPU (%)", ServerSample::cpuPercent).ifPresent(server::add);
      serverSeries(dir, t0, "server connections", s -> s.connectionsCurrent() == null ? null
          : s.connectionsCurrent().doubleValue()).ifPresent(server::add);
      if (!server.isEmpty()) {
        charts.add(new ChartSpec(id("server", name), ChartSpec.Kind.LINE, "Server while the phase ran: " + title,
            "Seconds into the phase", "CPU % of all cores / connections", false, List.of(), server, List.of(),
            "Sampled from serverStatus on the primary.", footer));
      }
    }
    return charts;
  }

  /**
   * A server series on the phase's time axis: seconds after {@code t0} (the first HDR interval's
   * start), or after the sampler's start where the phase has no HDR logs ({@code t0} < 0: connection stress).
   */
  private static Optional<ChartSpec.Series> serverSeries(Path phaseDir, long t0, String name,
      Function<ServerSample, Double> f) {
    Path file = phaseDir.resolve(ServerSamples.FILE);
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    try {
      List<ChartSpec.Point> points = new ArrayList<>();
      for (ServerSample s : ServerSamples.read(file)) {
        Double v = f.apply(s);
        if (v != null) {
          double x = t0 < 0 ? s.elapsedSeconds() : (s.instant().toEpochMilli() - t0) / 1000.0;
          points.add(new ChartSpec.Point(Math.round(x * 10) / 10.0, v, null));
        }
      }
      return points.isEmpty() ? Optional.empty() : Optional.of(new ChartSpec.Series(name, points));
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  static Optional<Double> mean(List<PhaseResult> reps, Function<CellFigures, Double> f) {
    List<Double> v = reps.stream().map(CellFigures::of).map(f).filter(Objects::nonNull).toList();
    return v.isEmpty() ? Optional.empty() : Optional.of(v.stream().mapToDouble(Double::doubleValue).average().orElse(0));
  }

  private static String threads(int n) {
    return n + (n == 1 ? " thread" : " threads");
  }

  private static Double toDouble(Long v) {
    return v == null ? null : v.doubleValue();
  }

  private static String label(String key) {
    return CellProperty.shownAs(key);
  }

  static String footer(List<PhaseResult> records) {
    String date = records.stream().map(PhaseResult::start).filter(Objects::nonNull).min(Comparable::compareTo)
        .map(i -> i.toString().substring(0, 10)).orElse("no date");
    String tool = records.stream().map(PhaseResult::client).filter(Objects::nonNull).findFirst()
        .map(c -> c.toolVersion()).orElse("?");
    boolean embedded = records.stream().anyMatch(r -> r.server() != null && r.server().embedded());
    return String.format(Locale.ROOT, "%s · ycsb-mongodb orchestrator %s%s%s", date, tool,
        embedded ? " · embedded test server, not MongoDB" : "",
        records.stream().anyMatch(PhaseResult::replayed) ? " · replayed published figures, not measured" : "");
  }

  /** A file-name-safe id: kind and subject, lower case, other characters as '-'. */
  public static String id(String kind, String subject) {
    return FileNames.bounded((kind + "-" + subject).toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-")
        .replaceAll("(^-|-$)", ""));
  }
}

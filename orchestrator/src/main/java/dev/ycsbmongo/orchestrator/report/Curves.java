package dev.ycsbmongo.orchestrator.report;

import dev.ycsbmongo.binding.Keys;
import dev.ycsbmongo.orchestrator.plan.PhaseKind;
import dev.ycsbmongo.orchestrator.report.charts.Knee;
import dev.ycsbmongo.orchestrator.results.Ci;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.stats.Change;
import dev.ycsbmongo.orchestrator.stats.MeanInterval;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The curves of a run: cells that differ only in their thread count (same kind, scenario, target and
 * every other coordinate), with the figures studies 2 and 4 name: the best thread count (highest mean
 * throughput of its repetitions that succeeded; others within {@link Knee#PEAK_TOLERANCE} named beside it),
 * that peak throughput,
 * and the knee ({@link Knee}: the last thread count before latency grows faster than throughput beyond
 * {@link Knee#TOLERANCE}, on read latency where the curve reads, else write latency). A thread count none
 * of whose repetitions succeeded is no point of its curve but a gap, and makes the curve incomplete.
 */
public final class Curves {

  /** The mark of a figure of an incomplete curve. */
  public static final String INCOMPLETE = "(incomplete)";

  /**
   * One curve. {@code coordinates} are the cell's without threadcount; {@code threads} the thread counts
   * with a successful measurement; best and peak absent when none succeeded, knee absent when latency
   * never outgrew throughput within the sweep; {@code gaps} the thread counts of the sweep without one
   * (with their verdict), empty for a complete curve; {@code nearPeak} the other thread counts within
   * {@link Knee#PEAK_TOLERANCE} of the peak (the best is not told apart from them by one run); {@code peakInterval}
   * the peak's 95% interval (one repetition: within the run; several: of their mean, run-to-run variation in it),
   * null where the records hold none; {@code neighbours} the change from the peak to each thread count measured
   * beside it (the next fewer and the next more) with its interval, where one can be stated; {@code kneeStep} the
   * changes of the knee's step with their intervals, null where they cannot be stated.
   */
  public record Curve(PhaseKind kind, String scenario, String target, Map<String, String> coordinates,
      List<Integer> threads, Integer bestThreads, Double peakThroughput, List<Integer> nearPeak, Integer kneeThreads,
      List<Knee.Gap> gaps, Ci peakInterval, List<Neighbour> neighbours, KneeStep kneeStep) {

    public Curve {
      nearPeak = List.copyOf(nearPeak);
      coordinates = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(coordinates));
      threads = List.copyOf(threads);
      gaps = List.copyOf(gaps);
      neighbours = List.copyOf(neighbours);
    }

    /** A curve without intervals (records written before them, replayed figures). */
    public Curve(PhaseKind kind, String scenario, String target, Map<String, String> coordinates,
        List<Integer> threads, Integer bestThreads, Double peakThroughput, List<Integer> nearPeak, Integer kneeThreads,
        List<Knee.Gap> gaps) {
      this(kind, scenario, target, coordinates, threads, bestThreads, peakThroughput, nearPeak, kneeThreads, gaps,
          null, List.of(), null);
    }

    /**
     * The knee as the tables show it: marked as {@link #marked}, and "(not certain)" where its step's latency growth
     * beyond throughput does not hold over the changes' 95% intervals ({@link KneeStep#certain}).
     */
    public String markedKnee() {
      String mark = kneeThreads != null && kneeStep != null && !kneeStep.certain() ? " " + KneeStep.NOT_CERTAIN : "";
      return marked(kneeThreads).replaceFirst("^(\\S+)", "$1" + mark);
    }

    /** The neighbours the peak is not told apart from: their change's 95% interval holds 0%. */
    public List<Integer> notToldApart() {
      return neighbours.stream().filter(n -> !n.change().significant()).map(Neighbour::threads).toList();
    }

    /** Whether some figure of the peak carries an interval: then the tables show it. */
    public boolean hasIntervals() {
      return peakInterval != null || !neighbours.isEmpty() || kneeStep != null;
    }

    /** The peak as the tables show it: {@code 21,260 ± 2.1%} where it has an interval. */
    public String peakText() {
      return FigureIntervals.text(peakThroughput, peakInterval);
    }

    /**
     * The change from the peak to each neighbour: {@code 16 threads -1.2% (-5.0% to +2.6%, within-run only) n.s.};
     * "-" where none has an interval.
     */
    public String neighboursText() {
      return neighbours.isEmpty() ? "-" : String.join("; ", neighbours.stream().map(Neighbour::text).toList());
    }

    /** False when a thread count of the sweep has no successful measurement: best and knee are then marked. */
    public boolean complete() {
      return gaps.isEmpty();
    }

    /**
     * A curve figure (best or knee threads) as the tables show it: "-" when absent, and "(incomplete)" after
     * it on an incomplete curve: a missing point may hold the true best or knee.
     */
    public String marked(Integer figure) {
      return (figure == null ? "-" : figure.toString()) + (complete() ? "" : " " + INCOMPLETE);
    }

    /**
     * The best thread count as the tables show it: marked as {@link #marked}, with "(64 within 5%)" where others
     * tie, and "(not told apart from 16)" where a neighbour's change from the peak is not significant.
     */
    public String markedBest() {
      List<String> notes = new ArrayList<>();
      if (!nearPeak.isEmpty() && bestThreads != null) {
        notes.add(String.join(", ", nearPeak.stream().map(String::valueOf).toList()) + " within "
            + Math.round(Knee.PEAK_TOLERANCE * 100) + "%");
      }
      if (!notToldApart().isEmpty() && bestThreads != null) {
        notes.add("not told apart from " + String.join(", ", notToldApart().stream().map(String::valueOf).toList()));
      }
      String near = notes.isEmpty() ? "" : " (" + String.join("; ", notes) + ")";
      return marked(bestThreads).replaceFirst("^(\\S+)", "$1" + java.util.regex.Matcher.quoteReplacement(near));
    }

    /** "16 unstable, 32 failed": the gaps, for the mark. */
    public String missing() {
      return new Knee.Finding(bestThreads, peakThroughput, nearPeak, null, gaps).missing();
    }

    /** True when the curve has more than one thread count measured: a sweep, not a point. */
    public boolean swept() {
      return threads.size() > 1;
    }
  }

  /**
   * The change from a curve's peak to a thread count beside it, as a ratio with its 95% interval
   * ({@link ChangeIntervals}: Welch with repetitions, else within-run only).
   */
  public record Neighbour(int threads, Change change) {

    /** {@code 16 threads -1.2% (-5.0% to +2.6%, within-run only) n.s.}. */
    public String text() {
      return threads + (threads == 1 ? " thread " : " threads ") + String.format(java.util.Locale.ROOT, "%+.1f%%",
          100 * (change.ratio() - 1)) + ChangeIntervals.text(change) + (change.significant() ? "" : " n.s.");
    }
  }

  /**
   * The step past a knee, from its thread count to the next, as changes with their 95% intervals: a knee is that
   * latency grows more than {@link Knee#TOLERANCE} beyond throughput, and it is certain when it does so between the
   * intervals' ends too: the latency change's low end above (1 + tolerance) x the throughput change's high end.
   */
  public record KneeStep(int from, int to, Change latency, Change throughput) {

    /** The knee's mark where its step is not certain. */
    public static final String NOT_CERTAIN = "(not certain)";

    public boolean certain() {
      return latency.low() > (1 + Knee.TOLERANCE) * throughput.high();
    }
  }

  private Curves() {
  }

  /** The curve a cell belongs to, as a key: its kind, scenario, target and coordinates but threadcount. */
  public static String identity(PhaseResult r) {
    return r.kind() + "|" + r.scenario() + "|" + r.target().name() + "|" + withoutThreads(r.coordinates());
  }

  /**
   * A cell's YCSB threads per client, as typed when its plan was expanded (a schema v1 line's from its properties
   * or command); null when threads do not apply to its kind.
   */
  public static Integer threadsOf(PhaseResult r) {
    return r.parameters().threads();
  }

  /**
   * {@code records} grouped into curves: by the name {@code curve} gives each, in the order first seen, each curve
   * its records by the threads they ran with ({@link #threadsOf}), in input order. A record without threads opens
   * its curve but is no point of it. The one grouping behind the tables' curves and the charts' lines.
   */
  public static Map<String, TreeMap<Integer, List<PhaseResult>>> points(List<PhaseResult> records,
      Function<PhaseResult, String> curve) {
    Map<String, TreeMap<Integer, List<PhaseResult>>> points = new LinkedHashMap<>();
    for (PhaseResult r : records) {
      TreeMap<Integer, List<PhaseResult>> line = points.computeIfAbsent(curve.apply(r), k -> new TreeMap<>());
      Integer threads = threadsOf(r);
      if (threads != null) {
        line.computeIfAbsent(threads, k -> new ArrayList<>()).add(r);
      }
    }
    return points;
  }

  /** Every curve of {@code records} (the measured, current records of a run), by {@link #identity}, in plan order. */
  public static Map<String, Curve> of(List<PhaseResult> records) {
    Map<String, PhaseResult> first = new LinkedHashMap<>();
    records.forEach(r -> first.putIfAbsent(identity(r), r));
    Map<String, Curve> curves = new LinkedHashMap<>();
    points(records, Curves::identity).forEach((id, points) -> {
      TreeMap<Integer, List<PhaseResult>> succeeded = new TreeMap<>();
      TreeMap<Integer, List<PhaseResult>> failed = new TreeMap<>();
      points.forEach((threads, reps) -> reps.forEach(r -> (r.succeeded() ? succeeded : failed)
          .computeIfAbsent(threads, k -> new ArrayList<>()).add(r)));
      curves.put(id, curve(first.get(id), succeeded, gaps(succeeded, failed)));
    });
    return curves;
  }

  /** The thread counts none of whose repetitions succeeded, with the verdict of their last repetition. */
  static List<Knee.Gap> gaps(TreeMap<Integer, List<PhaseResult>> succeeded,
      TreeMap<Integer, List<PhaseResult>> notSucceeded) {
    List<Knee.Gap> gaps = new ArrayList<>();
    notSucceeded.forEach((threads, reps) -> {
      if (!succeeded.containsKey(threads)) {
        gaps.add(new Knee.Gap(threads, reps.get(reps.size() - 1).status().name().toLowerCase(java.util.Locale.ROOT)));
      }
    });
    return gaps;
  }

  private static Curve curve(PhaseResult any, TreeMap<Integer, List<PhaseResult>> points, List<Knee.Gap> gaps) {
    boolean reads = points.values().stream().flatMap(List::stream).anyMatch(r -> CellFigures.of(r).ral() != null);
    List<Knee.Step> steps = new ArrayList<>();
    for (Map.Entry<Integer, List<PhaseResult>> p : points.entrySet()) {
      Double throughput = MarkdownCells.mean(p.getValue().stream().map(r -> CellFigures.of(r).throughput()).toList());
      Double latency = MarkdownCells.mean(p.getValue().stream()
          .map(r -> reads ? CellFigures.of(r).ral() : CellFigures.of(r).wal()).toList());
      if (throughput != null) {
        steps.add(new Knee.Step(p.getKey(), throughput, latency == null ? Double.NaN : latency));
      }
    }
    Knee.Finding f = Knee.analyse(steps, gaps);
    Ci peak = null;
    List<Neighbour> neighbours = new ArrayList<>();
    if (f.best() != null) {
      List<PhaseResult> best = points.get(f.best());
      peak = interval(best);
      for (Integer n : java.util.stream.Stream.of(points.lowerKey(f.best()), points.higherKey(f.best()))
          .filter(Objects::nonNull).toList()) {
        Change c = ChangeIntervals.of(throughputs(best), alone(best), throughputs(points.get(n)), alone(points.get(n)));
        if (c != null) {
          neighbours.add(new Neighbour(n, c));
        }
      }
    }
    return new Curve(any.kind(), any.scenario(), any.target().name(), withoutThreads(any.coordinates()),
        List.copyOf(points.keySet()), f.best(), f.peak(), f.nearPeak(), f.knee() == null ? null : f.knee().threads(),
        f.gaps(), peak, neighbours, f.knee() == null ? null : kneeStep(points, f.knee().threads(), reads));
  }

  /**
   * The step from the knee at {@code knee} threads to the next thread count of {@code points} (a curve's successful
   * repetitions by threads), its latency (RAL where {@code reads}, else WAL) and throughput changes with their
   * intervals; null at the sweep's end or where an interval cannot be stated.
   */
  public static KneeStep kneeStep(TreeMap<Integer, List<PhaseResult>> points, int knee, boolean reads) {
    Integer next = points.higherKey(knee);
    if (next == null || !points.containsKey(knee)) {
      return null;
    }
    List<PhaseResult> a = points.get(knee);
    List<PhaseResult> b = points.get(next);
    Change latency = ChangeIntervals.of(latencies(a, reads), aloneLatency(a, reads), latencies(b, reads),
        aloneLatency(b, reads));
    Change throughput = ChangeIntervals.of(throughputs(a), alone(a), throughputs(b), alone(b));
    return latency == null || throughput == null ? null : new KneeStep(knee, next, latency, throughput);
  }

  /** The average latencies the knee is read on (RAL where the curve reads, else WAL) of a thread count's repetitions. */
  private static List<Double> latencies(List<PhaseResult> reps, boolean reads) {
    return reps.stream().map(r -> reads ? CellFigures.of(r).ral() : CellFigures.of(r).wal()).filter(Objects::nonNull)
        .toList();
  }

  /** A single repetition's own interval of that latency; null with several. */
  private static Ci aloneLatency(List<PhaseResult> reps, boolean reads) {
    return reps.size() != 1 ? null : reads ? FigureIntervals.ral(reps.get(0).tableWindow())
        : FigureIntervals.wal(reps.get(0).tableWindow());
  }

  /** The throughputs of a thread count's successful repetitions. */
  private static List<Double> throughputs(List<PhaseResult> reps) {
    return reps.stream().map(r -> CellFigures.of(r).throughput()).filter(Objects::nonNull).toList();
  }

  /** A single repetition's own throughput interval; null with several (their spread gives theirs). */
  private static Ci alone(List<PhaseResult> reps) {
    return reps.size() == 1 ? FigureIntervals.throughput(reps.get(0).tableWindow()) : null;
  }

  /** The 95% interval of a thread count's throughput: one repetition's own, or of several repetitions' mean. */
  static Ci interval(List<PhaseResult> reps) {
    List<Double> v = throughputs(reps);
    if (v.size() < 2) {
      return v.isEmpty() ? null : alone(reps);
    }
    MeanInterval mi = ChangeIntervals.side(v.stream().mapToDouble(Double::doubleValue).toArray(), alone(reps));
    return mi == null || !mi.known() ? null : new Ci(Math.max(0, mi.low()), mi.high(), mi.df());
  }

  private static Map<String, String> withoutThreads(Map<String, String> coordinates) {
    Map<String, String> m = new LinkedHashMap<>(coordinates);
    m.remove(Keys.THREAD_COUNT);
    return m;
  }

  /** True when the threadcount coordinate of {@code records} (one scenario's cells) takes more than one value. */
  public static boolean sweepsThreads(List<PhaseResult> records) {
    return records.stream().map(r -> r.coordinates().get(Keys.THREAD_COUNT)).filter(Objects::nonNull).distinct()
        .count() > 1;
  }
}

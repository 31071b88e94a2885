package dev.ycsbmongo.orchestrator.report;

import dev.ycsbmongo.binding.Keys;
import dev.ycsbmongo.orchestrator.plan.PhaseKind;
import dev.ycsbmongo.orchestrator.report.charts.Knee;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
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
   * {@link Knee#PEAK_TOLERANCE} of the peak (the best is not told apart from them by one run).
   */
  public record Curve(PhaseKind kind, String scenario, String target, Map<String, String> coordinates,
      List<Integer> threads, Integer bestThreads, Double peakThroughput, List<Integer> nearPeak, Integer kneeThreads,
      List<Knee.Gap> gaps) {

    public Curve {
      nearPeak = List.copyOf(nearPeak);
      coordinates = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(coordinates));
      threads = List.copyOf(threads);
      gaps = List.copyOf(gaps);
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

    /** The best thread count as the tables show it: marked as {@link #marked}, with "(64 within 5%)" where others tie. */
    public String markedBest() {
      String near = nearPeak.isEmpty() || bestThreads == null ? "" : " (" + String.join(", ", nearPeak.stream()
          .map(String::valueOf).toList()) + " within " + Math.round(Knee.PEAK_TOLERANCE * 100) + "%)";
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
    return new Curve(any.kind(), any.scenario(), any.target().name(), withoutThreads(any.coordinates()),
        List.copyOf(points.keySet()), f.best(), f.peak(), f.nearPeak(), f.knee() == null ? null : f.knee().threads(), f.gaps());
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

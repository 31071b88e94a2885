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
import java.util.Optional;
import java.util.TreeMap;

/**
 * The curves of a run: cells that differ only in their thread count (same kind, scenario, target and
 * every other coordinate), with the figures studies 2 and 4 name: the best thread count (highest mean
 * throughput of its repetitions that succeeded), that peak throughput, and the knee ({@link Knee}: the
 * last thread count before latency grows faster than throughput, on read latency where the curve reads,
 * else write latency). A cell that did not succeed is no point of its curve.
 */
public final class Curves {

  /**
   * One curve. {@code coordinates} are the cell's without threadcount; {@code threads} the thread counts
   * with a successful measurement; best and peak absent when none succeeded, knee absent when latency
   * never outgrew throughput within the sweep.
   */
  public record Curve(PhaseKind kind, String scenario, String target, Map<String, String> coordinates,
      List<Integer> threads, Integer bestThreads, Double peakThroughput, Integer kneeThreads) {

    public Curve {
      coordinates = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(coordinates));
      threads = List.copyOf(threads);
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

  /** A cell's client thread count: its coordinate when swept, else the property it ran with; null when neither. */
  public static Integer threadsOf(PhaseResult r) {
    String t = r.coordinates().getOrDefault(Keys.THREAD_COUNT, r.properties().get(Keys.THREAD_COUNT));
    try {
      return t == null ? null : Integer.valueOf(t.strip());
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** Every curve of {@code records} (the measured, current records of a run), by {@link #identity}, in plan order. */
  public static Map<String, Curve> of(List<PhaseResult> records) {
    Map<String, TreeMap<Integer, List<PhaseResult>>> points = new LinkedHashMap<>();
    Map<String, PhaseResult> first = new LinkedHashMap<>();
    for (PhaseResult r : records) {
      String id = identity(r);
      first.putIfAbsent(id, r);
      Integer threads = threadsOf(r);
      TreeMap<Integer, List<PhaseResult>> curve = points.computeIfAbsent(id, k -> new TreeMap<>());
      if (threads != null && r.succeeded()) {
        curve.computeIfAbsent(threads, k -> new ArrayList<>()).add(r);
      }
    }
    Map<String, Curve> curves = new LinkedHashMap<>();
    points.forEach((id, curve) -> curves.put(id, curve(first.get(id), curve)));
    return curves;
  }

  private static Curve curve(PhaseResult any, TreeMap<Integer, List<PhaseResult>> points) {
    boolean reads = points.values().stream().flatMap(List::stream).anyMatch(r -> CellFigures.of(r).ral() != null);
    Integer best = null;
    Double peak = null;
    List<Knee.Step> steps = new ArrayList<>();
    for (Map.Entry<Integer, List<PhaseResult>> p : points.entrySet()) {
      Double throughput = SummaryMarkdown.mean(p.getValue().stream().map(r -> CellFigures.of(r).throughput()).toList());
      Double latency = SummaryMarkdown.mean(p.getValue().stream()
          .map(r -> reads ? CellFigures.of(r).ral() : CellFigures.of(r).wal()).toList());
      if (throughput != null && (peak == null || throughput > peak)) {
        peak = throughput;
        best = p.getKey();
      }
      if (throughput != null && latency != null) {
        steps.add(new Knee.Step(p.getKey(), throughput, latency));
      }
    }
    Optional<Knee.Step> knee = Knee.find(steps);
    return new Curve(any.kind(), any.scenario(), any.target().name(), withoutThreads(any.coordinates()),
        List.copyOf(points.keySet()), best, peak, knee.map(Knee.Step::threads).orElse(null));
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

package dev.ycsbmongo.orchestrator.report;

import dev.ycsbmongo.binding.Keys;
import dev.ycsbmongo.orchestrator.report.charts.Knee;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The studies' own figures of a thread sweep, in the default outputs: summary.md's "Best thread count"
 * table per scenario that sweeps threads (one row per curve: best threads, peak throughput, knee) and
 * {@value #CSV_FILE} with the same per curve. Scenarios without a thread sweep have none.
 */
public final class CurveSummary {

  public static final String CSV_FILE = "summary-curves.csv";

  /** The column of the change from each peak to the thread counts beside it. */
  public static final String NEIGHBOURS = "Peak vs neighbours (95%)";

  /** Said once above the curves' tables when a peak carries an interval. */
  public static final String INTERVALS_NOTE = "Peak throughput with its 95% interval (one repetition: within the run;"
      + " several: of their mean, run-to-run variation in it). " + NEIGHBOURS + ": the change from the peak to the"
      + " thread counts measured beside it, with its 95% interval (Welch with repetitions, else within-run only);"
      + " **n.s.** where it holds 0%: the peak is not told apart from that neighbour, which may as well be the best"
      + " (the best threads then say \"not told apart from\" it). " + CurveSummary.KNEE_NOTE;

  /** What a knee marked {@value Curves.KneeStep#NOT_CERTAIN} is. */
  public static final String KNEE_NOTE = "A knee marked " + Curves.KneeStep.NOT_CERTAIN + ": over the 95% intervals"
      + " of its step's latency and throughput changes, latency may not outgrow throughput beyond the tolerance.";

  private CurveSummary() {
  }

  /** The curves of each scenario that sweeps threads, by "scenario (kind)", in plan order. */
  private static Map<String, List<Curves.Curve>> swept(List<PhaseResult> records) {
    List<PhaseResult> measured = Records.latest(records).stream().filter(Records::measured).toList();
    Map<String, List<PhaseResult>> byScenario = new LinkedHashMap<>();
    measured.forEach(r -> byScenario.computeIfAbsent(r.scenario() + " (" + r.kind().label() + ")",
        k -> new ArrayList<>()).add(r));
    Map<String, List<Curves.Curve>> out = new LinkedHashMap<>();
    byScenario.forEach((title, list) -> {
      if (Curves.sweepsThreads(list)) {
        out.put(title, List.copyOf(Curves.of(list).values()));
      }
    });
    return out;
  }

  /** True when some scenario sweeps threads (then the CSV is written). */
  public static boolean any(List<PhaseResult> records) {
    return !swept(records).isEmpty();
  }

  /** summary.md's section: empty when no scenario sweeps threads. */
  public static String markdown(List<PhaseResult> records) {
    Map<String, List<Curves.Curve>> swept = swept(records);
    if (swept.isEmpty()) {
      return "";
    }
    StringBuilder out = new StringBuilder("\n## Best thread count\n\nPer curve (cells that differ only in their"
        + " thread count): the thread count with the highest mean throughput of its successful repetitions (other"
        + " thread counts within " + Math.round(Knee.PEAK_TOLERANCE * 100) + "% of it named beside it: one run"
        + " cannot tell them apart), that peak, and the knee. " + Knee.RULE + " \"-\" for the knee: latency never outgrew throughput within the"
        + " sweep. \"Not measured\": thread counts of the sweep none of whose repetitions succeeded, with their"
        + " verdict; such a curve's best and knee are marked " + Curves.INCOMPLETE + ".\n");
    boolean intervals = swept.values().stream().flatMap(List::stream).anyMatch(Curves.Curve::hasIntervals);
    if (intervals) {
      out.append('\n').append(INTERVALS_NOTE).append('\n');
    }
    swept.forEach((title, curves) -> {
      out.append("\n### ").append(title).append("\n\n");
      List<String> names = names(curves);
      List<String> head = new ArrayList<>(List.of("Curve", "Threads measured", "Best threads",
          "Peak throughput (ops/s)", "Knee (threads)", "Not measured"));
      if (intervals) {
        head.add(4, NEIGHBOURS);
      }
      MarkdownCells.header(out, head, 1);
      for (int i = 0; i < curves.size(); i++) {
        Curves.Curve c = curves.get(i);
        out.append("| ").append(MarkdownCells.cell(names.get(i))).append(" | ")
            .append(c.threads().stream().map(String::valueOf).collect(Collectors.joining(", "))).append(" | ")
            .append(c.markedBest()).append(" | ")
            .append(c.peakText()).append(" | ")
            .append(intervals ? c.neighboursText() + " | " : "")
            .append(c.markedKnee()).append(" | ")
            .append(c.complete() ? "-" : MarkdownCells.cell(c.missing())).append(" |\n");
      }
    });
    return out.toString();
  }

  /** summary-curves.csv: one row per curve of every scenario that sweeps threads. */
  public static String csv(List<PhaseResult> records) {
    Map<String, List<Curves.Curve>> swept = swept(records);
    Set<String> coords = new LinkedHashSet<>();
    swept.values().forEach(l -> l.forEach(c -> coords.addAll(c.coordinates().keySet())));
    List<String> header = new ArrayList<>(List.of("scenario", "kind", "target"));
    coords.forEach(k -> header.add("coord." + k));
    header.addAll(List.of("thread_counts", "best_threads", "peak_throughput_ops_per_sec", "knee_threads",
        "within_tolerance_of_peak", "complete", "not_measured"));
    // only when some peak has an interval, so curves of records without any keep their shape
    boolean intervals = swept.values().stream().flatMap(List::stream).anyMatch(Curves.Curve::hasIntervals);
    if (intervals) {
      header.addAll(List.of("peak_ci_low", "peak_ci_high", "not_told_apart_from", "knee_certain"));
    }
    StringBuilder out = new StringBuilder(String.join(",", header.stream().map(SummaryCsv::quote).toList()))
        .append('\n');
    swept.values().forEach(l -> l.forEach(c -> {
      List<String> row = new ArrayList<>(List.of(c.scenario(), c.kind().label(), c.target()));
      coords.forEach(k -> row.add(c.coordinates().getOrDefault(k, "")));
      row.add(c.threads().stream().map(String::valueOf).collect(Collectors.joining(" ")));
      row.add(c.bestThreads() == null ? "" : c.bestThreads().toString());
      row.add(SummaryCsv.num(c.peakThroughput()));
      row.add(c.kneeThreads() == null ? "" : c.kneeThreads().toString());
      row.add(c.nearPeak().stream().map(String::valueOf).collect(Collectors.joining(" ")));
      row.add(Boolean.toString(c.complete()));
      row.add(c.missing());
      if (intervals) {
        row.add(c.peakInterval() == null ? "" : SummaryCsv.num(c.peakInterval().low()));
        row.add(c.peakInterval() == null ? "" : SummaryCsv.num(c.peakInterval().high()));
        row.add(c.notToldApart().stream().map(String::valueOf).collect(Collectors.joining(" ")));
        row.add(c.kneeStep() == null ? "" : Boolean.toString(c.kneeStep().certain()));
      }
      out.append(row.stream().map(SummaryCsv::quote).collect(Collectors.joining(","))).append('\n');
    }));
    return out.toString();
  }

  /** A curve's name in its scenario: its target where several (or nothing else tells it apart), then what varies. */
  private static List<String> names(List<Curves.Curve> curves) {
    boolean manyTargets = curves.stream().map(Curves.Curve::target).distinct().count() > 1;
    Set<String> varying = new LinkedHashSet<>();
    curves.forEach(c -> c.coordinates().keySet().forEach(k -> {
      if (!k.equals(Keys.THREAD_COUNT) && curves.stream().map(x -> x.coordinates().get(k)).distinct().count() > 1) {
        varying.add(k);
      }
    }));
    List<String> names = new ArrayList<>();
    for (Curves.Curve c : curves) {
      List<String> parts = new ArrayList<>();
      if (manyTargets || varying.isEmpty()) {
        parts.add(c.target());
      }
      varying.forEach(k -> parts.add(k + "=" + c.coordinates().getOrDefault(k, "-")));
      names.add(String.join(", ", parts));
    }
    return names;
  }
}

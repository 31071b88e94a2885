package dev.ycsbmongo.orchestrator.report;

import dev.ycsbmongo.orchestrator.results.Ci;
import dev.ycsbmongo.orchestrator.results.OperationStats;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.WindowStats;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * {@code summary-long.csv}: the client figures in long ("tidy") form, one row per phase, window, operation and
 * figure, for notebooks and warehouses: its columns ({@link #HEAD}) are the same in every run whatever the plan
 * swept (the swept coordinates are one {@code coordinates} field, {@code key=value;...}), so runs of different
 * plans append to one table. {@code window} is {@code whole} or {@code steady} ({@link FigureWindow});
 * {@code operation} is {@code ALL} for the phase's totals, else YCSB's name ({@code READ}, ...); {@code unit}
 * is one of {@link #UNITS}. A figure the phase did not measure has no row (never a 0); a phase that measured
 * nothing (skipped, failed before measuring) has none at all: summary.csv lists every phase.
 */
public final class SummaryLongCsv {

  public static final String FILE = "summary-long.csv";

  public static final List<String> HEAD = List.of("run_id", "start_time", "target", "scenario", "threads", "clients",
      "repetition", "phase_id", "kind", "status", "coordinates", "window", "operation", "figure", "value", "unit");

  /** Every unit a row names: operations per second, microseconds, a count, percent. */
  public static final List<String> UNITS = List.of("ops_per_sec", "us", "count", "pct");

  static final String ALL = "ALL";

  private SummaryLongCsv() {
  }

  public static String render(List<PhaseResult> records) {
    StringBuilder out = new StringBuilder();
    line(out, HEAD);
    for (PhaseResult r : Records.latest(records)) {
      List<String> key = key(r);
      for (FigureWindow fw : FigureWindow.values()) {
        WindowStats w = fw.window(r);
        if (w == null) {
          continue;
        }
        List<List<String>> rows = new ArrayList<>();
        String win = fw.csvSuffix();
        Double throughput = fw.figures(r).throughput();
        if (throughput != null) {
          rows.add(row(win, ALL, "throughput", num(throughput), "ops_per_sec"));
        }
        ci(rows, win, ALL, "throughput", FigureIntervals.throughput(w), "ops_per_sec");
        rows.add(row(win, ALL, "operations", Long.toString(w.operations()), "count"));
        rows.add(row(win, ALL, "failed_operations", Long.toString(w.failedOperations()), "count"));
        rows.add(row(win, ALL, "error_rate", String.format(Locale.ROOT, "%.4f", w.errorRate() * 100), "pct"));
        for (OperationStats o : w.operationStats()) {
          String op = o.operation();
          rows.add(row(win, op, "operations", Long.toString(o.count()), "count"));
          rows.add(row(win, op, "failed_operations", Long.toString(o.errors()), "count"));
          if (o.avgMicros() != null) {
            rows.add(row(win, op, "latency_avg", num(o.avgMicros()), "us"));
          }
          ci(rows, win, op, "latency_avg", o.avgCi(), "us");
          latency(rows, win, op, "latency_min", o.minMicros());
          latency(rows, win, op, "latency_p50", o.p50Micros());
          latency(rows, win, op, "latency_p95", o.p95Micros());
          latency(rows, win, op, "latency_p99", o.p99Micros());
          ci(rows, win, op, "latency_p99", o.p99Ci(), "us");
          latency(rows, win, op, "latency_p999", o.p999Micros());
          latency(rows, win, op, "latency_max", o.maxMicros());
        }
        for (List<String> tail : rows) {
          List<String> fields = new ArrayList<>(key);
          fields.addAll(tail);
          line(out, fields);
        }
      }
    }
    return out.toString();
  }

  /** The phase's own fields, before window, operation and figure. */
  private static List<String> key(PhaseResult r) {
    Integer threads = r.parameters().threads();
    return List.of(r.runId() == null ? "" : r.runId(), SummaryCsv.instant(r.start()), r.target().name(), r.scenario(),
        threads == null ? "" : Integer.toString(threads), Integer.toString(r.parameters().clients()),
        Integer.toString(r.repetition()), r.phaseId(), r.kind().label(), r.status().name(),
        r.coordinates().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(";")));
  }

  private static List<String> row(String window, String op, String figure, String value, String unit) {
    return List.of(window, op, figure, value, unit);
  }

  private static void latency(List<List<String>> rows, String window, String op, String figure, Long micros) {
    if (micros != null) {
      rows.add(row(window, op, figure, Long.toString(micros), "us"));
    }
  }

  /** A figure's 95% interval as two rows, {@code <figure>_ci_low} and {@code _ci_high}, where the record has one. */
  private static void ci(List<List<String>> rows, String window, String op, String figure, Ci ci, String unit) {
    if (ci != null) {
      rows.add(row(window, op, figure + "_ci_low", num(ci.low()), unit));
      rows.add(row(window, op, figure + "_ci_high", num(ci.high()), unit));
    }
  }

  private static String num(double v) {
    return SummaryCsv.num(v);
  }

  private static void line(StringBuilder out, List<String> fields) {
    out.append(fields.stream().map(SummaryCsv::quote).collect(Collectors.joining(","))).append('\n');
  }
}

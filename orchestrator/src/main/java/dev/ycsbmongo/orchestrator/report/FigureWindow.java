package dev.ycsbmongo.orchestrator.report;

import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.WindowStats;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The two definitions of a cell's client figures (throughput, errors, latencies), each named wherever it is
 * shown. {@link #WHOLE}: the whole run, as YCSB prints it and as the studies' documents publish it: throughput
 * is YCSB's {@code [OVERALL] Throughput(ops/sec)} (failed operations included), latencies over every operation
 * of the run, ramp-up included. {@link #STEADY}: the steady window after the ramp-up (where throughput settled):
 * successful operations per second and their latencies over that window; absent when the phase had none (too
 * short). The two differ most where a phase warms up: a short cell's whole run carries its slow start.
 */
public enum FigureWindow {
  WHOLE("whole run", "whole"),
  STEADY("steady", "steady");

  /** The two definitions spelled out, once per table file. */
  public static final String TERMS = "Whole run: YCSB's own figures over the whole phase, as it prints them and as the"
      + " studies publish them (throughput is its [OVERALL] Throughput, failed operations included; latencies include"
      + " the ramp-up). Steady: successful operations per second and their latencies over the steady window after the"
      + " ramp-up; \"-\" where a phase was too short for one.";

  /** A heading that ends with its unit in brackets: the window's name goes before the unit. */
  private static final Pattern UNIT = Pattern.compile("^(.*\\S)\\s+(\\([^()]*\\))$");

  private final String label;
  private final String csvSuffix;

  FigureWindow(String label, String csvSuffix) {
    this.label = label;
    this.csvSuffix = csvSuffix;
  }

  /** How headings name it: {@code whole run}, {@code steady}. */
  public String label() {
    return label;
  }

  /** How CSV column names name it: {@code whole}, {@code steady} ({@code throughput_whole_ops_per_sec}). */
  public String csvSuffix() {
    return csvSuffix;
  }

  /**
   * {@code heading} named for this window: {@code Throughput (ops/s)} becomes {@code Throughput, whole run
   * (ops/s)}, a heading without a bracketed unit gets {@code , whole run} at its end (a study's own, e.g.
   * スループット, whole run).
   */
  public String name(String heading) {
    Matcher m = UNIT.matcher(heading);
    return m.matches() ? m.group(1) + ", " + label + " " + m.group(2) : heading + ", " + label;
  }

  /** The window of the record this definition reads: its whole phase, or its steady window (null when none). */
  public WindowStats window(PhaseResult r) {
    return this == WHOLE ? r.full() : r.steady();
  }

  /** The record's figures under this definition; the server's figures are the same in both. */
  public CellFigures figures(PhaseResult r) {
    CellFigures f = CellFigures.of(r, window(r));
    return this == WHOLE ? f.withThroughput(wholeRunThroughput(r)) : f;
  }

  /**
   * YCSB's own {@code [OVERALL] Throughput}: every operation YCSB counted, failed ones included, over its run
   * time. A record without it (none was printed) gets the same from its whole window's counts.
   */
  public static Double wholeRunThroughput(PhaseResult r) {
    if (r.ycsbThroughputOpsPerSec() != null) {
      return r.ycsbThroughputOpsPerSec();
    }
    WindowStats w = r.full();
    return w == null || w.durationSeconds() <= 0 ? null
        : (w.operations() + w.failedOperations()) / w.durationSeconds();
  }
}

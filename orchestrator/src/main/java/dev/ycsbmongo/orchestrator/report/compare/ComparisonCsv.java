package dev.ycsbmongo.orchestrator.report.compare;

import dev.ycsbmongo.orchestrator.report.SummaryCsv;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * {@code comparison-<by>-<a>-vs-<b>.csv}: one raw row per pair, for spreadsheets. Per figure: n,
 * mean, min, max, sd of A and of B, the change in percent, whether it is significant (see
 * {@link Change}) and the change's 95% interval ({@code _change_ci_low_pct}, {@code _change_ci_high_pct}, in
 * percent, and {@code _change_ci_basis}: {@code repetitions} or {@code within-run}; empty without one); with {@code report.describes}, both values of each describing label
 * ({@code label.<label>_a}, {@code _b}) after the accepted differences. Plain numbers with two decimals, Locale.ROOT, RFC 4180 quoting, {@code \n} line
 * ends; an absent figure is an empty field, never 0. Unpaired cells are in the Markdown only.
 */
public final class ComparisonCsv {

  private ComparisonCsv() {
  }

  public static String render(Comparison c) {
    Set<String> keys = new LinkedHashSet<>();
    c.pairs().forEach(p -> keys.addAll(p.cell().keySet()));
    List<String> head = new ArrayList<>(List.of("by", "a", "b", "scenario", "kind"));
    keys.forEach(k -> head.add("cell." + k));
    head.addAll(List.of("target_a", "target_b", "repetitions_a", "repetitions_b"));
    // accepted differences: both values in every row, columns only when the comparison accepts one
    List<dev.ycsbmongo.orchestrator.plan.CellProperty> accepted = c.pairs().stream().flatMap(p -> p.accepted().stream())
        .map(AcceptedDifference::property).distinct().sorted().toList();
    accepted.forEach(p -> head.addAll(List.of(p.word() + "_a", p.word() + "_b")));
    // labels that describe the target (report.describes): both values, columns only when the plan names some
    List<String> described = c.pairs().stream().flatMap(p -> p.described().stream()).map(LabelDifference::label)
        .distinct().toList();
    described.forEach(l -> head.addAll(List.of("label." + l + "_a", "label." + l + "_b")));
    // server and connection columns only when some pair has them, so other runs keep their shape
    List<Figure> figures = List.of(Figure.values()).stream().filter(f -> f.always() || c.pairs().stream()
        .anyMatch(p -> p.change(f).a().present() || p.change(f).b().present())).toList();
    for (Figure f : figures) {
      for (String side : List.of("a", "b")) {
        for (String stat : List.of("n", "mean", "min", "max", "sd")) {
          head.add(f.column() + "_" + side + "_" + stat);
        }
      }
      head.addAll(List.of(f.column() + "_change_pct", f.column() + "_significant", f.column() + "_change_ci_low_pct",
          f.column() + "_change_ci_high_pct", f.column() + "_change_ci_basis"));
    }
    // only when some pair ran unconfirmed, so other comparisons keep their shape
    boolean unverified = c.pairs().stream().anyMatch(p -> !p.unverified().empty());
    if (unverified) {
      head.add("unverified");
    }
    StringBuilder out = new StringBuilder();
    line(out, head);
    for (Pair p : c.pairs()) {
      List<String> row = new ArrayList<>(List.of(c.spec().by(), c.spec().a(), c.spec().b(), p.scenario(), p.kind()));
      keys.forEach(k -> row.add(p.cell().getOrDefault(k, "")));
      row.addAll(List.of(p.targetA(), p.targetB(), Integer.toString(p.repetitionsA()), Integer.toString(p.repetitionsB())));
      for (var d : accepted) {
        AcceptedDifference v = p.accepted().stream().filter(x -> x.property() == d).findFirst().orElse(null);
        row.add(v == null ? "" : v.a());
        row.add(v == null ? "" : v.b());
      }
      for (String l : described) {
        LabelDifference v = p.described().stream().filter(x -> x.label().equals(l)).findFirst().orElse(null);
        row.add(v == null ? "" : v.a());
        row.add(v == null ? "" : v.b());
      }
      for (Figure f : figures) {
        Change ch = p.change(f);
        for (Spread s : List.of(ch.a(), ch.b())) {
          row.addAll(List.of(Integer.toString(s.n()), num(s.mean()), num(s.min()), num(s.max()), num(s.sd())));
        }
        row.add(num(ch.percent()));
        row.add(ch.percent() == null ? "" : Boolean.toString(ch.significant()));
        boolean interval = ch.percent() != null && ch.interval() != null;
        row.add(interval ? num(ch.lowPercent()) : "");
        row.add(interval ? num(ch.highPercent()) : "");
        row.add(interval ? basis(ch) : "");
      }
      if (unverified) {
        row.add(p.unverified().empty() ? "" : p.unverified().finding());
      }
      line(out, row);
    }
    return out.toString();
  }

  /**
   * {@code comparison-<by>-<a>-vs-<b>-ranges.csv}: one row per range (per scenario, per label value
   * within a scenario, and per value of a rangesOver key across the run scenarios, with those
   * scenarios joined by ';'): the sentences of the Markdown as numbers. Written when the comparison
   * has rangesOver.
   */
  public static String renderRanges(Comparison c) {
    StringBuilder out = new StringBuilder();
    boolean unverified = c.ranges().stream().anyMatch(r -> !r.unverified().empty());
    List<String> head = new ArrayList<>(List.of("by", "a", "b", "title", "group", "scenarios", "figure", "cells",
        "not_significant", "min_pct", "max_pct", "mean_pct"));
    // only when some change had an interval, so comparisons of records without any keep their shape
    boolean intervals = c.ranges().stream().anyMatch(r -> r.intervals() != null);
    if (intervals) {
      head.addAll(List.of("ci_cells", "ci_low_pct", "ci_high_pct", "ci_within_run_only"));
    }
    if (unverified) {
      head.add("unverified");
    }
    line(out, head);
    for (Range r : c.ranges()) {
      List<String> row = new ArrayList<>(List.of(c.spec().by(), c.spec().a(), c.spec().b(), r.title(), r.group(),
          String.join(";", r.scenarios()), r.figure().column(), Integer.toString(r.cells()),
          Integer.toString(r.notSignificant()), num(r.min()), num(r.max()), num(r.mean())));
      if (intervals) {
        Range.Intervals i = r.intervals();
        row.addAll(i == null ? List.of("0", "", "", "") : List.of(Integer.toString(i.cells()), num(i.low()),
            num(i.high()), Boolean.toString(i.withinRunOnly())));
      }
      if (unverified) {
        row.add(r.unverified().empty() ? "" : r.unverified().finding());
      }
      line(out, row);
    }
    return out.toString();
  }

  /** What a change's interval was estimated from: {@code repetitions} (run-to-run included) or {@code within-run}. */
  private static String basis(Change ch) {
    return ch.withinRunOnly() ? "within-run" : "repetitions";
  }

  /** The ranges file of a comparison: its base name with {@code -ranges.csv}. */
  public static String rangesFile(Comparison c) {
    return c.spec().fileBase() + "-ranges.csv";
  }

  private static String num(Double v) {
    return v == null ? "" : String.format(Locale.ROOT, "%.2f", v);
  }

  private static void line(StringBuilder out, List<String> fields) {
    out.append(String.join(",", fields.stream().map(SummaryCsv::quote).toList())).append('\n');
  }
}

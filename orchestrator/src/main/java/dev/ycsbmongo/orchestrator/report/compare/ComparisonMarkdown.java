package dev.ycsbmongo.orchestrator.report.compare;

import dev.ycsbmongo.orchestrator.plan.CellProperty;
import dev.ycsbmongo.orchestrator.plan.CompareSpec;
import dev.ycsbmongo.orchestrator.report.Unverified;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@code comparison-<by>-<a>-vs-<b>.md}: per scenario a table of the pairs (the cell, then A, B and
 * the change for each figure some pair measured), the sentences of the ranges ("B is 7.0% to 50.0%
 * faster than A"), and the cells left unpaired. Numbers as in summary.md: Locale.ROOT, ',' grouping,
 * no decimals; changes with one decimal and a sign; "-" is absent, never 0.
 */
public final class ComparisonMarkdown {

  private ComparisonMarkdown() {
  }

  public static String render(Comparison c) {
    CompareSpec s = c.spec();
    StringBuilder out = new StringBuilder();
    out.append("# Comparison: ").append(s.by()).append('=').append(s.a()).append(" (A) vs ").append(s.b()).append(" (B)\n\n");
    out.append("Change = (B − A) / A of the means over each cell's successful repetitions. Throughput (ops/s): higher"
        + " is faster; latencies (µs): lower is faster. With repetitions a figure reads mean (n, min–max, sd). "
        + (anyInterval(c) ? INTERVALS : NO_INTERVALS) + " \"-\": not measured. "
        + dev.ycsbmongo.orchestrator.report.SummaryMarkdown.LATENCY_TERMS + "\n");
    intervalNote(out, c);
    boolean levels = c.pairs().stream().anyMatch(p -> java.util.Arrays.stream(Figure.values())
        .anyMatch(f -> f.sense() == Figure.Sense.LEVEL && p.change(f).percent() != null));
    if (levels) {
      out.append("Server CPU and QPS, connections and memory are levels: a change reads higher or lower, not faster."
          + " Open times: lower is faster.\n");
    }
    if (!c.rules().differing().isEmpty()) {
      out.append("Accepted differences (differing): ").append(String.join(", ", c.rules().differingWords()))
          .append(": a pair whose cells ran with different values shows both (A → B); any other difference in"
              + " threads, recordcount or operationcount is not compared.\n");
    }
    if (!c.rules().describing().isEmpty()) {
      out.append("Labels that describe the target (report.describes): ").append(String.join(", ",
          c.rules().describing())).append(": not matched when pairing; a pair whose targets differ in them shows both"
              + " (A → B).\n");
    }
    if (!c.notes().isEmpty()) {
      out.append('\n');
      c.notes().forEach(n -> out.append("Note: ").append(n).append(".\n"));
    }
    if (c.pairs().isEmpty() && c.unpaired().isEmpty()) {
      out.append("\nNo cells to compare.\n");
    }
    for (String title : c.titles()) {
      List<Pair> pairs = c.pairs().stream().filter(p -> p.title().equals(title)).toList();
      out.append("\n## ").append(title).append('\n');
      if (!pairs.isEmpty()) {
        table(out, pairs);
        Unverified.Note unverified = Unverified.Note.merge(pairs.stream().map(Pair::unverified).toList());
        if (!unverified.empty()) {
          out.append('\n').append(unverified.footnote()).append('\n');
        }
        sentences(out, c, title);
      }
      List<Unpaired> alone = c.unpaired().stream().filter(u -> u.title().equals(title)).toList();
      if (!alone.isEmpty()) {
        out.append("\nNot compared:\n");
        alone.forEach(u -> out.append("- ").append(u.side()).append(' ').append(describe(u.cell())).append(": ")
            .append(u.reason()).append('\n'));
      }
    }
    across(out, c);
    return out.toString();
  }

  /** How changes with intervals read (docs/statistics.md, "Comparisons"). */
  static final String INTERVALS = "A change is followed by its 95% interval in brackets where one can be stated: from"
      + " the repetitions (Welch on the log ratio of their run means, so run-to-run variation is in it) where both"
      + " cells have at least two, else from the two cells' intervals within their runs, marked \"within-run only\""
      + " (run-to-run variation, usually the larger part, is left out: repeat the runs before acting on it)."
      + " (n.s.): not significant, the interval holds 0%.";

  /**
   * The comparison in a few lines for the console at the end of a run: the throughput finding of each scenario
   * (and group), worded as in the Markdown; the tables, latencies and notes stay in the file.
   */
  public static List<String> headlines(Comparison c) {
    return c.ranges().stream().filter(r -> r.figure() == Figure.THROUGHPUT)
        .map(r -> r.title() + (r.group().isEmpty() ? "" : " at " + r.group()) + ": " + sentence(r, c.spec()))
        .toList();
  }

  /** How changes read when none has an interval: the rule of the tables before intervals. */
  static final String NO_INTERVALS = "(n.s.): not significant, the min–max ranges of A and B overlap.";

  private static boolean anyInterval(Comparison c) {
    return c.pairs().stream().flatMap(p -> p.changes().stream()).anyMatch(ch -> ch.interval() != null);
  }

  /** Says that no interval was available, for the changes shown without one: all, or some beside others. */
  private static void intervalNote(StringBuilder out, Comparison c) {
    List<Change> present = c.pairs().stream().flatMap(p -> p.changes().stream()).filter(ch -> ch.percent() != null)
        .toList();
    if (present.isEmpty() || present.stream().allMatch(ch -> ch.interval() != null)) {
      return;
    }
    if (present.stream().noneMatch(ch -> ch.interval() != null)) {
      out.append("No interval was available (the records hold no within-run interval, and no cell has repetitions"
          + " on both sides): the changes are stated without one.\n");
    } else {
      out.append("A change shown without brackets had no interval available (a side of one repetition without a"
          + " within-run interval, as server and connection figures have none): its (n.s.) means the min–max ranges"
          + " of A and B overlap, as before intervals.\n");
    }
  }

  /** The ranges over groups across run scenarios: "At ratio=1:2 across rw-100-0, ..., rw-0-100:". */
  private static void across(StringBuilder out, Comparison c) {
    List<Range> ranges = c.rangesAcross();
    if (ranges.isEmpty()) {
      if (!c.rules().rangesOver().isEmpty()) {
        out.append("\n## Across run scenarios\n\nNo run pairs to take ranges over ")
            .append(String.join(", ", c.rules().rangesOver())).append(".\n");
      }
      return;
    }
    out.append("\n## Across run scenarios\n\n");
    String group = null;
    for (Range r : ranges) {
      if (!r.group().equals(group)) {
        group = r.group();
        out.append("At ").append(group).append(" across ").append(String.join(", ", r.scenarios())).append(":\n");
      }
      out.append("- ").append(sentence(r, c.spec())).append('\n');
    }
  }

  private static void table(StringBuilder out, List<Pair> pairs) {
    Set<String> keys = new LinkedHashSet<>();
    pairs.forEach(p -> keys.addAll(p.cell().keySet()));
    List<String> varying = new ArrayList<>();
    Map<String, String> constant = new LinkedHashMap<>();
    for (String k : keys) {
      Set<String> values = pairs.stream().map(p -> p.cell().getOrDefault(k, "-")).collect(Collectors.toSet());
      if (values.size() > 1) {
        varying.add(k);
      } else {
        constant.put(k, values.iterator().next());
      }
    }
    // Targets differ between A and B when BY tells targets apart; the table names both then.
    boolean targets = pairs.stream().anyMatch(p -> !p.targetA().equals(p.targetB()));
    // an accepted difference gets its column where some pair of this table has it
    List<dev.ycsbmongo.orchestrator.plan.CellProperty> differing = pairs.stream()
        .flatMap(p -> p.accepted().stream()).filter(AcceptedDifference::differs).map(AcceptedDifference::property)
        .distinct().sorted().toList();
    out.append('\n');
    if (!constant.isEmpty()) {
      out.append(describe(constant)).append("\n\n");
    }
    List<Figure> shown = List.of(Figure.values()).stream()
        .filter(f -> pairs.stream().anyMatch(p -> p.change(f).a().present() || p.change(f).b().present())).toList();
    List<String> head = new ArrayList<>(varying.stream().map(ComparisonMarkdown::label).toList());
    if (targets) {
      head.add("Targets A → B");
    }
    differing.forEach(d -> head.add(d.word() + " A → B"));
    // a describing label gets its column where some pair of this table has two values of it
    List<String> described = pairs.stream().flatMap(p -> p.described().stream()).filter(LabelDifference::differs)
        .map(LabelDifference::label).distinct().toList();
    described.forEach(l -> head.add(l + " A → B"));
    int labels = head.size();
    for (Figure f : shown) {
      head.addAll(List.of(f.label() + " A (" + f.unit() + ")", f.label() + " B", f.label() + " change"));
    }
    out.append("| ").append(String.join(" | ", head)).append(" |\n|");
    for (int i = 0; i < head.size(); i++) {
      out.append(i < labels ? ":---|" : "---:|");
    }
    out.append('\n');
    for (Pair p : pairs) {
      List<String> row = new ArrayList<>();
      varying.forEach(k -> row.add(p.cell().getOrDefault(k, "-")));
      if (targets) {
        row.add(p.targetA() + " → " + p.targetB());
      }
      differing.forEach(d -> row.add(p.accepted().stream().filter(x -> x.property() == d).findFirst()
          .map(AcceptedDifference::shown).orElse("-")));
      described.forEach(l -> row.add(p.described().stream().filter(x -> x.label().equals(l)).findFirst()
          .map(LabelDifference::shown).orElse("-")));
      for (Figure f : shown) {
        Change ch = p.change(f);
        row.add(spread(ch.a(), f.decimals()));
        row.add(spread(ch.b(), f.decimals()));
        row.add(change(ch.percent()) + interval(ch) + (ch.percent() != null && !ch.significant() ? " (n.s.)" : ""));
      }
      if (!row.isEmpty()) {
        row.set(0, row.get(0) + p.unverified().mark());
      }
      out.append("| ").append(row.stream().map(ComparisonMarkdown::cell).collect(Collectors.joining(" | "))).append(" |\n");
    }
  }

  /** A change's interval as a table shows it: " (-3.1% to +12.9%)", " (..., within-run only)"; "" without one. */
  static String interval(Change ch) {
    if (ch.percent() == null || ch.interval() == null) {
      return "";
    }
    return " (" + percent(ch.lowPercent()) + " to " + percent(ch.highPercent())
        + (ch.withinRunOnly() ? ", within-run only" : "") + ")";
  }

  private static void sentences(StringBuilder out, Comparison c, String title) {
    List<Range> ranges = c.ranges().stream().filter(r -> r.title().equals(title)).toList();
    if (ranges.isEmpty()) {
      return;
    }
    out.append('\n');
    String group = null;
    for (Range r : ranges) {
      if (!r.group().equals(group)) {
        group = r.group();
        out.append(group.isEmpty() ? "All cells:\n" : "At " + group + ":\n");
      }
      out.append("- ").append(sentence(r, c.spec())).append('\n');
    }
  }

  /**
   * "Throughput: storage=cloud is 7.0% to 50.0% faster than storage=ssd (-7.0% to -50.0%, mean -25.0%;
   * 5 cells, 1 n.s.)". Faster means more throughput or less latency, so a latency's percentages are
   * read with the sign turned over; the signed changes follow in brackets, exactly as computed.
   */
  static String sentence(Range r, CompareSpec s) {
    Figure f = r.figure();
    // a level keeps its own sign, read as higher or lower; a latency's sign turns over for "faster"
    boolean level = f.sense() == Figure.Sense.LEVEL;
    boolean up = f.higherIsBetter();
    double lo = up ? r.min() : -r.max();
    double hi = up ? r.max() : -r.min();
    String more = level ? "higher" : "faster";
    String less = level ? "lower" : "slower";
    String b = s.by() + "=" + s.b();
    String a = s.by() + "=" + s.a();
    String verdict;
    if (Math.abs(lo) < 0.05 && Math.abs(hi) < 0.05) {  // 0.0% either way, as printed
      verdict = "the same as ";
    } else if (lo >= 0) {
      verdict = amounts(lo, hi) + " " + more + " than ";
    } else if (hi <= 0) {
      verdict = amounts(-hi, -lo) + " " + less + " than ";
    } else {
      verdict = "from " + pct(-lo) + " " + less + " to " + pct(hi) + " " + more + " than ";
    }
    String changes = r.cells() == 1 ? percent(r.min()) : percent(r.min()) + " to " + percent(r.max()) + ", mean "
        + percent(r.mean());
    // a change between settings the server did not confirm is no finding without saying so, first
    String unverified = r.unverified().empty() ? "" : r.unverified().finding() + "; ";
    return unverified + f.label() + ": " + b + " is " + verdict + a + " (" + changes + "; " + r.cells() + (r.cells() == 1 ? " cell" : " cells")
        + (r.notSignificant() > 0 ? ", " + r.notSignificant() + " n.s." : "") + intervals(r) + ")";
  }

  /**
   * Where a range's intervals reach: "; 95% intervals -25.1% to +12.9%", of how many cells when not all have one,
   * "within-run only" when some are; "" when none has one (the sentence reads as before intervals).
   */
  static String intervals(Range r) {
    Range.Intervals i = r.intervals();
    if (i == null) {
      return "";
    }
    String of = i.cells() == r.cells() ? "" : " of " + i.cells() + (i.cells() == 1 ? " cell" : " cells");
    return "; 95% interval" + (i.cells() == 1 ? "" : "s") + of + " " + percent(i.low()) + " to " + percent(i.high())
        + (i.withinRunOnly() ? ", within-run only" : "");
  }

  private static String amounts(double lo, double hi) {
    return pct(lo).equals(pct(hi)) ? pct(lo)
        : pct(lo) + " to " + pct(hi);
  }

  /**
   * An amount of change in a sentence: a percentage up to 100%, a ratio beyond ("26x slower" reads
   * at once where "2592.0% slower" does not). Only a rise can pass 100%, so the ratio is 1 + v/100.
   */
  static String pct(double v) {
    return v > 100 ? times(v) : String.format(Locale.ROOT, "%.1f%%", v);
  }

  /** B / A for a change of {@code v}%: one decimal below 10x ("2.5x"), whole above ("27x"). */
  static String times(double v) {
    double ratio = 1 + v / 100;
    return ratio < 10 ? String.format(Locale.ROOT, "%.1fx", ratio) : String.format(Locale.ROOT, "%.0fx", ratio);
  }

  static String percent(Double v) {
    return v == null ? "-" : String.format(Locale.ROOT, "%+.1f%%", v);
  }

  /** A table's change: the signed percentage, and beyond +100% the ratio too ("+2592.0% (27x)"). */
  static String change(Double v) {
    return v != null && v > 100 ? percent(v) + " (" + times(v) + ")" : percent(v);
  }

  /** A mean, and with repetitions its spread: "1,234 (n=3, 1,200–1,300, sd 50)". */
  static String spread(Spread s, int decimals) {
    if (!s.present()) {
      return "-";
    }
    String mean = num(s.mean(), decimals);
    return s.n() < 2 ? mean : mean + " (n=" + s.n() + ", " + num(s.min(), decimals) + "–" + num(s.max(), decimals)
        + ", sd " + num(s.sd(), decimals) + ")";
  }

  private static String num(double v, int decimals) {
    return String.format(Locale.ROOT, "%,." + decimals + "f", v);
  }

  private static String describe(Map<String, String> cell) {
    return cell.isEmpty() ? "(the only cell)" : cell.entrySet().stream().map(e -> label(e.getKey()) + "=" + e.getValue())
        .collect(Collectors.joining(", "));
  }

  private static String label(String key) {
    return CellProperty.shownAs(key);
  }

  private static String cell(String s) {
    return s.replace("|", "\\|").replace('\n', ' ').replace('\r', ' ');
  }
}

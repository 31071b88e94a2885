package dev.ycsbmongo.orchestrator.report;

import dev.ycsbmongo.orchestrator.plan.CellProperty;
import dev.ycsbmongo.orchestrator.plan.CompareSpec;
import dev.ycsbmongo.orchestrator.report.CapacityRecords.Search;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Capacities compared, made whenever a run's plan searched one scenario more than once (several targets, or a
 * swept setting such as two SLOs): per scenario, each search against the first, with the change and what the
 * searches can state about it. A search knows its capacity only within its bracket {@code [capacity, fails at)}:
 * at least the highest rate that passed, below the lowest rate shown to fail. The change is therefore stated with
 * its range over both brackets, and two capacities whose brackets overlap are "not distinguishable". Repetitions
 * of one search are one side: its capacity their mean, its bracket from the lowest passing to the highest failing
 * rate of any of them, so it spans their run-to-run spread.
 *
 * <p>Written beside the plan's comparisons as {@code comparison-capacity.md} and {@code .csv} (report.html shows
 * it with them); no {@code report.compare} entry can make that name, whose base always holds "-vs-".
 */
public final class CapacityComparison {

  public static final String FILE_BASE = CompareSpec.FILE_PREFIX + "capacity";
  static final String CSV_HEADER = "scenario,a,b,a_capacity_ops_per_sec,a_fails_at_ops_per_sec,a_searches,"
      + "b_capacity_ops_per_sec,b_fails_at_ops_per_sec,b_searches,change_pct,change_low_pct,change_high_pct,finding";

  /** How two brackets relate. */
  public enum Finding {
    HIGHER("higher"), LOWER("lower"), NOT_DISTINGUISHABLE("not distinguishable");

    private final String word;

    Finding(String word) {
      this.word = word;
    }

    public String word() {
      return word;
    }
  }

  /**
   * One side: the searches of one target and setting (its repetitions).
   *
   * @param label what sets it apart from the other sides of its scenario ("target=a", "capacity.slo=10ms")
   */
  public record Side(String label, List<Search> searches) {

    public Side {
      searches = List.copyOf(searches);
    }

    /** The mean capacity of its searches that found one; null when none did. */
    public Double capacity() {
      List<Double> c = searches.stream().map(Search::capacity).filter(Objects::nonNull).toList();
      return c.isEmpty() ? null : c.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
    }

    /** The bracket's low end: the lowest capacity of its searches, 0 when one found none. */
    public double low() {
      return searches.stream().mapToDouble(s -> s.capacity() == null ? 0 : s.capacity()).min().orElse(0);
    }

    /** The bracket's high end: the highest rate shown to fail; infinite when a search saw none fail. */
    public double high() {
      return searches.stream().mapToDouble(s -> s.failsAbove() == null ? Double.POSITIVE_INFINITY : s.failsAbove())
          .max().orElse(Double.POSITIVE_INFINITY);
    }
  }

  /** B against A (the scenario's first side). */
  public record Row(String scenario, Side a, Side b) {

    /** (B - A) / A of the capacities, percent; null when either has none. */
    public Double changePct() {
      return a.capacity() == null || b.capacity() == null || a.capacity() <= 0 ? null
          : (b.capacity() / a.capacity() - 1) * 100;
    }

    /** The lowest change the brackets allow, percent; null when A's has no upper end (B could be any share of it). */
    public Double changeLowPct() {
      return Double.isInfinite(a.high()) ? null : (b.low() / a.high() - 1) * 100;
    }

    /** The highest change the brackets allow (exclusive), percent; null when unbounded (B's open, or A's at 0). */
    public Double changeHighPct() {
      return Double.isInfinite(b.high()) || a.low() <= 0 ? null : (b.high() / a.low() - 1) * 100;
    }

    /** Higher or lower when the brackets {@code [low, high)} do not overlap; otherwise not distinguishable. */
    public Finding finding() {
      if (b.high() <= a.low()) {
        return Finding.LOWER;
      }
      if (a.high() <= b.low()) {
        return Finding.HIGHER;
      }
      return Finding.NOT_DISTINGUISHABLE;
    }

    /** "capacity rw-95-5: target=a 15,900 ops/s vs target=b 12,000 (-24.5%, -28.1% to -20.8%): lower". */
    public String sentence() {
      String change = changePct() == null ? "" : " (" + pct(changePct()) + ", " + range(this) + ")";
      return "capacity " + scenario + ": " + a.label() + " " + withUnit(a) + " vs " + b.label() + " " + withUnit(b)
          + change + ": " + (finding() == Finding.NOT_DISTINGUISHABLE ? "not distinguishable, the brackets overlap"
          : b.label() + " " + finding().word());
    }
  }

  private CapacityComparison() {
  }

  /** The rows of the searches: per scenario with two sides or more, each side after the first against it. */
  public static List<Row> rows(List<Search> searches) {
    Map<String, List<Search>> byScenario = new LinkedHashMap<>();
    searches.forEach(s -> byScenario.computeIfAbsent(s.scenario(), k -> new ArrayList<>()).add(s));
    List<Row> rows = new ArrayList<>();
    byScenario.forEach((scenario, list) -> {
      Map<String, List<Search>> bySide = new LinkedHashMap<>();
      list.forEach(s -> bySide.computeIfAbsent(s.target() + "\u0000" + s.cellWithoutRepetition(),
          k -> new ArrayList<>()).add(s));
      if (bySide.size() < 2) {
        return;
      }
      List<Side> sides = labelled(new ArrayList<>(bySide.values()));
      for (int i = 1; i < sides.size(); i++) {
        rows.add(new Row(scenario, sides.get(0), sides.get(i)));
      }
    });
    return rows;
  }

  /** Each side named by what differs between the sides: the target when targets do, and each varying coordinate. */
  private static List<Side> labelled(List<List<Search>> sides) {
    boolean targets = sides.stream().map(l -> l.get(0).target()).distinct().count() > 1;
    Set<String> varying = new LinkedHashSet<>();
    for (List<Search> side : sides) {
      for (String k : side.get(0).coordinates().keySet()) {
        if (sides.stream().map(l -> l.get(0).coordinates().get(k)).distinct().count() > 1) {
          varying.add(k);
        }
      }
    }
    List<Side> out = new ArrayList<>();
    for (List<Search> side : sides) {
      Search s = side.get(0);
      List<String> parts = new ArrayList<>();
      if (targets) {
        parts.add("target=" + s.target());
      }
      varying.forEach(k -> parts.add(CellProperty.shownAs(k) + "=" + s.coordinates().getOrDefault(k, "-")));
      out.add(new Side(parts.isEmpty() ? s.cellWithoutRepetition() : String.join(", ", parts), side));
    }
    return out;
  }

  /** The Markdown file: a table per scenario, a sentence per row; empty when there is nothing to compare. */
  public static String markdown(List<Row> rows) {
    if (rows.isEmpty()) {
      return "";
    }
    StringBuilder md = new StringBuilder("# Capacities compared\n\n");
    md.append("Each capacity is the highest offered rate a search found within its SLO (\"Capacity within the SLO\" in"
        + " summary.md). A search knows it only within its bracket [capacity, fails at): at least the highest rate"
        + " that passed, below the lowest rate shown to fail; \"at least\" where none failed (capacity.max), and"
        + " from 0 where none passed. Change = (B − A) / A of the capacities, then its range over both brackets."
        + " B is higher or lower only when the two brackets do not overlap; otherwise not distinguishable. A"
        + " bracket holds the search's precision in one run, not run-to-run variation: with repetitions a side's"
        + " capacity is their mean and its bracket spans all of them (n: the searches); with one, repeat the run"
        + " before acting on a difference near the bracket's width.\n");
    String scenario = null;
    for (Row r : rows) {
      if (!r.scenario().equals(scenario)) {
        scenario = r.scenario();
        md.append("\n## ").append(cell(scenario)).append("\n\n");
        md.append("| A | A: capacity (ops/s) | A: known within | B | B: capacity (ops/s) | B: known within | Change"
            + " | Change within | Finding |\n");
        md.append("|:---|---:|:---|:---|---:|:---|---:|:---|:---|\n");
      }
      md.append("| ").append(cell(r.a().label())).append(" | ").append(rate(r.a())).append(n(r.a())).append(" | ")
          .append(bracket(r.a())).append(" | ").append(cell(r.b().label())).append(" | ").append(rate(r.b()))
          .append(n(r.b())).append(" | ").append(bracket(r.b())).append(" | ")
          .append(r.changePct() == null ? "-" : pct(r.changePct())).append(" | ").append(range(r)).append(" | ")
          .append(r.finding() == Finding.NOT_DISTINGUISHABLE ? "not distinguishable" : "B " + r.finding().word())
          .append(" |\n");
    }
    md.append('\n');
    rows.forEach(r -> md.append("- ").append(cell(r.sentence())).append('\n'));
    return md.toString();
  }

  /** The CSV file: one row per comparison, rates and changes as plain numbers, empty where unknown. */
  public static String csv(List<Row> rows) {
    StringBuilder out = new StringBuilder(CSV_HEADER).append('\n');
    for (Row r : rows) {
      out.append(String.join(",", csvText(r.scenario()), csvText(r.a().label()), csvText(r.b().label()),
          num(r.a().capacity()), finite(r.a().high()), Integer.toString(r.a().searches().size()), num(r.b().capacity()),
          finite(r.b().high()), Integer.toString(r.b().searches().size()), num(r.changePct()), num(r.changeLowPct()),
          num(r.changeHighPct()), r.finding().word())).append('\n');
    }
    return out.toString();
  }

  private static String rate(Side s) {
    Double c = s.capacity();
    if (c == null) {
      return "none";
    }
    return (Double.isInfinite(s.high()) ? "at least " : "") + String.format(Locale.ROOT, "%,.0f", c);
  }

  private static String withUnit(Side s) {
    return s.capacity() == null ? "none passed" : rate(s) + " ops/s";
  }

  private static String n(Side s) {
    return s.searches().size() > 1 ? " (n=" + s.searches().size() + ")" : "";
  }

  /** "[15,903, 16,700)", "[50,000, ∞)", "[0, 5)". */
  static String bracket(Side s) {
    return String.format(Locale.ROOT, "[%,.0f, %s)", s.low(), Double.isInfinite(s.high()) ? "∞"
        : String.format(Locale.ROOT, "%,.0f", s.high()));
  }

  /** "-28.1% to -20.8%", "from -10.0%", "below +40.0%", "-" when neither end is known. */
  static String range(Row r) {
    Double lo = r.changeLowPct();
    Double hi = r.changeHighPct();
    if (lo == null && hi == null) {
      return "-";
    }
    if (lo == null) {
      return "below " + pct(hi);
    }
    if (hi == null) {
      return "from " + pct(lo);
    }
    return pct(lo) + " to " + pct(hi);
  }

  private static String pct(double v) {
    return String.format(Locale.ROOT, "%+.1f%%", v);
  }

  private static String num(Double v) {
    if (v == null || !Double.isFinite(v)) {
      return "";
    }
    double r = Math.round(v * 10) / 10.0;
    return r == Math.rint(r) ? Long.toString((long) r) : Double.toString(r);
  }

  private static String finite(double v) {
    return Double.isInfinite(v) ? "" : num(v);
  }

  private static String cell(String text) {
    return text.replace("|", "\\|").replace("\n", " ");
  }

  private static String csvText(String text) {
    return text.contains(",") || text.contains("\"") ? "\"" + text.replace("\"", "\"\"") + "\"" : text;
  }
}

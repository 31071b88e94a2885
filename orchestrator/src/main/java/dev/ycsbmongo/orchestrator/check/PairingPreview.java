package dev.ycsbmongo.orchestrator.check;

import dev.ycsbmongo.binding.Keys;
import dev.ycsbmongo.orchestrator.plan.CellProperty;
import dev.ycsbmongo.orchestrator.plan.Matrix;
import dev.ycsbmongo.orchestrator.plan.Phase;
import dev.ycsbmongo.orchestrator.plan.PhaseKind;
import dev.ycsbmongo.orchestrator.plan.Plan;
import dev.ycsbmongo.orchestrator.plan.PlanComparison;
import dev.ycsbmongo.orchestrator.plan.Target;
import dev.ycsbmongo.orchestrator.report.compare.CellView;
import dev.ycsbmongo.orchestrator.report.compare.Comparison;
import dev.ycsbmongo.orchestrator.report.compare.LabelMismatch;
import dev.ycsbmongo.orchestrator.report.compare.Refusal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Before a plan runs: the pairs each of its comparisons will refuse because their cells run with
 * different threads, records or operations (study 1 scales threads with the instance), one warning
 * line per comparison naming the cells and the {@code differing:} to add if the difference is
 * intended; the cells it will leave alone because other target labels differ (study 2's clouds differ
 * in cores), naming the labels with their values and the {@code report.describes} to add; and a
 * comparison that will pair nothing at all, said as such. A warning, not a refusal: the run is still
 * worth making, and the pairs are listed under "Not compared" afterwards.
 */
public final class PairingPreview {

  /** Cells named in one warning before "and N more": a 500-phase plan's line must stay readable. */
  static final int MAX_NAMED = 4;

  private PairingPreview() {
  }

  static List<String> warnings(Matrix matrix) {
    Plan plan = matrix.plan();
    if (plan.comparisons().isEmpty()) {
      return List.of();
    }
    List<CellView> cells = matrix.phases().stream().filter(Phase::measured).map(p -> view(plan, p)).toList();
    List<String> warnings = new ArrayList<>();
    for (PlanComparison c : plan.comparisons()) {
      Comparison.Preview p = preview(cells, c).orElse(null);
      if (p == null) {
        continue;
      }
      String lead = where(plan, c) + "'" + c.spec() + "' will " + (p.pairs() == 0 ? "pair nothing: it will " : "");
      if (!p.refused().isEmpty()) {
        warnings.add(lead + warning(c, p.refused()));
      }
      if (!p.mismatched().isEmpty()) {
        warnings.add(lead + labelWarning(plan, c, p.mismatched()));
      }
      if (p.pairs() == 0 && p.refused().isEmpty() && p.mismatched().isEmpty()) {
        warnings.add(where(plan, c) + "'" + c.spec() + "' will pair nothing: no cell with " + c.spec().by() + "="
            + c.spec().b() + " has the scenario and coordinates of a cell with " + c.spec().by() + "=" + c.spec().a());
      }
    }
    return warnings;
  }

  /** What comparison {@code c} will make of the plan's measured cells, every cell taken to succeed. */
  public static java.util.Optional<Comparison.Preview> preview(Matrix matrix, PlanComparison c) {
    Plan plan = matrix.plan();
    return preview(matrix.phases().stream().filter(Phase::measured).map(p -> view(plan, p)).toList(), c);
  }

  private static java.util.Optional<Comparison.Preview> preview(List<CellView> cells, PlanComparison c) {
    return Comparison.beforehand(cells, c.spec(), c.rules());
  }

  private static String where(Plan plan, PlanComparison c) {
    return plan.source() + (c.line() > 0 ? ":" + c.line() : "") + ": " + c.path() + ": ";
  }

  /**
   * "leave 12 cells unpaired because target labels other than cloud differ: aws-medium vs azure-medium:
   * cores differs: 1 (AWS) vs 2 (Azure) (insert, workload-a); ...; if these labels describe ...".
   */
  private static String labelWarning(Plan plan, PlanComparison c, List<LabelMismatch> mismatched) {
    Map<String, Set<String>> what = new LinkedHashMap<>();
    Set<String> labels = new LinkedHashSet<>(plan.describes());
    for (LabelMismatch m : mismatched) {
      labels.addAll(m.labels());
      what.computeIfAbsent(m.targetA() + " vs " + m.targetB() + ": " + m.differencesText(), k -> new LinkedHashSet<>())
          .add(m.scenario());
    }
    List<String> named = what.entrySet().stream().map(e -> e.getKey() + " (" + String.join(", ", e.getValue()) + ")")
        .toList();
    String list = named.size() <= MAX_NAMED ? String.join("; ", named)
        : String.join("; ", named.subList(0, MAX_NAMED)) + "; and " + (named.size() - MAX_NAMED) + " more";
    return "leave " + mismatched.size() + (mismatched.size() == 1 ? " cell" : " cells") + " unpaired because target"
        + " labels other than " + c.spec().by() + " differ: " + list + "; if these labels describe the target rather"
        + " than tell cells apart, write report.describes: [" + String.join(", ", labels) + "] in the plan, or drop"
        + " them from the targets";
  }

  private static String warning(PlanComparison c, List<Refusal> refused) {
    // one entry per pair of targets and values: the scenarios of a size differ in nothing else
    Map<String, Set<String>> what = new LinkedHashMap<>();
    Set<CellProperty> properties = new LinkedHashSet<>();
    Set<String> pairs = new LinkedHashSet<>();
    for (Refusal r : refused) {
      properties.add(r.property());
      pairs.add(r.scenario() + "|" + r.kind() + "|" + r.cell());
      String cells = r.targetA().equals(r.targetB()) ? describe(r.cell()) : r.targetA() + " vs " + r.targetB();
      what.computeIfAbsent(cells + ": " + r.property().word() + " " + r.a() + " vs " + r.b(), k -> new LinkedHashSet<>())
          .add(r.scenario());
    }
    List<String> named = what.entrySet().stream().map(e -> e.getKey() + " (" + String.join(", ", e.getValue()) + ")")
        .toList();
    String list = named.size() <= MAX_NAMED ? String.join("; ", named)
        : String.join("; ", named.subList(0, MAX_NAMED)) + "; and " + (named.size() - MAX_NAMED) + " more";
    Set<CellProperty> all = new LinkedHashSet<>(c.rules().differing());
    all.addAll(properties);
    String add = String.join(", ", all.stream().sorted().map(CellProperty::word).toList());
    return "not compare " + pairs.size() + (pairs.size() == 1 ? " pair" : " pairs")
        + " whose cells run differently: " + list + "; if intended, write this entry as a map with by: " + c.spec()
        + " and differing: [" + add + "]";
  }

  private static String describe(Map<String, String> cell) {
    return String.join(", ", cell.entrySet().stream().map(e -> CellProperty.shownAs(e.getKey()) + "=" + e.getValue()).toList());
  }

  /** A phase as its record will be: the properties YCSB sees, with the threads the runner passes and its clients. */
  private static CellView view(Plan plan, Phase p) {
    Map<String, String> properties = new LinkedHashMap<>(p.kind() == PhaseKind.CONNECTIONS ? p.properties()
        : p.effectiveProperties());
    if (p.kind() != PhaseKind.CONNECTIONS) {
      properties.put(Keys.THREAD_COUNT, Integer.toString(p.threads()));
    }
    properties.put(CellProperty.CLIENTS.key(), Integer.toString(p.clients()));
    Map<String, String> labels = plan.target(p.target()).map(Target::labels).orElse(Map.of());
    return new CellView(p.scenario(), p.kind().label(), p.target(), labels, p.coordinates(), properties);
  }
}

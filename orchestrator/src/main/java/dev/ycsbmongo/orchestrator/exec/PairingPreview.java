package dev.ycsbmongo.orchestrator.exec;

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
 * intended. A warning, not a refusal: the run is still worth making, and the pairs are listed
 * under "Not compared" afterwards.
 */
final class PairingPreview {

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
      List<Refusal> refused = Comparison.refusedBeforehand(cells, c.spec(), c.rules());
      if (!refused.isEmpty()) {
        warnings.add(warning(plan, c, refused));
      }
    }
    return warnings;
  }

  private static String warning(Plan plan, PlanComparison c, List<Refusal> refused) {
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
    String where = plan.source() + (c.line() > 0 ? ":" + c.line() : "") + ": " + c.path();
    return where + ": '" + c.spec() + "' will not compare " + pairs.size() + (pairs.size() == 1 ? " pair" : " pairs")
        + " whose cells run differently: " + list + "; if intended, write this entry as a map with by: " + c.spec()
        + " and differing: [" + add + "]";
  }

  private static String describe(Map<String, String> cell) {
    return String.join(", ", cell.entrySet().stream().map(e -> (e.getKey().equals(Keys.THREAD_COUNT) ? "threads"
        : e.getKey()) + "=" + e.getValue()).toList());
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

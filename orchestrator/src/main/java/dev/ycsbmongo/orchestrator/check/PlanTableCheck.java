package dev.ycsbmongo.orchestrator.check;

import dev.ycsbmongo.binding.DidYouMean;
import dev.ycsbmongo.orchestrator.plan.CellProperty;
import dev.ycsbmongo.orchestrator.plan.Phase;
import dev.ycsbmongo.orchestrator.plan.Plan;
import dev.ycsbmongo.orchestrator.plan.PlanException;
import dev.ycsbmongo.orchestrator.plan.TableSpec;
import dev.ycsbmongo.orchestrator.plan.Target;
import dev.ycsbmongo.orchestrator.report.tables.TableColumns;
import dev.ycsbmongo.orchestrator.report.tables.TableKeys;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Checks a plan's {@code report.tables} against its expanded phases, as {@code report.compare} is, so that
 * a misspelt key is found by {@code validate} and before {@code run} starts, not when the tables are
 * written hours later. Each key must name something the table's cells have: scenario, target, kind, a
 * target label, a coordinate, a YCSB property they run with, or a figure; per, rows and across take no figure.
 */
final class PlanTableCheck {

  /** Keys people can read in one line; the properties of a workload file would bury the figures. */
  private static final int MAX_LISTED = 30;

  private PlanTableCheck() {
  }

  static void check(Plan plan, List<Phase> phases) {
    for (TableSpec spec : plan.tables()) {
      List<Phase> cells = phases.stream().filter(Phase::measured)
          .filter(p -> spec.scenarios().isEmpty() || spec.scenarios().contains(p.scenario())).toList();
      if (cells.isEmpty()) {
        throw PlanException.at(plan.source(), spec.line(), spec.path(), "the table has no measured cell to show;"
            + " expected scenarios that run or load (or connection stresses)");
      }
      Set<String> coordinates = new LinkedHashSet<>();
      Set<String> labels = new LinkedHashSet<>();
      Set<String> properties = new LinkedHashSet<>();
      for (Phase p : cells) {
        coordinates.addAll(p.coordinates().keySet());
        labels.addAll(plan.target(p.target()).map(Target::labels).orElse(Map.of()).keySet());
        properties.addAll(new java.util.TreeSet<>(p.effectiveProperties().keySet()));
      }
      for (TableSpec.Key k : spec.all()) {
        Optional<TableKeys.Source> source = TableKeys.resolve(k.key(), coordinates, labels, properties);
        if (source.isEmpty()) {
          List<String> offered = TableKeys.offered(coordinates, labels, properties);
          // threads is what people type for threadcount; the message offers what they would type
          List<String> shown = offered.stream().map(CellProperty::shownAs).toList();
          String hint = DidYouMean.closest(k.written(), shown).or(() -> shown.stream()
              .filter(o -> o.endsWith("." + k.written())).findFirst()).map(s -> "did you mean '" + s + "'? ")
              .orElse("");
          throw PlanException.at(plan.source(), k.line(), k.path(), "'" + k.written() + "' is not a figure, label,"
              + " coordinate or property of this table's cells; " + hint + "accepted: " + listed(shown));
        }
        boolean figure = source.get() == TableKeys.Source.FIGURE || source.get() == TableKeys.Source.CURVE;
        if (figure && spec.placing().contains(k)) {
          throw PlanException.at(plan.source(), k.line(), k.path(), "'" + k.written() + "' is a figure and cannot"
              + " place cells; per, rows and across take scenario, target, kind, labels, coordinates or properties;"
              + " figures (" + String.join(", ", TableColumns.keys(TableColumns.Kind.CELL)) + ", "
              + String.join(", ", TableColumns.keys(TableColumns.Kind.CURVE)) + ") go in columns");
        }
      }
    }
  }

  private static String listed(List<String> keys) {
    return keys.size() <= MAX_LISTED ? String.join(", ", keys)
        : String.join(", ", keys.subList(0, MAX_LISTED)) + " and " + (keys.size() - MAX_LISTED) + " more properties";
  }
}

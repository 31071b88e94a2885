package dev.ycsbmongo.orchestrator.check;

import dev.ycsbmongo.orchestrator.FileNames;
import dev.ycsbmongo.orchestrator.plan.Phase;
import dev.ycsbmongo.orchestrator.plan.Plan;
import dev.ycsbmongo.orchestrator.plan.PlanComparison;
import dev.ycsbmongo.orchestrator.plan.TableSpec;
import dev.ycsbmongo.orchestrator.plan.Target;
import dev.ycsbmongo.orchestrator.report.tables.ShapedTableFiles;
import dev.ycsbmongo.orchestrator.report.tables.TableKeys;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The names and labels of a plan too long for a file name, each with the name its file will have ({@link
 * FileNames} shortens them): warnings for {@code validate} and {@code run}, never refusals, since every such
 * name can be made safe. Read before anything runs, so that nobody looks for {@code tables/<300 characters>.md}.
 */
final class FileNamePreview {

  /** The CSV names of one table listed at most; the rest are counted. */
  private static final int MAX_LISTED = 3;
  private static final int SHOWN_CHARS = 32;

  private FileNamePreview() {
  }

  static List<String> warnings(Plan plan, List<Phase> phases) {
    List<String> out = new ArrayList<>();
    if (FileNames.shortened(plan.name())) {
      out.add("name " + shown(plan.name()) + " is too long for a file name: the run directories are named "
          + FileNames.bounded(plan.name()) + "-<yyyyMMdd-HHmmss>");
    }
    for (PlanComparison c : plan.comparisons()) {
      if (c.spec().fileBaseShortened()) {
        out.add(at(plan, c.path(), c.line()) + shown(c.spec().toString()) + " is too long for a file name: it is"
            + " written as " + c.spec().fileBase() + ".md and .csv");
      }
    }
    for (TableSpec t : plan.tables()) {
      if (FileNames.shortened(t.name())) {
        out.add(at(plan, t.path() + ".name", t.line()) + shown(t.name()) + " is too long for a file name: it is"
            + " written as " + ShapedTableFiles.DIR + "/" + ShapedTableFiles.markdownName(t));
      }
      csvNames(plan, t, phases).ifPresent(out::add);
    }
    return out;
  }

  /**
   * The table's CSVs whose per values make too long a name, when its per keys are the scenario, the target or
   * target labels (values known before the run; a coordinate's or property's CSVs are shortened all the same).
   */
  private static Optional<String> csvNames(Plan plan, TableSpec t, List<Phase> phases) {
    if (t.per().isEmpty()) {
      return Optional.empty();
    }
    Set<List<String>> values = new LinkedHashSet<>();
    for (Phase p : phases) {
      if (!p.measured() || !t.scenarios().isEmpty() && !t.scenarios().contains(p.scenario())) {
        continue;
      }
      Map<String, String> labels = plan.target(p.target()).map(Target::labels).orElse(Map.of());
      List<String> row = new ArrayList<>();
      for (TableSpec.Key k : t.per()) {
        String v = k.key().equals(TableKeys.SCENARIO) ? p.scenario() : k.key().equals(TableKeys.TARGET) ? p.target()
            : labels.get(k.key());
        if (v == null) {
          return Optional.empty();
        }
        row.add(v);
      }
      values.add(row);
    }
    List<String> shortened = values.stream()
        .filter(v -> FileNames.shortened(ShapedTableFiles.unboundedCsvBase(t.name(), v)))
        .map(v -> ShapedTableFiles.DIR + "/" + ShapedTableFiles.csvBase(t.name(), v) + ".csv").toList();
    if (shortened.isEmpty()) {
      return Optional.empty();
    }
    String listed = String.join(", ", shortened.subList(0, Math.min(MAX_LISTED, shortened.size())))
        + (shortened.size() > MAX_LISTED ? " and " + (shortened.size() - MAX_LISTED) + " more" : "");
    return Optional.of(at(plan, t.path() + ".per", t.line()) + "the per values make " + shortened.size()
        + " CSV name" + (shortened.size() == 1 ? "" : "s") + " too long for a file name: written as " + listed);
  }

  private static String at(Plan plan, String path, int line) {
    return (plan.source() == null ? "" : plan.source() + (line > 0 ? ":" + line : "") + ": ") + path + ": ";
  }

  /** A long name as a line can show it: its beginning and its length. */
  private static String shown(String name) {
    int chars = name.codePointCount(0, name.length());
    return chars <= SHOWN_CHARS ? "'" + name + "'"
        : "'" + name.substring(0, name.offsetByCodePoints(0, SHOWN_CHARS)) + "…' (" + chars + " characters)";
  }
}

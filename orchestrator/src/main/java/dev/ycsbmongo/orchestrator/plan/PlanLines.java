package dev.ycsbmongo.orchestrator.plan;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The line of every key of a plan file, by its key path as messages spell it
 * ({@code targets[0].uri}, {@code scenarios[1].properties.threads}), so that a problem found
 * after expansion (in a cell, not a key) can still point at the line that caused it.
 */
public final class PlanLines {

  private final Map<String, Integer> lines;

  private PlanLines(Map<String, Integer> lines) {
    this.lines = Map.copyOf(lines);
  }

  /** No lines known: problems then name the file only. */
  public static PlanLines none() {
    return new PlanLines(Map.of());
  }

  static PlanLines of(Node root) {
    Map<String, Integer> lines = new HashMap<>();
    walk(root, "", lines);
    return new PlanLines(lines);
  }

  private static void walk(Node node, String path, Map<String, Integer> lines) {
    if (node instanceof Node.Mapping m) {
      for (Node.Entry e : m.entries().values()) {
        String child = path.isEmpty() ? e.key() : path + "." + e.key();
        lines.put(child, e.line());
        walk(e.value(), child, lines);
      }
    } else if (node instanceof Node.Sequence s) {
      for (int i = 0; i < s.items().size(); i++) {
        String child = path + "[" + i + "]";
        lines.put(child, s.items().get(i).line());
        walk(s.items().get(i), child, lines);
      }
    }
  }

  /** The line of the key (or list item) at {@code path}, if the plan wrote it. */
  public Optional<Integer> line(String path) {
    return Optional.ofNullable(lines.get(path));
  }
}

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
  /** The place of each target and scenario in the file by name ({@code targets:NAME}): --only drops some. */
  private final Map<String, Integer> places;

  private PlanLines(Map<String, Integer> lines, Map<String, Integer> places) {
    this.lines = Map.copyOf(lines);
    this.places = Map.copyOf(places);
  }

  /** No lines known: problems then name the file only. */
  public static PlanLines none() {
    return new PlanLines(Map.of(), Map.of());
  }

  static PlanLines of(Node root) {
    Map<String, Integer> lines = new HashMap<>();
    walk(root, "", lines);
    Map<String, Integer> places = new HashMap<>();
    if (root instanceof Node.Mapping m) {
      for (String list : java.util.List.of("targets", "scenarios")) {
        Node.Entry e = m.entries().get(list);
        if (e != null && e.value() instanceof Node.Sequence seq) {
          for (int i = 0; i < seq.items().size(); i++) {
            if (seq.items().get(i) instanceof Node.Mapping item
                && item.entries().get("name") != null && item.entries().get("name").value() instanceof Node.Scalar n) {
              places.putIfAbsent(list + ":" + n.text(), i);
            }
          }
        }
      }
    }
    return new PlanLines(lines, places);
  }

  /** Where the target or scenario ({@code list} is {@code targets} or {@code scenarios}) {@code name} is in the file. */
  public Optional<Integer> place(String list, String name) {
    return Optional.ofNullable(places.get(list + ":" + name));
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

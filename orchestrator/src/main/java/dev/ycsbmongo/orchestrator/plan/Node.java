package dev.ycsbmongo.orchestrator.plan;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A plan file's document tree in which every key and value knows its line: Jackson's own trees
 * drop locations, and an error without a line sends people hunting through long plans.
 */
sealed interface Node permits Node.Scalar, Node.Mapping, Node.Sequence, Node.Null {

  int line();

  /** What the node is, for "expected a map, found a list" messages. */
  String describe();

  /**
   * A string, number or boolean as written (numbers keep their text: {@code 0.5} stays
   * {@code 0.5}); {@code isString} is false for numbers and booleans.
   */
  record Scalar(String text, boolean isString, int line) implements Node {
    @Override
    public String describe() {
      return isString ? "the text '" + text + "'" : "the value " + text;
    }
  }

  /** A key of a mapping, with its own line. */
  record Entry(String key, int line, Node value) {
  }

  record Mapping(Map<String, Entry> entries, int line) implements Node {
    public Mapping {
      entries = Collections.unmodifiableMap(new LinkedHashMap<>(entries));
    }

    @Override
    public String describe() {
      return "a map";
    }
  }

  record Sequence(List<Node> items, int line) implements Node {
    public Sequence {
      items = List.copyOf(items);
    }

    @Override
    public String describe() {
      return "a list";
    }
  }

  /** An empty value ({@code key:} with nothing after it, {@code ~} or {@code null}). */
  record Null(int line) implements Node {
    @Override
    public String describe() {
      return "an empty value";
    }
  }
}

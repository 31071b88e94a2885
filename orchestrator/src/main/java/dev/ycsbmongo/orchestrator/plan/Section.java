package dev.ycsbmongo.orchestrator.plan;

import dev.ycsbmongo.binding.DidYouMean;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * One map of a plan file (the top level, a target, {@code execution}, ...) with the key path it
 * sits at, so that every error names the file, line and key without the caller spelling them out.
 */
final class Section {

  private final Path source;
  private final String path;
  private final Node.Mapping map;
  /** The plan's {@code customKeys}: property keys its property maps accept beside YCSB's and the binding's. */
  private final Set<String> customKeys;

  private Section(Path source, String path, Node.Mapping map, Set<String> customKeys) {
    this.source = source;
    this.path = path;
    this.map = map;
    this.customKeys = Set.copyOf(customKeys);
  }

  /** The map at {@code path}; anything else is an error at its line. */
  static Section of(Path source, String path, Node node) {
    return of(source, path, node, Set.of());
  }

  private static Section of(Path source, String path, Node node, Set<String> customKeys) {
    if (node instanceof Node.Mapping m) {
      return new Section(source, path, m, customKeys);
    }
    throw new PlanException(source, node.line(), path, "expected a map, found " + node.describe());
  }

  /** This map, its property maps accepting {@code keys} too (and those of every map read from it). */
  Section withCustomKeys(Set<String> keys) {
    return new Section(source, path, map, keys);
  }

  Set<String> customKeys() {
    return customKeys;
  }

  /** Another map of the same plan at {@code path} (a list item), with this one's custom keys. */
  Section at(String path, Node node) {
    return of(source, path, node, customKeys);
  }

  /** Rejects every key outside {@code allowed}, suggesting the closest allowed one. */
  Section allow(List<String> allowed) {
    for (Node.Entry entry : map.entries().values()) {
      if (!allowed.contains(entry.key())) {
        throw new PlanException(source, entry.line(), keyPath(entry.key()),
            "unknown key; accepted: " + String.join(", ", allowed) + didYouMean(entry.key(), allowed));
      }
    }
    return this;
  }

  static String didYouMean(String unknown, List<String> candidates) {
    return DidYouMean.closest(unknown, candidates).map(c -> " (did you mean '" + c + "'?)").orElse("");
  }

  Optional<Node.Entry> entry(String key) {
    return Optional.ofNullable(map.entries().get(key));
  }

  Node.Entry required(String key, String expected) {
    return entry(key).orElseThrow(() -> new PlanException(source, map.line(), keyPath(key),
        "required key is missing; expected " + expected));
  }

  /** A scalar's text; a map, list or empty value is an error. */
  String text(Node.Entry entry, String expected) {
    if (entry.value() instanceof Node.Scalar s) {
      return s.text();
    }
    throw error(entry, "expected " + expected + ", found " + entry.value().describe());
  }

  Optional<String> optionalText(String key, String expected) {
    return entry(key).map(e -> text(e, expected));
  }

  PlanException error(Node.Entry entry, String problem) {
    return new PlanException(source, entry.value().line(), keyPath(entry.key()), problem);
  }

  PlanException error(int line, String key, String problem) {
    return new PlanException(source, line, key, problem);
  }

  Section child(Node.Entry entry) {
    return of(source, keyPath(entry.key()), entry.value(), customKeys);
  }

  String keyPath(String key) {
    return path.isEmpty() ? key : path + "." + key;
  }

  /** The plan file, for the sections read below this one. */
  Path source() {
    return source;
  }

  /** Where this map sits, e.g. {@code targets[0].properties}. */
  String path() {
    return path;
  }

  int line() {
    return map.line();
  }

  Iterable<Node.Entry> entries() {
    return map.entries().values();
  }

  boolean isEmpty() {
    return map.entries().isEmpty();
  }
}

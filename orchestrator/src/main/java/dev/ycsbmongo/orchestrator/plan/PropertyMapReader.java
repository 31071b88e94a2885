package dev.ycsbmongo.orchestrator.plan;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/** Reads a map of YCSB properties from a plan (plan-wide, per target, per scenario, sweeps, zips, ...). */
final class PropertyMapReader {

  /** What a property of this map may hold. */
  enum Values {
    /** One scalar: plan-wide properties, warm-up and load properties. */
    SCALARS("a scalar (string, number or boolean)"),
    /** A scalar or a list of them; a list of several values is a dimension. */
    SCALARS_OR_LISTS("a scalar (string, number or boolean) or a list of scalars"),
    /** A list of scalars: the members of a zip group. */
    LISTS("a list of scalars");

    private final String expected;

    Values(String expected) {
      this.expected = expected;
    }
  }

  /**
   * A property as the plan gives it.
   *
   * @param key normalised ({@code threads} is {@code threadcount})
   * @param path where it was written, for messages
   * @param line the key's line
   * @param values one value for a scalar, in order for a list
   */
  record Prop(String key, String path, int line, List<String> values) {
  }

  private PropertyMapReader() {
  }

  /** The map's properties in file order, keys normalised, keys and values checked. */
  static Map<String, Prop> read(Section map, Values values) {
    Map<String, Prop> props = new LinkedHashMap<>();
    for (Node.Entry entry : map.entries()) {
      String path = map.keyPath(entry.key());
      String key = PropertyRules.normalise(entry.key());
      PropertyRules.formProblem(key).ifPresent(problem -> {
        throw map.error(entry.line(), path, problem);
      });
      Prop earlier = props.get(key);
      if (earlier != null) {
        throw map.error(entry.line(), path, "the same property as " + earlier.path() + " (line " + earlier.line()
            + "): threads is another name for threadcount; give one of them");
      }
      props.put(key, new Prop(key, path, entry.line(), values(map, entry, path, key, values)));
      // after the values: a nested map under an unknown key says so first (mongodb: {writeConcern: ...})
      PropertyRules.unknownKeyProblem(key, map.customKeys()).ifPresent(problem -> {
        throw map.error(entry.line(), path, problem);
      });
    }
    return props;
  }

  /** Just the values of a map of scalars. */
  static Map<String, String> scalars(Map<String, Prop> props) {
    Map<String, String> out = new LinkedHashMap<>();
    props.forEach((k, p) -> out.put(k, p.values().get(0)));
    return out;
  }

  /** Just the values of a map that may hold lists. */
  static Map<String, List<String>> lists(Map<String, Prop> props) {
    Map<String, List<String>> out = new LinkedHashMap<>();
    props.forEach((k, p) -> out.put(k, p.values()));
    return out;
  }

  private static List<String> values(Section map, Node.Entry entry, String path, String key, Values values) {
    Node node = entry.value();
    if (node instanceof Node.Scalar s && values != Values.LISTS) {
      return List.of(checked(map, s, path, key));
    }
    if (node instanceof Node.Sequence seq && values != Values.SCALARS) {
      if (seq.items().isEmpty()) {
        throw map.error(node.line(), path, "empty list; expected at least one value");
      }
      List<String> out = new ArrayList<>();
      LinkedHashSet<String> seen = new LinkedHashSet<>();
      for (int i = 0; i < seq.items().size(); i++) {
        Node item = seq.items().get(i);
        String itemPath = path + "[" + i + "]";
        if (!(item instanceof Node.Scalar s)) {
          throw map.error(item.line(), itemPath, "expected a scalar (string, number or boolean), found " + item.describe());
        }
        String value = checked(map, s, itemPath, key);
        // in a zip group a value may repeat (the group's combinations are checked instead)
        if (!seen.add(value) && values != Values.LISTS) {
          throw map.error(item.line(), itemPath, "'" + value + "' is listed twice; expected each value once");
        }
        out.add(value);
      }
      return out;
    }
    String nested = node instanceof Node.Mapping ? "nested maps are not accepted; " : "";
    throw map.error(node.line(), path, nested + "expected " + values.expected + ", found " + node.describe());
  }

  private static String checked(Section map, Node.Scalar scalar, String path, String key) {
    PropertyRules.valueProblem(key, scalar.text()).ifPresent(problem -> {
      throw map.error(scalar.line(), path, problem);
    });
    return scalar.text();
  }
}

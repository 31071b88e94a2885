package dev.ycsbmongo.orchestrator.plan;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * {@code --set execution.KEY.PATH=VALUE}: a value of the plan's {@code execution} section (repetitions, rampUp,
 * acceptance.minWindow, ...) put into the plan's document tree before it is read, so the loader checks it exactly
 * as it checks the plan's own, by its key path. Such values have no line: the plan did not write them.
 */
final class SettingOverrides {

  static final String PREFIX = "execution.";

  private static final Pattern NUMBER_OR_BOOLEAN = Pattern.compile("-?[0-9]+(\\.[0-9]+)?|true|false");

  private SettingOverrides() {
  }

  /** True for a --set key that names a setting of the execution section rather than a property. */
  static boolean isSetting(String key) {
    return key.startsWith(PREFIX);
  }

  /** {@code root} with every execution setting of {@code set} in place; other keys are left to the loader. */
  static Node apply(Node root, Map<String, String> set, Path source) {
    if (!(root instanceof Node.Mapping top)) {
      return root;  // the loader says what the plan should be
    }
    Node.Mapping out = top;
    for (Map.Entry<String, String> e : set.entrySet()) {
      if (isSetting(e.getKey())) {
        List<String> path = List.of(e.getKey().split("\\.", -1));
        if (path.stream().anyMatch(String::isEmpty)) {
          throw new PlanException(source, 0, "--set " + e.getKey(), "an empty key in the path; expected"
              + " execution.KEY or execution.KEY.KEY (e.g. --set execution.repetitions=1)");
        }
        out = put(out, path, 0, e.getValue().strip(), source, e.getKey());
      }
    }
    return out;
  }

  private static Node.Mapping put(Node.Mapping map, List<String> path, int depth, String value, Path source,
      String written) {
    Map<String, Node.Entry> entries = new LinkedHashMap<>(map.entries());
    String key = path.get(depth);
    Node.Entry existing = entries.get(key);
    Node replaced;
    if (depth == path.size() - 1) {
      boolean string = !NUMBER_OR_BOOLEAN.matcher(value).matches();
      replaced = new Node.Scalar(value, string, 0);
    } else {
      Node child = existing == null ? new Node.Mapping(Map.of(), 0) : existing.value();
      if (!(child instanceof Node.Mapping m)) {
        throw new PlanException(source, existing.line(), "--set " + written, String.join(".", path.subList(0,
            depth + 1)) + " is " + child.describe() + " in the plan, not a map of settings; set it whole (e.g. --set "
            + String.join(".", path.subList(0, depth + 1)) + "=VALUE)");
      }
      replaced = put(m, path, depth + 1, value, source, written);
    }
    entries.put(key, new Node.Entry(key, existing == null ? 0 : existing.line(), replaced));
    return new Node.Mapping(entries, map.line());
  }
}

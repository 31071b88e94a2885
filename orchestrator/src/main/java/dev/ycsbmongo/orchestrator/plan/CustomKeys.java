package dev.ycsbmongo.orchestrator.plan;

import dev.ycsbmongo.binding.YcsbKeys;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A plan's {@code customKeys: [...]}: the property keys its own workload class reads. Every other key in a
 * property map must be one YCSB 0.17.0, the binding or the orchestrator reads ({@link PropertyRules}), so a
 * misspelt key fails validate instead of being ignored by YCSB.
 */
final class CustomKeys {

  static final String KEY = "customKeys";

  private static final Pattern KEY_TEXT = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9._-]*");
  private static final String EXPECTED = "a list of property keys, e.g. customKeys: [mycompany.zones]";

  private CustomKeys() {
  }

  /** {@code top} with the custom keys it declares, each checked: a key of its own, written once. */
  static Section read(Section top) {
    return top.entry(KEY).map(e -> top.withCustomKeys(keys(top, e))).orElse(top);
  }

  private static Set<String> keys(Section top, Node.Entry entry) {
    if (!(entry.value() instanceof Node.Sequence seq)) {
      throw top.error(entry, "expected " + EXPECTED + ", found " + entry.value().describe());
    }
    Set<String> keys = new LinkedHashSet<>();
    for (int i = 0; i < seq.items().size(); i++) {
      Node item = seq.items().get(i);
      String path = top.keyPath(KEY) + "[" + i + "]";
      if (!(item instanceof Node.Scalar s) || !KEY_TEXT.matcher(s.text()).matches()) {
        throw top.error(item.line(), path, "expected a property key (letters, digits, '.', '_', '-'), found "
            + (item instanceof Node.Scalar t ? "'" + t.text() + "'" : item.describe()));
      }
      String key = PropertyRules.normalise(s.text());
      if (YcsbKeys.known(key) || PropertyRules.orchestratorOnly(key) || key.startsWith("mongodb.")) {
        throw top.error(item.line(), path, "'" + s.text() + "' is a key YCSB, the binding or the orchestrator"
            + " reads, checked as such; list only keys of your own workload class here");
      }
      if (!keys.add(key)) {
        throw top.error(item.line(), path, "'" + s.text() + "' is listed twice; expected each key once");
      }
    }
    return keys;
  }
}

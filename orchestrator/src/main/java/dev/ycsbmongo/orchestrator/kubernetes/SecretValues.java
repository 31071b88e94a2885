package dev.ycsbmongo.orchestrator.kubernetes;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Values the client pods need but nobody may read: the MongoDB URI with its password, for
 * example. Each key becomes an environment variable of the client container, filled by the
 * kubelet from a Secret ({@code valueFrom.secretKeyRef}), so no value appears in the Job, a pod
 * argument or our output. {@link #toString()} names the keys only; {@link #redact(String)} masks
 * every value in a text before it leaves this package.
 */
public final class SecretValues {

  /** An environment variable name that is also a valid Secret key. */
  private static final Pattern KEY = Pattern.compile("[A-Z_][A-Z0-9_]*");

  /** What {@link #redact(String)} puts where a value was. */
  public static final String MASK = "****";

  private final Map<String, String> values;

  private SecretValues(Map<String, String> values) {
    this.values = values;
  }

  /**
   * @param values environment variable name to value; names match {@code [A-Z_][A-Z0-9_]*},
   *     values are non-empty
   * @throws IllegalArgumentException naming the bad key (never the value)
   */
  public static SecretValues of(Map<String, String> values) {
    TreeMap<String, String> copy = new TreeMap<>();
    values.forEach((key, value) -> {
      if (key == null || !KEY.matcher(key).matches()) {
        throw new IllegalArgumentException("kubernetes secret key '" + key
            + "' is not an environment variable name (accepted: [A-Z_][A-Z0-9_]*, e.g. MONGODB_URI)");
      }
      if (value == null || value.isEmpty()) {
        throw new IllegalArgumentException("kubernetes secret '" + key + "' has no value (accepted: a non-empty string)");
      }
      copy.put(key, value);
    });
    return new SecretValues(Collections.unmodifiableMap(copy));
  }

  /** No secret values: the pods get none. */
  public static SecretValues none() {
    return new SecretValues(Map.of());
  }

  /** Key to value, sorted by key; for building the Secret only. */
  Map<String, String> values() {
    return values;
  }

  public boolean isEmpty() {
    return values.isEmpty();
  }

  /** {@code text} with every secret value replaced by {@link #MASK}; null stays null. */
  public String redact(String text) {
    if (text == null) {
      return null;
    }
    String result = text;
    for (String value : values.values()) {
      result = result.replace(value, MASK);
    }
    return result;
  }

  @Override
  public String toString() {
    return "SecretValues" + values.keySet();
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof SecretValues s && s.values.equals(values);
  }

  @Override
  public int hashCode() {
    return values.hashCode();
  }
}

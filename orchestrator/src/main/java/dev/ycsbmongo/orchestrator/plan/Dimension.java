package dev.ycsbmongo.orchestrator.plan;

import java.util.List;

/**
 * One axis of the matrix: a single swept property ({@code keys} has one entry), or a {@code zip}
 * group whose properties vary together. Each element of {@code tuples} holds one value per key.
 */
public record Dimension(List<String> keys, List<List<String>> tuples) {

  public Dimension {
    keys = List.copyOf(keys);
    tuples = tuples.stream().map(List::copyOf).toList();
    for (List<String> tuple : tuples) {
      if (tuple.size() != keys.size()) {
        throw new IllegalArgumentException("dimension " + keys + ": tuple " + tuple + " has " + tuple.size()
            + " values, expected " + keys.size());
      }
    }
  }

  /** A plain sweep over one property. */
  public static Dimension of(String key, List<String> values) {
    return new Dimension(List.of(key), values.stream().map(List::of).toList());
  }
}

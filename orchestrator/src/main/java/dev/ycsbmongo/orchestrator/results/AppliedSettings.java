package dev.ycsbmongo.orchestrator.results;

import java.util.Map;

/**
 * The {@code server.*} settings a phase asked for and what was done to put them in place.
 *
 * @param requested the phase's {@code server.*} properties (settings, apply mode, sampling)
 * @param note what the orchestrator did (e.g. "set settings.chainingAllowed=false with
 *     replSetReconfig ..."), or why the phase did not run; null when there was nothing to change
 */
public record AppliedSettings(Map<String, String> requested, String note) {

  public AppliedSettings {
    requested = java.util.Collections.unmodifiableSortedMap(new java.util.TreeMap<>(requested));
  }
}

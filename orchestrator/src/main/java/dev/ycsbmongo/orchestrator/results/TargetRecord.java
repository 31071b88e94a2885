package dev.ycsbmongo.orchestrator.results;

import java.util.Map;

/** The target as stored: name, masked connection string, labels in plan order. */
public record TargetRecord(String name, String maskedUri, Map<String, String> labels) {

  public TargetRecord {
    labels = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(labels));
  }
}

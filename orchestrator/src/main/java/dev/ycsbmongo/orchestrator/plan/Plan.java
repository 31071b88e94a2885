package dev.ycsbmongo.orchestrator.plan;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A validated benchmark plan: targets x scenarios x dimensions, and how to run them.
 *
 * @param name the plan's name (letters, digits, '.', '_', '-'); names the run directory
 * @param source the plan file it was read from
 * @param properties plan-wide YCSB properties (lowest precedence after YCSB's own defaults)
 * @param dimensions the plan's {@code sweep} entries then its {@code zip} groups, in file order
 * @param comparisons the plan's {@code report.compare} entries, in file order
 * @param charts the plan's {@code report.charts} ({@link ChartSettings#NONE} without)
 * @param tables the plan's {@code report.tables} entries, in file order
 * @param describes the plan's {@code report.describes}: target labels no comparison matches when pairing
 *     (already in each comparison's {@link PairingRules#describing()})
 */
public record Plan(String name, String description, Path source, Map<String, String> properties,
    List<Target> targets, List<Scenario> scenarios, List<Dimension> dimensions, Settings settings,
    List<PlanComparison> comparisons, ChartSettings charts, List<TableSpec> tables, List<String> describes) {

  public Plan {
    describes = List.copyOf(describes);
    properties = unmodifiableOrdered(properties);
    targets = List.copyOf(targets);
    scenarios = List.copyOf(scenarios);
    dimensions = List.copyOf(dimensions);
    comparisons = List.copyOf(comparisons);
    charts = charts == null ? ChartSettings.NONE : charts;
    tables = List.copyOf(tables);
  }

  /** A plan without chart settings or shaped tables. */
  public Plan(String name, String description, Path source, Map<String, String> properties, List<Target> targets,
      List<Scenario> scenarios, List<Dimension> dimensions, Settings settings, List<PlanComparison> comparisons) {
    this(name, description, source, properties, targets, scenarios, dimensions, settings, comparisons,
        ChartSettings.NONE, List.of(), List.of());
  }

  public Optional<Target> target(String targetName) {
    return targets.stream().filter(t -> t.name().equals(targetName)).findFirst();
  }

  public Optional<Scenario> scenario(String scenarioName) {
    return scenarios.stream().filter(s -> s.name().equals(scenarioName)).findFirst();
  }

  static <V> Map<String, V> unmodifiableOrdered(Map<String, V> map) {
    return java.util.Collections.unmodifiableMap(new LinkedHashMap<>(map));
  }

  static Map<String, List<String>> copyOfLists(Map<String, List<String>> map) {
    Map<String, List<String>> copy = new LinkedHashMap<>();
    map.forEach((k, v) -> copy.put(k, List.copyOf(v)));
    return java.util.Collections.unmodifiableMap(copy);
  }
}

package dev.ycsbmongo.orchestrator.plan;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A workload: a YCSB workload file and/or properties (e.g. a read:write mix).
 *
 * @param workload the workload file (absolute; relative paths in the plan start from the plan's directory)
 * @param properties YCSB properties; a list of several values makes the property a dimension
 */
public record Scenario(String name, ScenarioKind kind, Optional<Path> workload, Map<String, List<String>> properties) {

  public Scenario {
    properties = Plan.copyOfLists(properties);
  }
}

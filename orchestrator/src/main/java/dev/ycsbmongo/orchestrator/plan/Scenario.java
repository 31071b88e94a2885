package dev.ycsbmongo.orchestrator.plan;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A workload: a YCSB workload file and/or properties (e.g. a read:write mix).
 *
 * @param workload the workload file (absolute; a relative path in the plan is looked up beside the plan, then in the
 *     project's workloads/plans/ and workloads/)
 * @param properties YCSB properties; a list of several values makes the property a dimension
 */
public record Scenario(String name, ScenarioKind kind, Optional<Path> workload, Map<String, List<String>> properties) {

  public Scenario {
    properties = Plan.copyOfLists(properties);
  }
}

package dev.ycsbmongo.orchestrator.connections;

import java.util.List;

/**
 * The planner's answer: who opens which connections.
 *
 * @param sourceAddresses the addresses bound, empty when the kernel chooses
 * @param limits the OS limits that shaped the plan, for the result (e.g. "ulimit -n 20000, ports ...")
 */
record ConnectionPlan(int count, List<TargetHost> hosts, List<String> sourceAddresses, List<WorkerAssignment> workers,
    String limits) {

  ConnectionPlan {
    hosts = List.copyOf(hosts);
    sourceAddresses = List.copyOf(sourceAddresses);
    workers = List.copyOf(workers);
  }
}

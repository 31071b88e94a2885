package dev.ycsbmongo.orchestrator.connections;

import dev.ycsbmongo.orchestrator.plan.ConnectionKeys;
import java.util.List;

/**
 * The planner's answer: who opens which connections.
 *
 * @param count connections in all: {@code perServer} x hosts
 * @param perServer connections.count: what each host takes
 * @param to whether the hosts are the URI's or its primary alone
 * @param hosts the servers connected to
 * @param sourceAddresses the addresses bound, empty when the kernel chooses
 * @param limits the OS limits that shaped the plan, for the result (e.g. "ulimit -n 20000, ports ...")
 */
record ConnectionPlan(int count, int perServer, ConnectionKeys.To to, List<TargetHost> hosts, List<String> sourceAddresses, List<WorkerAssignment> workers,
    String limits) {

  ConnectionPlan {
    hosts = List.copyOf(hosts);
    sourceAddresses = List.copyOf(sourceAddresses);
    workers = List.copyOf(workers);
  }
}

/**
 * The client host watched while a cell runs: its CPU model, cores, load average, steal time and the
 * CPU other processes took, read from /proc ({@link dev.ycsbmongo.orchestrator.host.ProcHost}),
 * sampled once a second ({@link dev.ycsbmongo.orchestrator.host.HostWatch}) into one record per cell
 * ({@link dev.ycsbmongo.orchestrator.host.ClientHostLoad}), and the rule that calls a cell's client
 * host busy ({@link dev.ycsbmongo.orchestrator.host.HostBusyRule}).
 *
 * <p>Layer 2 (docs/architecture.md): uses the root package (cgroup paths); used by {@code exec} and the report.
 */
package dev.ycsbmongo.orchestrator.host;

package dev.ycsbmongo.orchestrator.results;

/**
 * What one phase's YCSB output says.
 *
 * @param ycsbRuntimeMillis YCSB's [OVERALL] RunTime(ms)
 * @param ycsbThroughputOpsPerSec YCSB's [OVERALL] Throughput(ops/sec): counts failed operations too
 * @param steady null when there is no steady-state window; then {@code steadyAbsentReason} says why
 */
public record PhaseMeasurements(Double ycsbRuntimeMillis, Double ycsbThroughputOpsPerSec, WindowStats full,
    WindowStats steady, String steadyAbsentReason) {
}

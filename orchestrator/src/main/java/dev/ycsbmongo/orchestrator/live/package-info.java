/**
 * The live view of a running plan: {@link dev.ycsbmongo.orchestrator.live.LiveState} listens to the run's
 * progress (the same YCSB status lines the console shows) and {@link dev.ycsbmongo.orchestrator.live.MetricsEndpoint}
 * serves its latest figures in the Prometheus text format on {@code run --metrics-port}. Nothing here is
 * written to the run directory: the results never depend on it.
 *
 * <p>Layer 10 (docs/architecture.md), under {@code cli}: uses {@code exec} (its progress listener), {@code plan} and
 * {@code results}; used by {@code cli} only.
 */
package dev.ycsbmongo.orchestrator.live;

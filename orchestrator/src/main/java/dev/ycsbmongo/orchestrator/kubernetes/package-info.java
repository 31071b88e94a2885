/**
 * The Kubernetes backend ({@code execution.backend: kubernetes}), which {@code run} uses for a cell of
 * {@code clients: N}: one cell's N clients as one Indexed Job.
 * {@link dev.ycsbmongo.orchestrator.kubernetes.FleetSpec} says what to run,
 * {@link dev.ycsbmongo.orchestrator.kubernetes.JobManifests} turns it into a Secret and a Job,
 * {@link dev.ycsbmongo.orchestrator.kubernetes.ClientFleet} creates them, follows the pods, hands
 * each client's log lines to a {@link dev.ycsbmongo.orchestrator.kubernetes.ClientLineSink}, names
 * the first failed pod's cause ({@link dev.ycsbmongo.orchestrator.kubernetes.PodStates}) and
 * deletes both objects when the cell ends, fails or is cancelled. Secret values reach pods only
 * through {@code secretKeyRef}; every text this package produces is passed through
 * {@link dev.ycsbmongo.orchestrator.kubernetes.SecretValues#redact(String)}.
 *
 * <p>Layer 5 (docs/architecture.md): uses {@code plan} (its Kubernetes settings); used by {@code exec}.
 */
package dev.ycsbmongo.orchestrator.kubernetes;

package dev.ycsbmongo.orchestrator.kubernetes;

import java.util.List;
import java.util.Optional;

/**
 * How a fleet ended: one outcome per client index, the cell's failure cause if any, and whether
 * the Job and the Secret are known to be gone.
 *
 * @param jobName the Job that ran the clients
 * @param clients one outcome per completion index, in index order
 * @param failure the first cause that failed the cell (a pod, the Job, the API, or a cancel)
 * @param cancelled whether {@link ClientFleet#cancel()} stopped it
 * @param cleanupProblem set when deleting the Job or the Secret failed: what is left to delete
 */
public record FleetResult(String jobName, List<ClientOutcome> clients, Optional<String> failure,
    boolean cancelled, Optional<String> cleanupProblem) {

  public FleetResult {
    clients = List.copyOf(clients);
  }

  /** Every client succeeded and nothing was cancelled. */
  public boolean succeeded() {
    return failure.isEmpty();
  }
}

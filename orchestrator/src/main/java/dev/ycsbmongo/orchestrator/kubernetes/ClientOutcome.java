package dev.ycsbmongo.orchestrator.kubernetes;

import java.util.Optional;

/**
 * How one client of the fleet ended.
 *
 * @param index the completion index
 * @param podName the pod that ran it, if one was seen
 * @param status how it ended
 * @param cause for {@link Status#FAILED}: one sentence naming the pod and the reason
 */
public record ClientOutcome(int index, Optional<String> podName, Status status, Optional<String> cause) {

  public enum Status {
    /** Exited 0 and its log was read whole. */
    SUCCEEDED,
    /** Failed, evicted, killed, stuck pending, or its log could not be read. */
    FAILED,
    /** Still pending or running when the fleet stopped (another client failed, or cancel). */
    UNFINISHED
  }
}

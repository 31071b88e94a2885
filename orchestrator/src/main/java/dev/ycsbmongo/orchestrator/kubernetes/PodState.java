package dev.ycsbmongo.orchestrator.kubernetes;

import java.util.Optional;

/**
 * What one client pod is doing, as far as the fleet cares.
 *
 * @param podName the pod's name
 * @param index its completion index (the client number), or -1 when Kubernetes has not said
 * @param phase where it is
 * @param reason for {@link Phase#FAILED}: one sentence naming the pod and why; for
 *     {@link Phase#PENDING}: the container's waiting reason, when there is one (ImagePullBackOff ...)
 */
public record PodState(String podName, int index, Phase phase, Optional<String> reason) {

  /** The phases that matter here: Kubernetes' Unknown counts as running (the node may come back). */
  public enum Phase { PENDING, RUNNING, SUCCEEDED, FAILED }
}

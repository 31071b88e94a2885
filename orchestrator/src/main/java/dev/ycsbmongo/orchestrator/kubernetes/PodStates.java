package dev.ycsbmongo.orchestrator.kubernetes;

import io.fabric8.kubernetes.api.model.ContainerState;
import io.fabric8.kubernetes.api.model.ContainerStateTerminated;
import io.fabric8.kubernetes.api.model.ContainerStateWaiting;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodStatus;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads a pod's status into a {@link PodState}: which client it is, and for a failed pod one
 * sentence saying why (evicted, OOMKilled, the exit code), in the words an operator would search
 * for. Waiting reasons that no wait can cure (an invalid image name) fail at once; the others
 * (ImagePullBackOff, Unschedulable) are left to the fleet's pending timeout.
 */
public final class PodStates {

  /** Waiting reasons that never clear by themselves. */
  private static final Set<String> HOPELESS = Set.of("InvalidImageName", "ErrImageNeverPull");

  private PodStates() {
  }

  public static PodState of(Pod pod) {
    String name = pod.getMetadata().getName();
    int index = index(pod);
    PodStatus status = pod.getStatus();
    String phase = status == null || status.getPhase() == null ? "Pending" : status.getPhase();
    String who = "pod " + name + (index >= 0 ? " (client " + index + ")" : "");
    switch (phase) {
      case "Succeeded":
        return new PodState(name, index, PodState.Phase.SUCCEEDED, Optional.empty());
      case "Failed":
        return new PodState(name, index, PodState.Phase.FAILED, Optional.of(who + " " + failure(status)));
      case "Pending": {
        Optional<ContainerStateWaiting> waiting = waiting(status);
        Optional<String> reason = waiting.map(w -> w.getReason() + (blank(w.getMessage()) ? "" : " (" + w.getMessage() + ")"));
        if (reason.isEmpty()) {
          reason = unschedulable(status);
        }
        if (waiting.isPresent() && HOPELESS.contains(waiting.get().getReason())) {
          return new PodState(name, index, PodState.Phase.FAILED, Optional.of(who + " cannot start: " + reason.get() + "."));
        }
        return new PodState(name, index, PodState.Phase.PENDING, reason);
      }
      default: {
        // Running, or Unknown (node unreachable): a container killed for memory while the pod
        // still says Running is already a failure with restartPolicy Never
        Optional<ContainerStateTerminated> oom = terminated(status).filter(t -> "OOMKilled".equals(t.getReason()));
        if (oom.isPresent()) {
          return new PodState(name, index, PodState.Phase.FAILED, Optional.of(who + " " + failure(status)));
        }
        return new PodState(name, index, PodState.Phase.RUNNING, Optional.empty());
      }
    }
  }

  /**
   * When the client container ended (RFC 3339, as Kubernetes writes it), for putting the first
   * failure first: once one client fails, the Job controller kills the others, and their deaths
   * are consequences, not causes. Empty while it runs, or when Kubernetes did not say.
   */
  public static Optional<String> finishedAt(Pod pod) {
    return terminated(pod.getStatus()).map(ContainerStateTerminated::getFinishedAt).filter(t -> !blank(t));
  }

  /** The completion index from the annotation (1.21+) or label (1.28+); -1 when absent. */
  static int index(Pod pod) {
    for (Map<String, String> source : List.of(nullSafe(pod.getMetadata().getAnnotations()), nullSafe(pod.getMetadata().getLabels()))) {
      String value = source.get(JobManifests.COMPLETION_INDEX);
      if (value != null) {
        try {
          return Integer.parseInt(value.strip());
        } catch (NumberFormatException e) {
          return -1;
        }
      }
    }
    return -1;
  }

  /** "was evicted: ...", "was OOMKilled: ...", "failed: container 'x' exited with code 3 (Error)." */
  private static String failure(PodStatus status) {
    if ("Evicted".equals(status.getReason())) {
      return "was evicted" + message(status.getMessage()) + ".";
    }
    Optional<ContainerStateTerminated> terminated = terminated(status);
    if (terminated.isPresent()) {
      ContainerStateTerminated t = terminated.get();
      if ("OOMKilled".equals(t.getReason())) {
        return "was OOMKilled: container '" + JobManifests.CONTAINER + "' exceeded its memory limit (exit code "
            + t.getExitCode() + ").";
      }
      return "failed: container '" + JobManifests.CONTAINER + "' exited with code " + t.getExitCode()
          + (blank(t.getReason()) ? "" : " (" + t.getReason() + ")") + message(t.getMessage()) + ".";
    }
    if (!blank(status.getReason())) {
      return "failed: " + status.getReason() + message(status.getMessage()) + ".";
    }
    return "failed without a reason from Kubernetes" + message(status.getMessage()) + ".";
  }

  private static String message(String message) {
    return blank(message) ? "" : ": " + message.strip().replaceAll("\\s+", " ").replaceAll("\\.$", "");
  }

  private static Optional<ContainerStateTerminated> terminated(PodStatus status) {
    return container(status).map(ContainerStatus::getState).map(ContainerState::getTerminated);
  }

  private static Optional<ContainerStateWaiting> waiting(PodStatus status) {
    return container(status).map(ContainerStatus::getState).map(ContainerState::getWaiting)
        .filter(w -> !blank(w.getReason()));
  }

  private static Optional<ContainerStatus> container(PodStatus status) {
    if (status == null || status.getContainerStatuses() == null) {
      return Optional.empty();
    }
    return status.getContainerStatuses().stream()
        .filter(c -> JobManifests.CONTAINER.equals(c.getName())).findFirst();
  }

  /** The scheduler's "0/3 nodes are available: ..." when the pod cannot be placed. */
  private static Optional<String> unschedulable(PodStatus status) {
    if (status == null || status.getConditions() == null) {
      return Optional.empty();
    }
    return status.getConditions().stream()
        .filter(c -> "PodScheduled".equals(c.getType()) && "False".equals(c.getStatus()) && !blank(c.getReason()))
        .findFirst()
        .map(c -> c.getReason() + (blank(c.getMessage()) ? "" : " (" + c.getMessage().strip() + ")"));
  }

  private static Map<String, String> nullSafe(Map<String, String> map) {
    return map == null ? Map.of() : map;
  }

  private static boolean blank(String s) {
    return s == null || s.isBlank();
  }
}

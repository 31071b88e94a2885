package dev.ycsbmongo.orchestrator.kubernetes;

import dev.ycsbmongo.orchestrator.plan.ContainerResources;
import io.fabric8.kubernetes.api.model.ContainerStatusBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Specs and pods for the tests: what a plan would give, and what the Job controller would create. */
public final class Fleets {

  /** A password-bearing URI: no test may find it anywhere but in the Secret's data. */
  static final String URI = "mongodb://bench:S3cr3t-pa55word@mongo-0.mongo.db.svc:27017/ycsb?replicaSet=rs0";

  private Fleets() {
  }

  static FleetSpec spec(String jobName, int clients, Duration pendingTimeout) {
    return new FleetSpec(jobName, "bench", "registry.example.com/ycsb-mongodb-client:0.1.0", "IfNotPresent",
        new ContainerResources(Map.of("cpu", "2", "memory", "4Gi"), Map.of("memory", "6Gi")),
        Map.of("pool", "clients"), Optional.of("ycsb-client"), Map.of("study", "s5"), clients,
        List.of("/app/bin/ycsb-client"), List.of("run", "-P", "workloads/workloada", "-threads", "16"),
        SecretValues.of(Map.of("MONGODB_URI", URI)), pendingTimeout, Duration.ofMinutes(10));
  }

  /** A pod as the Job controller makes it: the template's labels and the completion index. */
  public static PodBuilder pod(String jobName, int index, String phase) {
    return new PodBuilder()
        .withNewMetadata()
          .withName(jobName + "-" + index + "-x7k2q")
          .withNamespace("bench")
          .addToLabels(JobManifests.FLEET_LABEL, jobName)
          .addToLabels("job-name", jobName)
          .addToAnnotations(JobManifests.COMPLETION_INDEX, Integer.toString(index))
        .endMetadata()
        .withNewStatus()
          .withPhase(phase)
        .endStatus();
  }

  /** The path of a follow request for {@code pod}'s log in namespace bench, resumed from {@code sinceTime} when given. */
  public static String logPath(String pod, String sinceTime) {
    return "/api/v1/namespaces/bench/pods/" + pod + "/log?container=ycsb-client&follow=true&timestamps=true"
        + (sinceTime == null ? "" : "&sinceTime=" + sinceTime.replace(":", "%3A"));
  }

  /**
   * Serves {@code log} as the kubelet would with timestamps (one per line, all within 12:00:00),
   * to the first request and to a resumed one. Serve it before the pod shows as running or ended:
   * the mock answers an unserved path with a list of everything it stores.
   */
  public static void serveLog(KubernetesMockServer server, String pod, String log) {
    StringBuilder stamped = new StringBuilder();
    int n = 0;
    for (String line : log.split("\\n", -1)) {
      if (!line.isEmpty()) {
        stamped.append(String.format("2026-11-24T12:00:00.%09dZ %s\n", ++n, line));
      }
    }
    server.expect().get().withPath(logPath(pod, null)).andReturn(200, stamped.toString()).always();
    server.expect().get().withPath(logPath(pod, "2026-11-24T12:00:00Z")).andReturn(200, stamped.toString()).always();
  }

  public static Pod succeeded(String jobName, int index) {
    return pod(jobName, index, "Succeeded").editStatus()
        .withContainerStatuses(new ContainerStatusBuilder().withName(JobManifests.CONTAINER)
            .withNewState().withNewTerminated().withExitCode(0).withReason("Completed").endTerminated().endState().build())
        .endStatus().build();
  }

  static Pod oomKilled(String jobName, int index) {
    return pod(jobName, index, "Failed").editStatus()
        .withContainerStatuses(new ContainerStatusBuilder().withName(JobManifests.CONTAINER)
            .withNewState().withNewTerminated().withExitCode(137).withReason("OOMKilled").endTerminated().endState().build())
        .endStatus().build();
  }

  static Pod evicted(String jobName, int index, String message) {
    return pod(jobName, index, "Failed").editStatus().withReason("Evicted").withMessage(message).endStatus().build();
  }

  static Pod waiting(String jobName, int index, String reason, String message) {
    return pod(jobName, index, "Pending").editStatus()
        .withContainerStatuses(new ContainerStatusBuilder().withName(JobManifests.CONTAINER)
            .withNewState().withNewWaiting().withReason(reason).withMessage(message).endWaiting().endState().build())
        .endStatus().build();
  }
}

package dev.ycsbmongo.orchestrator.kubernetes;

import dev.ycsbmongo.orchestrator.plan.ContainerResources;
import dev.ycsbmongo.orchestrator.plan.KubernetesNames;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One cell's client fleet: N pods of one Indexed Job, all running the same command; each learns
 * its slice from {@code JOB_COMPLETION_INDEX} (0..N-1, set by Kubernetes) and
 * {@code YCSB_CLIENT_COUNT} (N, set by us). Validated here, so a bad plan value fails in one line
 * naming it before anything reaches the cluster.
 *
 * @param jobName name of the Job (a DNS-1123 label, at most 52 characters so pod names and the
 *     Secret's name stay within Kubernetes' limits); the Secret is {@code <jobName>-secrets}
 * @param namespace namespace of the Job, its pods and the Secret
 * @param image the client image (see the {@code image} profile of the orchestrator pom)
 * @param imagePullPolicy {@code Always}, {@code IfNotPresent} or {@code Never}
 * @param resources the client container's requests and limits
 * @param nodeSelector node labels the pods must match; may be empty
 * @param serviceAccount the pods' service account; empty: the namespace's default
 * @param labels extra labels on the Job and its pods (for the user's own selectors and quotas)
 * @param clients N: completions and parallelism of the Job
 * @param command the container's entrypoint override; empty: the image's entrypoint
 * @param args the container's arguments, the same for every client; never a secret
 * @param secrets environment variables filled from the Secret ({@code MONGODB_URI}, ...)
 * @param pendingTimeout how long a pod may stay pending (image pull, scheduling) before the cell
 *     fails; also how long all N pods may take to appear
 * @param ttlAfterFinished {@code ttlSecondsAfterFinished}: the cluster removes a finished Job
 *     itself after this, should the orchestrator die before deleting it
 */
public record FleetSpec(
    String jobName,
    String namespace,
    String image,
    String imagePullPolicy,
    ContainerResources resources,
    Map<String, String> nodeSelector,
    Optional<String> serviceAccount,
    Map<String, String> labels,
    int clients,
    List<String> command,
    List<String> args,
    SecretValues secrets,
    Duration pendingTimeout,
    Duration ttlAfterFinished) {

  /** Job names longer than this make pod hostnames ({@code <job>-<index>}) exceed 63 characters. */
  static final int MAX_JOB_NAME = 52;

  public FleetSpec {
    check(jobName != null && jobName.length() <= MAX_JOB_NAME && KubernetesNames.isDnsLabel(jobName),
        "kubernetes job name '" + jobName + "' is not accepted (accepted: lower-case letters, digits and '-', "
        + "starting and ending alphanumeric, at most " + MAX_JOB_NAME + " characters)");
    KubernetesNames.checkNamespace(namespace);
    KubernetesNames.checkImage(image);
    KubernetesNames.checkImagePullPolicy(imagePullPolicy);
    resources = Objects.requireNonNullElse(resources, ContainerResources.none());
    nodeSelector = KubernetesNames.checkLabels("nodeSelector", nodeSelector);
    serviceAccount = Objects.requireNonNullElse(serviceAccount, Optional.<String>empty());
    serviceAccount.ifPresent(KubernetesNames::checkServiceAccount);
    labels = KubernetesNames.checkLabels("labels", labels);
    check(clients >= 1 && clients <= 100_000,
        "kubernetes clients " + clients + " is not accepted (accepted: 1 to 100000)");
    command = List.copyOf(Objects.requireNonNullElse(command, List.of()));
    args = List.copyOf(Objects.requireNonNullElse(args, List.of()));
    secrets = Objects.requireNonNullElse(secrets, SecretValues.none());
    for (String arg : args) {
      check(secrets.redact(arg).equals(arg), "kubernetes args carry a secret value: pass it through secrets instead");
    }
    for (String word : command) {
      check(secrets.redact(word).equals(word), "kubernetes command carries a secret value: pass it through secrets instead");
    }
    KubernetesNames.checkPendingTimeout(pendingTimeout);
    check(ttlAfterFinished != null && !ttlAfterFinished.isNegative() && ttlAfterFinished.toSeconds() <= Integer.MAX_VALUE,
        "kubernetes ttlAfterFinished " + ttlAfterFinished + " is not accepted (accepted: zero or more seconds)");
  }

  /** The Secret's name: the Job's name and a suffix, so one cell's objects sort together. */
  public String secretName() {
    return jobName + "-secrets";
  }

  private static void check(boolean ok, String message) {
    if (!ok) {
      throw new IllegalArgumentException(message);
    }
  }
}

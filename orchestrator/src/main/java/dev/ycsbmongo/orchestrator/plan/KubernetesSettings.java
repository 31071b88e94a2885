package dev.ycsbmongo.orchestrator.plan;

import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A plan's {@code execution.kubernetes} section: where and how a cell's client pods run. Checked by the
 * same rules as the Job built from it ({@link KubernetesNames}, {@link ContainerResources}), so a bad value
 * fails when the plan is read; defaults in {@link Defaults}.
 *
 * @param namespace of the Jobs, pods and Secrets (a DNS-1123 label)
 * @param image the client image (docs/many-clients.md: building it with Jib)
 * @param imagePullPolicy Always, IfNotPresent or Never
 * @param serviceAccount the pods' service account; empty: the namespace's default
 * @param nodeSelector node labels the pods must match; may be empty
 * @param labels extra labels on the Jobs and pods
 * @param requests resource requests of a client container (Kubernetes quantities by resource name)
 * @param limits resource limits of a client container
 * @param pendingTimeout how long a pod may stay pending (scheduling, image pull) before the cell fails
 * @param startDelay how far ahead of the Job's creation the clients' common start instant is set
 * @param context the kubeconfig context to use; empty: the kubeconfig's current one
 */
public record KubernetesSettings(String namespace, String image, String imagePullPolicy,
    Optional<String> serviceAccount, Map<String, String> nodeSelector, Map<String, String> labels,
    Map<String, String> requests, Map<String, String> limits, Duration pendingTimeout, Duration startDelay,
    Optional<String> context) {

  public KubernetesSettings {
    KubernetesNames.checkNamespace(namespace);
    KubernetesNames.checkImage(image);
    KubernetesNames.checkImagePullPolicy(imagePullPolicy);
    serviceAccount = Objects.requireNonNullElse(serviceAccount, Optional.empty());
    serviceAccount.ifPresent(KubernetesNames::checkServiceAccount);
    nodeSelector = KubernetesNames.checkLabels("nodeSelector", nodeSelector);
    labels = KubernetesNames.checkLabels("labels", labels);
    ContainerResources resources = new ContainerResources(requests, limits);
    requests = resources.requests();
    limits = resources.limits();
    KubernetesNames.checkPendingTimeout(pendingTimeout);
    checkStartDelay(startDelay);
    context = Objects.requireNonNullElse(context, Optional.empty());
    context.ifPresent(KubernetesSettings::checkContext);
  }

  /** The client container's requests and limits, as the Job takes them. */
  public ContainerResources resources() {
    return new ContainerResources(requests, limits);
  }

  /** Above zero: pods need time to be scheduled and started before the common start instant. */
  static void checkStartDelay(Duration startDelay) {
    if (startDelay == null || startDelay.isNegative() || startDelay.isZero()) {
      throw new IllegalArgumentException("kubernetes startDelay " + startDelay + " is not accepted (accepted: a"
          + " positive duration such as 30s: the pods' common start instant lies that far after the Job's creation)");
    }
  }

  /** A kubeconfig context name: any non-blank text without line breaks. */
  static void checkContext(String context) {
    if (context == null || context.isBlank() || !context.strip().equals(context) || context.lines().count() > 1) {
      throw new IllegalArgumentException("kubernetes context '" + context + "' is not accepted (accepted: the name"
          + " of a context in your kubeconfig, as kubectl config get-contexts lists it)");
    }
  }
}

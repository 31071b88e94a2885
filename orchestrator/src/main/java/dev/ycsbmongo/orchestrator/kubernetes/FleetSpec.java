package dev.ycsbmongo.orchestrator.kubernetes;

import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;

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

  private static final Pattern DNS_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");
  private static final Pattern DNS_SUBDOMAIN =
      Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");
  /** Kubernetes' label key: an optional DNS subdomain prefix and a name of up to 63 characters. */
  private static final Pattern LABEL_KEY = Pattern.compile(
      "([a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?"
      + "[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?");
  private static final Pattern LABEL_VALUE = Pattern.compile("([A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?)?");
  private static final List<String> PULL_POLICIES = List.of("Always", "IfNotPresent", "Never");
  /** Job names longer than this make pod hostnames ({@code <job>-<index>}) exceed 63 characters. */
  static final int MAX_JOB_NAME = 52;

  public FleetSpec {
    check(jobName != null && jobName.length() <= MAX_JOB_NAME && DNS_LABEL.matcher(jobName).matches(),
        "kubernetes job name '" + jobName + "' is not accepted (accepted: lower-case letters, digits and '-', "
        + "starting and ending alphanumeric, at most " + MAX_JOB_NAME + " characters)");
    checkNamespace(namespace);
    checkImage(image);
    checkImagePullPolicy(imagePullPolicy);
    resources = Objects.requireNonNullElse(resources, ContainerResources.none());
    nodeSelector = labelMap("nodeSelector", nodeSelector);
    serviceAccount = Objects.requireNonNullElse(serviceAccount, Optional.<String>empty());
    serviceAccount.ifPresent(FleetSpec::checkServiceAccount);
    labels = labelMap("labels", labels);
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
    checkPendingTimeout(pendingTimeout);
    check(ttlAfterFinished != null && !ttlAfterFinished.isNegative() && ttlAfterFinished.toSeconds() <= Integer.MAX_VALUE,
        "kubernetes ttlAfterFinished " + ttlAfterFinished + " is not accepted (accepted: zero or more seconds)");
  }

  // The checks below are public so that a plan's execution.kubernetes section is validated when the plan
  // is read, by the same rules, long before a Job is built from it.

  /** A namespace Kubernetes accepts; {@link IllegalArgumentException} saying what is accepted otherwise. */
  public static void checkNamespace(String namespace) {
    check(namespace != null && namespace.length() <= 63 && DNS_LABEL.matcher(namespace).matches(),
        "kubernetes namespace '" + namespace + "' is not accepted (accepted: a DNS-1123 label such as 'bench')");
  }

  /** An image reference without blanks; {@link IllegalArgumentException} otherwise. */
  public static void checkImage(String image) {
    check(image != null && !image.isBlank() && image.strip().equals(image) && !image.contains(" "),
        "kubernetes image '" + image + "' is not accepted (accepted: an image reference such as "
        + "'registry.example.com/ycsb-mongodb-client:0.1.0')");
  }

  /** Always, IfNotPresent or Never (Kubernetes' spelling); {@link IllegalArgumentException} otherwise. */
  public static void checkImagePullPolicy(String imagePullPolicy) {
    check(PULL_POLICIES.contains(imagePullPolicy),
        "kubernetes imagePullPolicy '" + imagePullPolicy + "' is not accepted (accepted: " + String.join(", ", PULL_POLICIES) + ")");
  }

  /** A service account name (a DNS-1123 subdomain); {@link IllegalArgumentException} otherwise. */
  public static void checkServiceAccount(String account) {
    check(account != null && account.length() <= 253 && DNS_SUBDOMAIN.matcher(account).matches(),
        "kubernetes serviceAccount '" + account + "' is not accepted (accepted: a DNS-1123 subdomain such as 'ycsb-client')");
  }

  /** A positive duration; {@link IllegalArgumentException} otherwise. */
  public static void checkPendingTimeout(Duration pendingTimeout) {
    check(pendingTimeout != null && !pendingTimeout.isNegative() && !pendingTimeout.isZero(),
        "kubernetes pendingTimeout " + pendingTimeout + " is not accepted (accepted: a positive duration)");
  }

  /**
   * Label keys and values Kubernetes accepts, sorted by key; {@code what} names the map in the message
   * ({@code nodeSelector}, {@code labels}). {@link IllegalArgumentException} for the first bad entry.
   */
  public static Map<String, String> checkLabels(String what, Map<String, String> labels) {
    return labelMap(what, labels);
  }

  /** The Secret's name: the Job's name and a suffix, so one cell's objects sort together. */
  public String secretName() {
    return jobName + "-secrets";
  }

  private static Map<String, String> labelMap(String what, Map<String, String> labels) {
    TreeMap<String, String> copy = new TreeMap<>();
    Objects.requireNonNullElse(labels, Map.<String, String>of()).forEach((key, value) -> {
      check(key != null && key.length() <= 316 && LABEL_KEY.matcher(key).matches(),
          "kubernetes " + what + " key '" + key + "' is not a label key (accepted: e.g. 'team' or 'example.com/pool')");
      check(value != null && value.length() <= 63 && LABEL_VALUE.matcher(value).matches(),
          "kubernetes " + what + "." + key + " value '" + value + "' is not a label value "
          + "(accepted: up to 63 letters, digits, '-', '_', '.', alphanumeric at both ends)");
      copy.put(key, value);
    });
    return Collections.unmodifiableMap(copy);
  }

  private static void check(boolean ok, String message) {
    if (!ok) {
      throw new IllegalArgumentException(message);
    }
  }
}

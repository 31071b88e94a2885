package dev.ycsbmongo.orchestrator.plan;

import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The names and values Kubernetes accepts in a plan's {@code execution.kubernetes} section: checked when the
 * plan is read ({@link KubernetesSettings}) and again by the Job built from it, by the same rules, so a bad
 * value fails in one line naming it long before anything reaches a cluster. Each check throws
 * {@link IllegalArgumentException} saying what is accepted.
 */
public final class KubernetesNames {

  private static final Pattern DNS_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");
  private static final Pattern DNS_SUBDOMAIN =
      Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");
  /** Kubernetes' label key: an optional DNS subdomain prefix and a name of up to 63 characters. */
  private static final Pattern LABEL_KEY = Pattern.compile(
      "([a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?"
      + "[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?");
  private static final Pattern LABEL_VALUE = Pattern.compile("([A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?)?");
  private static final List<String> PULL_POLICIES = List.of("Always", "IfNotPresent", "Never");

  private KubernetesNames() {
  }

  /** A DNS-1123 label (a Job's or a namespace's name). */
  public static boolean isDnsLabel(String name) {
    return name != null && DNS_LABEL.matcher(name).matches();
  }

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

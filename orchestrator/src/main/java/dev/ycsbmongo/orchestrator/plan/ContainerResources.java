package dev.ycsbmongo.orchestrator.plan;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The client container's resource requests and limits, as Kubernetes quantities per resource
 * name ({@code cpu: "2"}, {@code memory: "4Gi"}). Either map may be empty: no request or no limit.
 */
public record ContainerResources(Map<String, String> requests, Map<String, String> limits) {

  /** Kubernetes' quantity syntax: a decimal number with an optional exponent or suffix. */
  private static final Pattern QUANTITY =
      Pattern.compile("[+-]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d+|[KMGTPE]i|[numkMGTPE])?");

  public ContainerResources {
    requests = checked("requests", requests);
    limits = checked("limits", limits);
  }

  /** No requests, no limits. */
  public static ContainerResources none() {
    return new ContainerResources(Map.of(), Map.of());
  }

  private static Map<String, String> checked(String what, Map<String, String> quantities) {
    TreeMap<String, String> copy = new TreeMap<>();
    (quantities == null ? Map.<String, String>of() : quantities).forEach((name, quantity) -> {
      if (name == null || name.isBlank()) {
        throw new IllegalArgumentException("kubernetes resources." + what
            + ": a resource name is empty (accepted: cpu, memory, ephemeral-storage, ...)");
      }
      if (quantity == null || !QUANTITY.matcher(quantity).matches()) {
        throw new IllegalArgumentException("kubernetes resources." + what + "." + name + ": '" + quantity
            + "' is not a Kubernetes quantity (accepted: e.g. 500m, 2, 4Gi, 1.5)");
      }
      copy.put(name, quantity);
    });
    return Collections.unmodifiableMap(copy);
  }
}

package dev.ycsbmongo.orchestrator.plan;

import java.util.Objects;
import java.util.Optional;

/**
 * How many client processes drive a phase and where they run, typed once when the plan is expanded.
 * The plan's {@code execution.clients}, {@code execution.backend} and {@code execution.kubernetes}
 * give the default; a cell's {@code clients} property (swept like {@code threads}) overrides the count,
 * and {@code execution.load.clients} is that of the loads that prepare data sets.
 *
 * @param clients client processes of the phase, each with the phase's {@code threads} (1 to
 *     {@link Defaults#MAX_CLIENTS})
 * @param backend where they run
 * @param kubernetes the cluster settings; present whenever the plan has the section (required for
 *     {@link Backend#KUBERNETES}, unused for {@link Backend#LOCAL})
 */
public record Distribution(int clients, Backend backend, Optional<KubernetesSettings> kubernetes) {

  public Distribution {
    Objects.requireNonNull(backend, "backend");
    kubernetes = Objects.requireNonNullElse(kubernetes, Optional.empty());
    if (clients < 1 || clients > Defaults.MAX_CLIENTS) {
      throw new IllegalArgumentException("clients must be from 1 to " + Defaults.MAX_CLIENTS + ", got " + clients);
    }
    if (backend == Backend.KUBERNETES && kubernetes.isEmpty()) {
      throw new IllegalArgumentException("the kubernetes backend needs execution.kubernetes (namespace and image)");
    }
  }

  /** One client process on this host: every phase before {@code clients} existed. */
  public static Distribution oneLocalClient() {
    return local(Defaults.CLIENTS);
  }

  /** {@code clients} processes on this host. */
  public static Distribution local(int clients) {
    return new Distribution(clients, Backend.LOCAL, Optional.empty());
  }

  /** The same backend with another client count (a cell's own {@code clients}, or the loads'). */
  public Distribution withClients(int n) {
    return n == clients ? this : new Distribution(n, backend, kubernetes);
  }

  /** True when the phase is not one local client process: more than one client, or any on Kubernetes. */
  public boolean distributed() {
    return clients > 1 || backend == Backend.KUBERNETES;
  }
}

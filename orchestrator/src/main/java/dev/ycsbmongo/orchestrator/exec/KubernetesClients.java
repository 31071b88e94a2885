package dev.ycsbmongo.orchestrator.exec;

import dev.ycsbmongo.binding.Keys;
import dev.ycsbmongo.orchestrator.clients.StartBarrier;
import dev.ycsbmongo.orchestrator.kubernetes.ClientFleet;
import dev.ycsbmongo.orchestrator.kubernetes.ClientLineSink;
import dev.ycsbmongo.orchestrator.kubernetes.FleetResult;
import dev.ycsbmongo.orchestrator.kubernetes.FleetSpec;
import dev.ycsbmongo.orchestrator.kubernetes.SecretValues;
import dev.ycsbmongo.orchestrator.plan.ContainerResources;
import dev.ycsbmongo.orchestrator.plan.KubernetesSettings;
import dev.ycsbmongo.orchestrator.process.StopSignal;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * The {@code kubernetes} backend: a cell's N clients as the pods of one Indexed Job
 * ({@link ClientFleet}), each running {@code ClientMain} from the client image; its index comes from
 * {@code JOB_COMPLETION_INDEX}, the connection string from a Secret as {@code MONGODB_URI}
 * ({@code -p mongodb.url=env:MONGODB_URI}), never from an argument. The start barrier is an instant
 * fixed when the Job is created, {@code execution.kubernetes.startDelay} ahead: pods cannot be
 * written to, and a pod that is ready later starts at once (the cell's start skew shows it). The
 * Job is deleted when the cell ends, fails, times out or is stopped.
 */
final class KubernetesClients implements ClientBackend {

  static final String URI_ENV = "MONGODB_URI";
  private static final Duration POLL = Duration.ofSeconds(2);
  /** A finished Job the orchestrator could not delete (it died) is removed by the cluster after this. */
  private static final Duration TTL_AFTER_FINISHED = Duration.ofHours(1);

  private final KubernetesSettings settings;
  private final Supplier<KubernetesClient> clients;
  private final Duration poll;

  KubernetesClients(KubernetesSettings settings) {
    this(settings, () -> new KubernetesClientBuilder().withConfig(Config.autoConfigure(settings.context().orElse(null)))
        .build(), POLL);
  }

  KubernetesClients(KubernetesSettings settings, Supplier<KubernetesClient> clients, Duration poll) {
    this.settings = settings;
    this.clients = clients;
    this.poll = poll;
  }

  @Override
  public String name() {
    return "kubernetes";
  }

  /** The fleet of one cell: what the pods run, and where. */
  FleetSpec spec(Launch launch, Instant start) {
    List<String> args = new ArrayList<>(List.of(launch.mode()));
    args.addAll(launch.clientArgs());
    args.addAll(List.of("-p", Keys.URL + "=env:" + URI_ENV));
    args.addAll(List.of("-p", StartBarrier.PROPERTY + "=" + StartBarrier.at(start).propertyValue().orElseThrow()));
    return new FleetSpec(launch.jobName(), settings.namespace(), settings.image(), settings.imagePullPolicy(),
        new ContainerResources(settings.requests(), settings.limits()), settings.nodeSelector(),
        settings.serviceAccount(), settings.labels(), launch.clients(), List.of(), args,
        SecretValues.of(Map.of(URI_ENV, launch.uri())), settings.pendingTimeout(), TTL_AFTER_FINISHED);
  }

  @Override
  public Run run(Launch launch, ClientLineSink lines, StopSignal stop) throws InterruptedException {
    long t0 = System.nanoTime();
    FleetSpec spec = spec(launch, Instant.now().plus(settings.startDelay()));
    AtomicBoolean timedOut = new AtomicBoolean();
    ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "kubernetes-cell-timeout");
      t.setDaemon(true);
      return t;
    });
    // a cancel (Ctrl-C, the timeout) runs on another thread and uses the client: it must finish before
    // the client is closed, and none may start after
    Object lock = new Object();
    boolean[] closed = {false};
    try (KubernetesClient kube = clients.get()) {
      ClientFleet fleet = new ClientFleet(kube, spec, poll);
      Runnable cancel = () -> {
        synchronized (lock) {
          if (!closed[0]) {
            fleet.cancel();
          }
        }
      };
      // the phase's bound counts from the clients' common start, set startDelay after the Job's creation
      timer.schedule(() -> {
        timedOut.set(true);
        cancel.run();
      }, launch.timeout().plus(settings.startDelay()).toMillis(), TimeUnit.MILLISECONDS);
      FleetResult result;
      try (StopSignal.Registration onStop = stop.onRequest(r -> cancel.run())) {
        result = fleet.run(lines);
      } finally {
        synchronized (lock) {
          closed[0] = true;
        }
      }
      boolean stopped = stop.isRequested() && !stop.is(StopSignal.Reason.TARGET_DOWN);
      return new Run(Duration.ofNanos(System.nanoTime() - t0),
          result.cancelled() ? java.util.Optional.empty() : result.failure(), stopped, timedOut.get() && !stopped,
          result.cleanupProblem());
    } finally {
      timer.shutdownNow();
    }
  }
}

package dev.ycsbmongo.orchestrator.exec;

import dev.ycsbmongo.orchestrator.kubernetes.ClientLineSink;
import dev.ycsbmongo.orchestrator.process.StopSignal;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Where a distributed cell's N clients run: child JVMs on this host ({@link LocalClients}) or the
 * pods of a Kubernetes Indexed Job ({@link KubernetesClients}). A backend starts the clients,
 * hands back every line each one writes (their frames among them) and says how they ended; what
 * the lines mean is the runner's business, so both backends are measured and merged the same way.
 */
interface ClientBackend {

  /**
   * Runs the clients to their end, the phase's bound, or its stop signal.
   *
   * @param lines receives each client's output lines, in order within a client; may be called from several threads
   */
  Run run(Launch launch, ClientLineSink lines, StopSignal stop) throws InterruptedException;

  /** {@code "local"} or {@code "kubernetes"}: what the records say ran the clients. */
  String name();

  /**
   * One cell's clients.
   *
   * @param mode {@code ClientMain}'s mode: {@code ycsb} or {@code connections}
   * @param clients N
   * @param threads YCSB threads of each client (what sizes its JVM's stacks); 1 for connection clients
   * @param clientArgs the arguments after {@code ClientMain}'s mode, the same for every client, without the
   *     client's index or start (each backend adds its own); never a secret
   * @param uri the target's connection string (secret: each backend hands it over its own safe way)
   * @param dir the phase's directory: the clients' own output files go under {@code clients/}
   * @param timeout the phase's bound ({@link PhaseBound}): the clients are ended then, whatever state they are in
   * @param jobName a name unique to this run and phase (Kubernetes' Job), a DNS label
   */
  record Launch(String mode, int clients, int threads, List<String> clientArgs, String uri, Path dir, Duration timeout,
      String jobName) {

    public Launch {
      clientArgs = List.copyOf(clientArgs);
    }
  }

  /**
   * How the clients ended.
   *
   * @param failure the first cause that fails the cell on the backend's side (a client that exited non-zero,
   *     a pod evicted, a client that never said hello); empty when every client ended well
   * @param stopped ended by the phase's stop signal (Ctrl-C, or its target down)
   * @param timedOut ended at the phase's bound
   * @param cleanupProblem what the backend could not clean up (a Job left behind)
   */
  record Run(Duration elapsed, Optional<String> failure, boolean stopped, boolean timedOut,
      Optional<String> cleanupProblem) {
  }
}

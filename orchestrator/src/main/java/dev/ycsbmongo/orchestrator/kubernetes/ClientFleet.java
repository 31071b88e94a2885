package dev.ycsbmongo.orchestrator.kubernetes;

import io.fabric8.kubernetes.api.model.DeletionPropagation;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobCondition;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs one cell's N clients as one Indexed Job and cleans up after it. {@link #run} creates the
 * Secret and the Job, polls the pods until every client succeeded or one failed, follows each
 * pod's log from the moment its container has started ({@link PodLogFollower}, one thread per pod)
 * and hands it to the sink line by line as it is written, counts a pod's outcome only once its log
 * is drained, and always deletes the Job (pods with it, in the background) and the Secret before
 * it returns. {@link #cancel()} may be called from any thread (a Ctrl-C hook): it closes the log
 * streams, deletes both at once and makes {@code run} return a cancelled result.
 *
 * <p>Polling rather than a watch: one list call per interval is cheap at cell granularity, needs
 * only {@code pods list}, and survives API-server restarts and watch expiry without resync code.
 * One instance runs one cell once; it does not own the {@link KubernetesClient}.
 */
public final class ClientFleet {

  private static final int HTTP_CONFLICT = 409;

  private final KubernetesClient kube;
  private final FleetSpec spec;
  private final Duration pollInterval;
  private final CountDownLatch cancelled = new CountDownLatch(1);
  private final AtomicBoolean started = new AtomicBoolean();
  /** Guards creation against deletion: once cancelled, nothing more is created. */
  private final Object lifecycle = new Object();
  private volatile String cleanupProblem;
  /**
   * Whether the Secret and the Job may be ours to delete: set before each create (a create that
   * timed out may still have happened), cleared on 409 Conflict (the name belongs to someone else,
   * perhaps another run, whose objects must survive our failure). Guarded by {@link #lifecycle}.
   */
  private boolean secretOurs;
  private boolean jobOurs;
  /** One log follower per pod seen running or ended, by pod name; stopped by cancel() from any thread. */
  private final Map<String, PodLogFollower> followers = new ConcurrentHashMap<>();

  /**
   * @param kube the client to the cluster (its context's credentials need the permissions in
   *     docs/many-clients.md, "On a cluster")
   * @param spec what to run
   * @param pollInterval how often the pods are listed; a second or two for real cells
   */
  public ClientFleet(KubernetesClient kube, FleetSpec spec, Duration pollInterval) {
    this.kube = kube;
    this.spec = spec;
    if (pollInterval.isNegative() || pollInterval.isZero()) {
      throw new IllegalArgumentException("kubernetes poll interval " + pollInterval + " is not accepted (accepted: a positive duration)");
    }
    this.pollInterval = pollInterval;
  }

  /** The spec this fleet runs. */
  public FleetSpec spec() {
    return spec;
  }

  /**
   * Creates the Secret and the Job, follows the pods to the end, feeds {@code sink}, deletes
   * both. Never throws for cluster trouble: an API error, a failed pod or a cancel is the
   * result's {@link FleetResult#failure()}.
   *
   * @throws IllegalStateException when called a second time
   * @throws InterruptedException when this thread is interrupted (the Job and Secret are deleted first)
   * @throws RuntimeException what {@code sink} throws, on whichever follower thread (the Job and Secret are deleted
   *     first; an Error is rethrown as it is)
   */
  public FleetResult run(ClientLineSink sink) throws InterruptedException {
    if (!started.compareAndSet(false, true)) {
      throw new IllegalStateException("a ClientFleet runs once; make a new one for job " + spec.jobName());
    }
    Follow follow = new Follow(sink);
    try {
      Optional<String> createProblem = create();
      if (createProblem.isPresent()) {
        follow.fail(createProblem.get());
      } else {
        follow.untilDone();
      }
    } finally {
      // an interrupted thread would make the HTTP calls of the clean-up fail: clean up first
      boolean interrupted = Thread.interrupted();
      stopFollowers();
      deleteAll();
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
    boolean wasCancelled = isCancelled();
    Optional<String> failure = Optional.ofNullable(follow.failure);
    if (wasCancelled && failure.isEmpty()) {
      failure = Optional.of("cancelled: job " + spec.jobName() + " in namespace " + spec.namespace() + " was deleted before its clients finished.");
    }
    return new FleetResult(spec.jobName(), follow.outcomes(), failure.map(spec.secrets()::redact), wasCancelled,
        Optional.ofNullable(cleanupProblem));
  }

  /**
   * Stops the fleet: deletes the Job and the Secret it created now and makes {@link #run}
   * return; after it nothing is created. Safe from any thread, any number of times, before, during
   * or after {@code run}.
   */
  public void cancel() {
    cancelled.countDown();
    stopFollowers();
    deleteAll();
  }

  /** Closes every follower's stream; they are not waited for (a drained one has nothing left to do). */
  private void stopFollowers() {
    followers.values().forEach(PodLogFollower::stop);
  }

  private boolean isCancelled() {
    return cancelled.getCount() == 0;
  }

  /** Secret first (pods must find it), then the Job, then the Secret owned by the Job. */
  private Optional<String> create() {
    synchronized (lifecycle) {
      if (isCancelled()) {
        return Optional.empty();
      }
      Job created;
      try {
        if (!spec.secrets().isEmpty()) {
          secretOurs = true;
          kube.secrets().inNamespace(spec.namespace()).resource(JobManifests.secret(spec)).create();
        }
      } catch (KubernetesClientException e) {
        secretOurs = e.getCode() != HTTP_CONFLICT;
        return Optional.of("could not create secret " + spec.secretName() + " in namespace " + spec.namespace() + ": " + describe(e) + ".");
      }
      try {
        jobOurs = true;
        created = kube.batch().v1().jobs().inNamespace(spec.namespace()).resource(JobManifests.job(spec)).create();
      } catch (KubernetesClientException e) {
        jobOurs = e.getCode() != HTTP_CONFLICT;
        return Optional.of("could not create job " + spec.jobName() + " in namespace " + spec.namespace() + ": " + describe(e) + ".");
      }
      if (!spec.secrets().isEmpty()) {
        try {
          // a safety net: should the orchestrator die, the cluster's garbage collector removes
          // the Secret with the Job once ttlSecondsAfterFinished has removed the Job
          // a merge patch, not edit(): edit() reads the Secret first, which would need 'secrets get'
          String patch = "{\"metadata\":{\"ownerReferences\":[" + kube.getKubernetesSerialization().asJson(JobManifests.ownedBy(created)) + "]}}";
          kube.secrets().inNamespace(spec.namespace()).withName(spec.secretName())
              .patch(PatchContext.of(PatchType.JSON_MERGE), patch);
        } catch (KubernetesClientException e) {
          // not fatal: run() and cancel() delete the Secret explicitly anyway
        }
      }
      return Optional.empty();
    }
  }

  /** Deletes the Job (its pods in the background) and the Secret if ours; absent objects are fine. */
  private void deleteAll() {
    synchronized (lifecycle) {
      List<String> left = new ArrayList<>();
      try {
        if (jobOurs) {
          kube.batch().v1().jobs().inNamespace(spec.namespace()).withName(spec.jobName())
              .withPropagationPolicy(DeletionPropagation.BACKGROUND).delete();
        }
      } catch (KubernetesClientException e) {
        left.add("job " + spec.jobName() + " (" + describe(e) + ")");
      }
      if (secretOurs) {
        try {
          kube.secrets().inNamespace(spec.namespace()).withName(spec.secretName()).delete();
        } catch (KubernetesClientException e) {
          left.add("secret " + spec.secretName() + " (" + describe(e) + ")");
        }
      }
      cleanupProblem = left.isEmpty() ? null
          : spec.secrets().redact("could not delete " + String.join(" and ", left) + " in namespace " + spec.namespace()
              + "; delete by hand: kubectl delete job,secret -n " + spec.namespace() + " -l " + JobManifests.FLEET_LABEL + "=" + spec.jobName());
    }
  }

  /** "HTTP 403: jobs.batch is forbidden: ...", the server's own words, secrets masked. */
  private String describe(KubernetesClientException e) {
    String message = e.getStatus() != null && e.getStatus().getMessage() != null ? e.getStatus().getMessage()
        : e.getCause() != null && e.getCause().getMessage() != null ? e.getCause().getMessage()
        : e.getMessage();
    String text = (e.getCode() > 0 ? "HTTP " + e.getCode() + ": " : "") + (message == null ? "no message" : message.strip().replaceAll("\\s+", " "));
    return spec.secrets().redact(text);
  }

  /** The state of one {@link #run}: outcomes per index so far, the first failure. */
  private final class Follow {
    private final ClientLineSink sink;
    private final Map<Integer, ClientOutcome> outcomes = new TreeMap<>();
    private final Map<String, Long> pendingSince = new HashMap<>();
    private final Set<String> collected = new HashSet<>();
    private final long startedNanos = System.nanoTime();
    private String failure;
    private int apiErrors;

    Follow(ClientLineSink sink) {
      this.sink = sink;
    }

    void fail(String cause) {
      if (failure == null) {
        failure = cause;
      }
    }

    void untilDone() throws InterruptedException {
      while (!isCancelled() && failure == null && !allSucceeded()) {
        checkFollowers();
        try {
          poll();
          apiErrors = 0;
        } catch (KubernetesClientException e) {
          // a restarting API server or a network blip: tolerated twice in a row, not three times
          if (++apiErrors >= 3) {
            fail("lost the Kubernetes API while following job " + spec.jobName() + ": " + describe(e) + ".");
          }
        }
        if (failure == null && !allSucceeded() && cancelled.await(pollInterval.toNanos(), TimeUnit.NANOSECONDS)) {
          return;
        }
      }
    }

    private boolean allSucceeded() {
      return outcomes.size() == spec.clients()
          && outcomes.values().stream().allMatch(o -> o.status() == ClientOutcome.Status.SUCCEEDED);
    }

    private void poll() throws InterruptedException {
      long now = System.nanoTime();
      List<Pod> pods = new ArrayList<>(kube.pods().inNamespace(spec.namespace())
          .withLabel(JobManifests.FLEET_LABEL, spec.jobName()).list().getItems());
      // earliest end first, so the cell's cause is the client that failed first, not one the Job
      // controller killed because of it (RFC 3339 UTC timestamps sort as text; unended pods last)
      pods.sort(Comparator.comparing((Pod pod) -> PodStates.finishedAt(pod).orElse("~")));
      Set<Integer> seen = new HashSet<>();
      for (Pod pod : pods) {
        PodState state = PodStates.of(pod);
        seen.add(state.index());
        switch (state.phase()) {
          case SUCCEEDED -> finished(state, Optional.empty());
          case FAILED -> finished(state, state.reason());
          case PENDING -> {
            long since = pendingSince.computeIfAbsent(state.podName(), name -> now);
            if (now - since > spec.pendingTimeout().toNanos()) {
              fail("pod " + state.podName() + (state.index() >= 0 ? " (client " + state.index() + ")" : "")
                  + " still pending after " + seconds(spec.pendingTimeout()) + state.reason().map(r -> ": " + r).orElse("") + ".");
            }
            unfinished(state);
          }
          case RUNNING -> {
            pendingSince.remove(state.podName());
            if (state.index() >= 0 && state.index() < spec.clients()) {
              follower(state);
            }
            unfinished(state);
          }
        }
        if (failure != null) {
          return;
        }
      }
      seen.remove(-1);
      if (seen.size() < spec.clients() && now - startedNanos > spec.pendingTimeout().toNanos()) {
        fail("only " + seen.size() + " of " + spec.clients() + " client pods of job " + spec.jobName() + " exist after "
            + seconds(spec.pendingTimeout()) + jobFailure().map(r -> ": " + r).orElse("; kubectl describe job " + spec.jobName()
            + " -n " + spec.namespace() + " says why (quota, admission, missing service account)") + ".");
        return;
      }
      if (!allSucceeded()) {
        jobFailure().ifPresent(reason -> fail("job " + spec.jobName() + " failed: " + reason + "."));
      }
    }

    /** The Job's Failed condition ("BackoffLimitExceeded", "DeadlineExceeded"), or that it vanished. */
    private Optional<String> jobFailure() {
      Job job = kube.batch().v1().jobs().inNamespace(spec.namespace()).withName(spec.jobName()).get();
      if (job == null) {
        return isCancelled() ? Optional.empty() : Optional.of("the job was deleted outside the orchestrator");
      }
      if (job.getStatus() == null || job.getStatus().getConditions() == null) {
        return Optional.empty();
      }
      for (JobCondition condition : job.getStatus().getConditions()) {
        if ("Failed".equals(condition.getType()) && "True".equals(condition.getStatus())) {
          return Optional.of(condition.getReason() + (condition.getMessage() == null ? "" : " (" + condition.getMessage().strip() + ")"));
        }
      }
      return Optional.empty();
    }

    private void unfinished(PodState state) {
      if (state.index() >= 0 && state.index() < spec.clients()) {
        outcomes.putIfAbsent(state.index(),
            new ClientOutcome(state.index(), Optional.of(state.podName()), ClientOutcome.Status.UNFINISHED, Optional.empty()));
      }
    }

    /** Waits until a finished pod's log is drained, then records its outcome (a lost log fails the client). */
    private void finished(PodState state, Optional<String> cause) throws InterruptedException {
      if (collected.contains(state.podName())) {
        return;
      }
      Optional<String> logProblem = Optional.empty();
      if (state.index() >= 0 && state.index() < spec.clients()) {
        PodLogFollower follower = follower(state);
        follower.podEnded();
        Optional<Optional<String>> drained = drain(follower);
        if (drained.isEmpty()) {
          return; // cancelled while draining: the client stays unfinished
        }
        logProblem = drained.get();
      }
      collected.add(state.podName());
      Optional<String> why = cause.isPresent() ? cause
          : logProblem.map(p -> "pod " + state.podName() + " (client " + state.index() + ") succeeded but its log could not be read: " + p + ".");
      if (state.index() < 0 || state.index() >= spec.clients()) {
        why = Optional.of("pod " + state.podName() + " of job " + spec.jobName() + " carries no valid completion index ("
            + JobManifests.COMPLETION_INDEX + "); is the cluster older than Kubernetes 1.21?");
      }
      why = why.map(spec.secrets()::redact);
      why.ifPresent(this::fail);
      if (state.index() < 0 || state.index() >= spec.clients()) {
        return;
      }
      outcomes.put(state.index(), new ClientOutcome(state.index(), Optional.of(state.podName()),
          why.isPresent() ? ClientOutcome.Status.FAILED : ClientOutcome.Status.SUCCEEDED, why));
    }

    /** The pod's follower, started on first sight of its container (running or already ended). */
    private PodLogFollower follower(PodState state) {
      PodLogFollower follower = followers.computeIfAbsent(state.podName(), name -> new PodLogFollower(kube,
          spec.namespace(), name, state.index(), sink, spec.secrets()::redact, pollInterval).start());
      if (isCancelled()) {
        follower.stop(); // cancel() may have stopped the others just before this one was added
      }
      return follower;
    }

    /**
     * The follower's verdict once it has read the log to its end (empty: whole), or empty when the
     * fleet was cancelled first.
     *
     * @throws RuntimeException what the sink threw on the follower's thread
     */
    private Optional<Optional<String>> drain(PodLogFollower follower) throws InterruptedException {
      while (!isCancelled()) {
        try {
          return Optional.of(follower.done().get(pollInterval.toNanos(), TimeUnit.NANOSECONDS));
        } catch (TimeoutException e) {
          // still reading: look at the cancel again
        } catch (ExecutionException e) {
          throw sinkFailure(e);
        }
      }
      return Optional.empty();
    }

    /** Rethrows on this thread what the sink threw on a follower's, so run() throws it as before. */
    private void checkFollowers() {
      for (PodLogFollower follower : followers.values()) {
        if (follower.done().isCompletedExceptionally()) {
          try {
            follower.done().join();
          } catch (CompletionException e) {
            throw sinkFailure(e);
          }
        }
      }
    }

    private RuntimeException sinkFailure(Exception e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException r) {
        return r;
      }
      if (cause instanceof Error err) {
        throw err;
      }
      return new IllegalStateException(cause);
    }

    List<ClientOutcome> outcomes() {
      List<ClientOutcome> all = new ArrayList<>();
      for (int i = 0; i < spec.clients(); i++) {
        all.add(outcomes.getOrDefault(i, new ClientOutcome(i, Optional.empty(), ClientOutcome.Status.UNFINISHED, Optional.empty())));
      }
      return all;
    }
  }

  private static String seconds(Duration duration) {
    return duration.toMillis() % 1000 == 0 ? duration.toSeconds() + " s" : duration.toMillis() / 1000.0 + " s";
  }
}

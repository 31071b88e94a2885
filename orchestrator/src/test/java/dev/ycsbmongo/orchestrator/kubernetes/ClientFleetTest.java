package dev.ycsbmongo.orchestrator.kubernetes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The Job lifecycle against fabric8's mock API server in CRUD mode; the tests play the Job
 * controller and the kubelet (they create the pods and set their status), and serve pod logs
 * through expectations, which the mixed dispatcher answers before its CRUD store.
 */
@ExtendWith(QuietMockServer.class) // before the mock server starts: declared first
@EnableKubernetesMockClient(crud = true)
class ClientFleetTest {

  static KubernetesMockServer server;
  static KubernetesClient client;

  private ExecutorService runner;
  private final Map<Integer, List<String>> lines = new ConcurrentHashMap<>();

  @BeforeEach
  void startRunner() {
    runner = Executors.newSingleThreadExecutor();
  }

  @AfterEach
  void stopRunner() throws InterruptedException {
    runner.shutdownNow();
    assertTrue(runner.awaitTermination(60, TimeUnit.SECONDS), "the fleet's run() did not return");
  }

  private Future<FleetResult> start(ClientFleet fleet) {
    return runner.submit(() -> fleet.run((index, line) -> lines.computeIfAbsent(index, i -> new CopyOnWriteArrayList<>()).add(line)));
  }

  private static ClientFleet fleet(FleetSpec spec) {
    return new ClientFleet(client, spec, Duration.ofMillis(20));
  }

  private static Job job(String name) {
    return client.batch().v1().jobs().inNamespace("bench").withName(name).get();
  }

  private static Secret secret(String jobName) {
    return client.secrets().inNamespace("bench").withName(jobName + "-secrets").get();
  }

  /** Waits for the fleet to have created its Job, as the Job controller would (generous: 2 cores shared). */
  private static Job awaitJob(String name) throws InterruptedException {
    return await(() -> job(name), "job " + name + " to be created");
  }

  private static <T> T await(Supplier<T> probe, String what) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (System.nanoTime() < deadline) {
      T value = probe.get();
      if (value != null && !Boolean.FALSE.equals(value)) {
        return value;
      }
      Thread.sleep(10);
    }
    throw new AssertionError("timed out waiting for " + what);
  }

  private static void createPod(Pod pod) {
    client.pods().inNamespace("bench").resource(pod).create();
  }

  private static String logPath(String pod, String sinceTime) {
    return Fleets.logPath(pod, sinceTime);
  }

  private static void serveLog(Pod pod, String log) {
    Fleets.serveLog(server, pod.getMetadata().getName(), log);
  }

  private static FleetResult result(Future<FleetResult> run) throws Exception {
    return run.get(60, TimeUnit.SECONDS);
  }

  @Test
  void shouldCreateTheIndexedJobAndTheSecretItReferences() throws Exception {
    ClientFleet fleet = fleet(Fleets.spec("create", 3, Duration.ofMinutes(1)));
    Future<FleetResult> run = start(fleet);
    Job job = awaitJob("create");

    assertEquals("Indexed", job.getSpec().getCompletionMode());
    assertEquals(3, job.getSpec().getCompletions());
    assertEquals(3, job.getSpec().getParallelism());
    assertEquals(0, job.getSpec().getBackoffLimit());
    var pod = job.getSpec().getTemplate().getSpec();
    assertEquals(Map.of("pool", "clients"), pod.getNodeSelector());
    assertEquals("ycsb-client", pod.getServiceAccountName());
    assertEquals("4Gi", pod.getContainers().get(0).getResources().getRequests().get("memory").toString());
    assertEquals("s5", job.getMetadata().getLabels().get("study"));
    var uri = pod.getContainers().get(0).getEnv().stream().filter(e -> e.getName().equals("MONGODB_URI")).findFirst().orElseThrow();
    assertEquals("create-secrets", uri.getValueFrom().getSecretKeyRef().getName());

    // what the API server stores for the Job holds no trace of the password, in any encoding
    String stored = client.getKubernetesSerialization().asJson(job);
    assertFalse(stored.contains("S3cr3t-pa55word"), stored);
    assertFalse(stored.contains(java.util.Base64.getEncoder().encodeToString(Fleets.URI.getBytes())), stored);

    Secret secret = await(() -> {
      Secret s = secret("create");
      return s != null && s.getMetadata().getOwnerReferences() != null && !s.getMetadata().getOwnerReferences().isEmpty() ? s : null;
    }, "the secret to be owned by the job");
    assertEquals("Job", secret.getMetadata().getOwnerReferences().get(0).getKind());
    assertEquals("create", secret.getMetadata().getOwnerReferences().get(0).getName());
    assertNotNull(secret.getData().get("MONGODB_URI"));

    fleet.cancel();
    assertTrue(result(run).cancelled());
  }

  @Test
  void shouldCollectEachClientsLogByIndexAndDeleteJobAndSecretWhenAllSucceed() throws Exception {
    Future<FleetResult> run = start(fleet(Fleets.spec("happy", 3, Duration.ofMinutes(1))));
    awaitJob("happy");
    for (int i = 0; i < 3; i++) {
      createPod(Fleets.pod("happy", i, "Running").build());
    }
    Thread.sleep(100);
    assertFalse(run.isDone(), "the fleet must wait while clients run");
    for (int i = 0; i < 3; i++) {
      Pod done = Fleets.succeeded("happy", i);
      serveLog(done, "client " + i + " starts\n[OVERALL], Operations, " + (100 + i) + "\n");
      client.pods().inNamespace("bench").resource(done).update();
    }

    FleetResult result = result(run);
    assertTrue(result.succeeded(), result.toString());
    assertEquals(Optional.empty(), result.failure());
    for (int i = 0; i < 3; i++) {
      assertEquals(List.of("client " + i + " starts", "[OVERALL], Operations, " + (100 + i)), lines.get(i));
      assertEquals(ClientOutcome.Status.SUCCEEDED, result.clients().get(i).status());
      assertEquals(Optional.of("happy-" + i + "-x7k2q"), result.clients().get(i).podName());
    }
    assertNull(job("happy"), "the job is deleted when the cell ends");
    assertNull(secret("happy"), "the secret is deleted when the cell ends");
    assertEquals(Optional.empty(), result.cleanupProblem());
  }

  @Test
  void shouldDeleteTheJobWithBackgroundPropagationSoItsPodsGo() throws Exception {
    ClientFleet fleet = fleet(Fleets.spec("propagate", 1, Duration.ofMinutes(1)));
    Future<FleetResult> run = start(fleet);
    awaitJob("propagate");
    int before = server.getRequestCount();
    fleet.cancel();
    result(run);
    List<RecordedRequest> requests = new ArrayList<>();
    RecordedRequest request;
    while ((request = server.takeRequest(10, TimeUnit.MILLISECONDS)) != null) {
      requests.add(request);
    }
    assertTrue(server.getRequestCount() > before);
    RecordedRequest delete = requests.stream()
        .filter(r -> r.getMethod().equals("DELETE") && r.getPath().contains("/jobs/propagate")).findFirst().orElseThrow();
    assertTrue(delete.getBody().readUtf8().contains("\"propagationPolicy\":\"Background\""), "delete options");
  }

  @Test
  void shouldRecordAnOomKilledPodAsTheCellsFailureAndCleanUp() throws Exception {
    Future<FleetResult> run = start(fleet(Fleets.spec("oom", 2, Duration.ofMinutes(1))));
    awaitJob("oom");
    createPod(Fleets.pod("oom", 0, "Running").build());
    Pod killed = Fleets.oomKilled("oom", 1);
    serveLog(killed, "client 1 starts\n");
    createPod(killed);

    FleetResult result = result(run);
    assertFalse(result.succeeded());
    assertEquals(Optional.of("pod oom-1-x7k2q (client 1) was OOMKilled: container 'ycsb-client' exceeded its memory limit (exit code 137)."),
        result.failure());
    assertEquals(ClientOutcome.Status.FAILED, result.clients().get(1).status());
    assertEquals(ClientOutcome.Status.UNFINISHED, result.clients().get(0).status());
    assertEquals(List.of("client 1 starts"), lines.get(1), "a failed client's log is still handed over");
    assertNull(job("oom"));
    assertNull(secret("oom"));
  }

  @Test
  void shouldNameTheClientThatFailedFirstNotTheOnesKilledAfterIt() throws Exception {
    // client 1 ran out of memory at 12:00:05; the Job controller then killed client 0 at 12:00:06
    Pod killedAfter = Fleets.pod("first", 0, "Failed").editStatus().addNewContainerStatus().withName(JobManifests.CONTAINER)
        .withNewState().withNewTerminated().withExitCode(143).withReason("Error").withFinishedAt("2026-11-24T12:00:06Z")
        .endTerminated().endState().endContainerStatus().endStatus().build();
    Pod failedFirst = Fleets.pod("first", 1, "Failed").editStatus().addNewContainerStatus().withName(JobManifests.CONTAINER)
        .withNewState().withNewTerminated().withExitCode(137).withReason("OOMKilled").withFinishedAt("2026-11-24T12:00:05Z")
        .endTerminated().endState().endContainerStatus().endStatus().build();
    createPod(killedAfter);
    createPod(failedFirst);

    FleetResult result = result(start(fleet(Fleets.spec("first", 2, Duration.ofMinutes(1)))));
    assertTrue(result.failure().orElseThrow().startsWith("pod first-1-x7k2q (client 1) was OOMKilled"), result.failure().toString());
  }

  @Test
  void shouldRecordAnEvictedPodWithTheKubeletsReason() throws Exception {
    Future<FleetResult> run = start(fleet(Fleets.spec("evict", 1, Duration.ofMinutes(1))));
    awaitJob("evict");
    createPod(Fleets.evicted("evict", 0, "The node was low on resource: memory."));

    FleetResult result = result(run);
    assertEquals(Optional.of("pod evict-0-x7k2q (client 0) was evicted: The node was low on resource: memory."), result.failure());
    assertNull(job("evict"));
  }

  @Test
  void shouldFailAPodStuckInImagePullBackOffAfterThePendingTimeout() throws Exception {
    // the pod exists before the fleet looks, so only the pending timeout can end it (not "no pods yet")
    createPod(Fleets.waiting("pull", 0, "ImagePullBackOff", "Back-off pulling image \"registry.example.com/ycsb-mongodb-client:0.1.0\""));
    Future<FleetResult> run = start(fleet(Fleets.spec("pull", 1, Duration.ofMillis(300))));

    FleetResult result = result(run);
    assertEquals(Optional.of("pod pull-0-x7k2q (client 0) still pending after 0.3 s: ImagePullBackOff "
        + "(Back-off pulling image \"registry.example.com/ycsb-mongodb-client:0.1.0\")."), result.failure());
    assertNull(job("pull"));
    assertNull(secret("pull"));
  }

  @Test
  void shouldFailWhenThePodsNeverAppear() throws Exception {
    FleetResult result = result(start(fleet(Fleets.spec("quota", 2, Duration.ofMillis(300)))));
    assertTrue(result.failure().orElseThrow().startsWith("only 0 of 2 client pods of job quota exist after 0.3 s"), result.failure().toString());
  }

  @Test
  void shouldDeleteJobAndSecretWhenCancelledFromAnotherThread() throws Exception {
    ClientFleet fleet = fleet(Fleets.spec("cancel", 2, Duration.ofMinutes(1)));
    Future<FleetResult> run = start(fleet);
    awaitJob("cancel");
    await(() -> secret("cancel"), "the secret");
    createPod(Fleets.pod("cancel", 0, "Running").build());

    Thread ctrlC = new Thread(fleet::cancel, "ctrl-c");
    ctrlC.start();
    ctrlC.join(60_000);

    FleetResult result = result(run);
    assertTrue(result.cancelled());
    assertEquals(Optional.of("cancelled: job cancel in namespace bench was deleted before its clients finished."), result.failure());
    assertNull(job("cancel"));
    assertNull(secret("cancel"));
    fleet.cancel(); // idempotent: a second Ctrl-C, or the hook after a normal end, is harmless
    assertNull(job("cancel"));
  }

  @Test
  void shouldDeleteJobAndSecretWhenItsThreadIsInterrupted() throws Exception {
    Future<FleetResult> run = start(fleet(Fleets.spec("interrupt", 1, Duration.ofMinutes(1))));
    awaitJob("interrupt");
    await(() -> secret("interrupt"), "the secret");
    run.cancel(true);
    await(() -> job("interrupt") == null && secret("interrupt") == null, "job and secret to be deleted");
  }

  @Test
  void shouldLeaveAnotherRunsJobAloneWhenItsNameIsTaken() throws Exception {
    Job theirs = JobManifests.job(Fleets.spec("taken", 1, Duration.ofMinutes(1)));
    client.batch().v1().jobs().inNamespace("bench").resource(theirs).create();

    FleetResult result = result(start(fleet(Fleets.spec("taken", 1, Duration.ofMinutes(1)))));
    assertTrue(result.failure().orElseThrow().startsWith("could not create job taken in namespace bench: HTTP 409"), result.failure().toString());
    assertNotNull(job("taken"), "a Job we did not create is not ours to delete");
    assertNull(secret("taken"), "the Secret we created is deleted");
  }

  @Test
  void shouldCreateNothingWhenCancelledBeforeItRuns() throws Exception {
    ClientFleet fleet = fleet(Fleets.spec("early", 1, Duration.ofMinutes(1)));
    fleet.cancel();
    FleetResult result = result(start(fleet));
    assertTrue(result.cancelled());
    assertNull(job("early"));
    assertNull(secret("early"));
  }

  @Test
  void shouldMaskTheSecretInLogLinesAndCauses() throws Exception {
    Future<FleetResult> run = start(fleet(Fleets.spec("leak", 1, Duration.ofMinutes(1))));
    awaitJob("leak");
    Pod failed = Fleets.pod("leak", 0, "Failed").editStatus().withReason("Error").withMessage("could not reach " + Fleets.URI)
        .endStatus().build();
    serveLog(failed, "connecting to " + Fleets.URI + "\n");
    createPod(failed);

    FleetResult result = result(run);
    assertEquals(List.of("connecting to ****"), lines.get(0));
    assertEquals(Optional.of("pod leak-0-x7k2q (client 0) failed: Error: could not reach ****."), result.failure());
    assertFalse(result.toString().contains("S3cr3t"), result.toString());
  }

  @Test
  void shouldReportARefusedJobInOneLineWithoutTheSecret() throws Exception {
    server.expect().post().withPath("/apis/batch/v1/namespaces/bench/jobs")
        .andReturn(403, new io.fabric8.kubernetes.api.model.StatusBuilder().withCode(403).withReason("Forbidden")
            .withMessage("jobs.batch is forbidden: User \"system:serviceaccount:bench:runner\" cannot create resource \"jobs\" "
                + "(request carried " + Fleets.URI + ")").build())
        .once();

    FleetResult result = result(start(fleet(Fleets.spec("refused", 1, Duration.ofMinutes(1)))));
    String failure = result.failure().orElseThrow();
    assertTrue(failure.startsWith("could not create job refused in namespace bench: HTTP 403: jobs.batch is forbidden"), failure);
    assertFalse(failure.contains("S3cr3t"), failure);
    assertFalse(failure.contains("\n"), failure);
    assertNull(secret("refused"), "the secret created before the refusal is deleted");
  }


  @Test
  void shouldHandLinesOverWhileThePodStillRuns() throws Exception {
    String pod = "live-0-x7k2q";
    server.expect().get().withPath(logPath(pod, null))
        .andReturn(200, "2026-11-24T12:00:01.000000001Z hello\n2026-11-24T12:00:02.5Z frame 1\n").always();
    // the stream ended while the pod runs: resumed from the last line's second, which it repeats
    server.expect().get().withPath(logPath(pod, "2026-11-24T12:00:02Z"))
        .andReturn(200, "2026-11-24T12:00:02.5Z frame 1\n2026-11-24T12:00:03Z frame 2\n").always();
    server.expect().get().withPath(logPath(pod, "2026-11-24T12:00:03Z"))
        .andReturn(200, "2026-11-24T12:00:03Z frame 2\n").always();
    Future<FleetResult> run = start(fleet(Fleets.spec("live", 1, Duration.ofMinutes(1))));
    awaitJob("live");
    createPod(Fleets.pod("live", 0, "Running").build());

    await(() -> lines.getOrDefault(0, List.of()).size() == 3, "the running pod's lines");
    assertEquals(List.of("hello", "frame 1", "frame 2"), lines.get(0));
    assertFalse(run.isDone(), "the pod still runs");
    client.pods().inNamespace("bench").resource(Fleets.succeeded("live", 0)).update();

    FleetResult result = result(run);
    assertTrue(result.succeeded(), result.toString());
    assertEquals(List.of("hello", "frame 1", "frame 2"), lines.get(0), "the last read after the end repeats nothing");
  }

  @Test
  void shouldResumeADroppedStreamWithoutGapsOrRepeats() throws Exception {
    String pod = "drop-0-x7k2q";
    String t0 = "2026-11-24T12:00:01.000000003Z ";
    String t1 = "2026-11-24T12:00:01.000000007Z ";
    // dropped in the middle of the second of two lines written in the same instant
    server.expect().get().withPath(logPath(pod, null)).andReturn(200, t0 + "zero\n" + t1 + "one\n" + t1 + "one-").once();
    server.expect().get().withPath(logPath(pod, "2026-11-24T12:00:01Z"))
        .andReturn(200, t0 + "zero\n" + t1 + "one\n" + t1 + "one-b\n2026-11-24T12:00:02.25Z two\n").always();
    // a line the runtime split in two parts, each stamped by the kubelet, carrying the secret across the cut
    String split = "2026-11-24T12:00:03Z three " + Fleets.URI.substring(0, 20) + "2026-11-24T12:00:03.000000002Z "
        + Fleets.URI.substring(20) + "\n";
    server.expect().get().withPath(logPath(pod, "2026-11-24T12:00:02Z"))
        .andReturn(200, "2026-11-24T12:00:02.25Z two\n" + split).always();
    server.expect().get().withPath(logPath(pod, "2026-11-24T12:00:03Z")).andReturn(200, split).always();
    Future<FleetResult> run = start(fleet(Fleets.spec("drop", 1, Duration.ofMinutes(1))));
    awaitJob("drop");
    createPod(Fleets.pod("drop", 0, "Running").build());

    await(() -> lines.getOrDefault(0, List.of()).size() >= 5, "the lines after the drop");
    client.pods().inNamespace("bench").resource(Fleets.succeeded("drop", 0)).update();

    FleetResult result = result(run);
    assertTrue(result.succeeded(), result.toString());
    assertEquals(List.of("zero", "one", "one-b", "two", "three ****"), lines.get(0));
  }

  @Test
  void shouldStopTheLogFollowersWhenCancelled() throws Exception {
    String pod = "hang-0-x7k2q";
    server.expect().get().withPath(logPath(pod, null)).andReturn(200, "2026-11-24T12:00:01Z started\n").always();
    server.expect().get().withPath(logPath(pod, "2026-11-24T12:00:01Z")).andReturn(200, "2026-11-24T12:00:01Z started\n").always();
    ClientFleet fleet = fleet(Fleets.spec("hang", 1, Duration.ofMinutes(1)));
    Future<FleetResult> run = start(fleet);
    awaitJob("hang");
    createPod(Fleets.pod("hang", 0, "Running").build());
    await(() -> lines.get(0), "the follower to read");

    fleet.cancel();
    assertTrue(result(run).cancelled());
    await(() -> follower(pod).isEmpty(), "the follower to end after cancel");
  }

  private static Optional<Thread> follower(String pod) {
    return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().equals("pod-log-" + pod)).findFirst();
  }

  @Test
  void shouldFailTheCellWithWhatTheSinkThrowsOnAFollowersThread() throws Exception {
    Throwable thrown = sinkFailure("sink", "boom", Fleets.pod("sink", 0, "Running").build(), line -> {
      throw new IllegalStateException("sink refused " + line);
    });
    assertEquals("sink refused boom", thrown.getMessage());
    await(() -> job("sink") == null && secret("sink") == null, "job and secret to be deleted");
  }

  @Test
  void shouldThrowAnErrorTheSinkThrowsRatherThanWaitForever() throws Exception {
    Throwable thrown = sinkFailure("sinkerr", "damaged", Fleets.succeeded("sinkerr", 0), line -> {
      throw new AssertionError("frame reader refused " + line);
    });
    assertEquals("frame reader refused damaged", thrown.getMessage());
    await(() -> job("sinkerr") == null, "the job to be deleted");
  }

  /** Runs a one-pod cell named {@code name} whose pod logs {@code line} to a sink that throws; what the run threw. */
  private Throwable sinkFailure(String name, String line, Pod pod, java.util.function.Consumer<String> sink)
      throws Exception {
    server.expect().get().withPath(logPath(name + "-0-x7k2q", null))
        .andReturn(200, "2026-11-24T12:00:01Z " + line + "\n").always();
    Future<FleetResult> run = runner.submit(() -> fleet(Fleets.spec(name, 1, Duration.ofMinutes(1)))
        .run((index, l) -> sink.accept(l)));
    awaitJob(name);
    createPod(pod);
    java.util.concurrent.ExecutionException thrown = org.junit.jupiter.api.Assertions.assertThrows(
        java.util.concurrent.ExecutionException.class, () -> result(run));
    return thrown.getCause();
  }
}

package dev.ycsbmongo.orchestrator.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.clients.CellMerger;
import dev.ycsbmongo.orchestrator.clients.ClientHello;
import dev.ycsbmongo.orchestrator.clients.ClientOutput;
import dev.ycsbmongo.orchestrator.clients.ClientSummary;
import dev.ycsbmongo.orchestrator.clients.FrameException;
import dev.ycsbmongo.orchestrator.clients.FrameReader;
import dev.ycsbmongo.orchestrator.clients.FrameWriter;
import dev.ycsbmongo.orchestrator.clients.MergedCell;
import dev.ycsbmongo.orchestrator.clients.OpInterval;
import dev.ycsbmongo.orchestrator.kubernetes.FleetSpec;
import dev.ycsbmongo.orchestrator.kubernetes.Fleets;
import dev.ycsbmongo.orchestrator.kubernetes.QuietMockServer;
import dev.ycsbmongo.orchestrator.plan.KubernetesSettings;
import dev.ycsbmongo.orchestrator.process.StopSignal;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The {@code kubernetes} backend of a distributed cell against fabric8's mock API server (CRUD):
 * what the pods are given (the connection string only through the Secret, the common start
 * instant), that each pod's log reaches its own client's frame reader and the cell merges exactly, and
 * that a stop (Ctrl-C) or the phase's timeout deletes the Job and says so. The rest of the Job
 * lifecycle (pods failing, evicted, pending) is {@code kubernetes.ClientFleetTest}'s.
 */
@ExtendWith(QuietMockServer.class) // before the mock server starts: declared first
@EnableKubernetesMockClient(crud = true)
class KubernetesClientsTest {

  static KubernetesMockServer server;
  static KubernetesClient client;

  private static final String URI = "mongodb://bench:s3cret-pw@db.example:27017/ycsb";

  private static KubernetesSettings settings() {
    return settings(Duration.ofSeconds(30));
  }

  private static KubernetesSettings settings(Duration startDelay) {
    return new KubernetesSettings("bench", "registry.example.com/ycsb-mongodb-client:0.1.0", "IfNotPresent",
        Optional.of("ycsb-client"), Map.of("pool", "clients"), Map.of(), Map.of("cpu", "2"), Map.of("memory", "2Gi"),
        Duration.ofMinutes(5), startDelay, Optional.empty());
  }

  private static ClientBackend.Launch launch(String job, Duration timeout) {
    return new ClientBackend.Launch("ycsb", 3, 8, List.of("-db", "dev.ycsbmongo.binding.MongoDbClient", "-p",
        "operationcount=3000", "-threads", "8", "-s", "-t"), URI, Path.of("/nonexistent"), timeout, job);
  }

  private static KubernetesClients backend() {
    return backend(settings());
  }

  private static KubernetesClients backend(KubernetesSettings settings) {
    // a client of its own per run, as in production: the backend closes it
    return new KubernetesClients(settings, () -> new KubernetesClientBuilder().withConfig(client.getConfiguration())
        .build(), Duration.ofMillis(20));
  }

  @Test
  void podsGetTheirArgumentsAndTheStartButTheConnectionStringOnlyThroughTheSecret() {
    Instant start = Instant.ofEpochMilli(1_800_000_000_000L);
    FleetSpec spec = backend().spec(launch("ycsb-run-1", Duration.ofMinutes(1)), start);
    assertEquals(3, spec.clients());
    assertEquals("bench", spec.namespace());
    assertEquals(Optional.of("ycsb-client"), spec.serviceAccount());
    List<String> args = spec.args();
    assertEquals("ycsb", args.get(0));
    assertTrue(String.join(" ", args).endsWith("-p mongodb.url=env:MONGODB_URI -p client.start=1800000000000"),
        args.toString());
    assertFalse(String.join(" ", args).contains("s3cret-pw"), args.toString());
    assertTrue(spec.secrets().redact(URI).contains("****"), "the Secret holds the connection string");
  }

  @Test
  void aStopDeletesTheJobAndTheCellEndsStopped() throws Exception {
    StopSignal stop = new StopSignal();
    ExecutorService runner = Executors.newSingleThreadExecutor();
    try {
      Future<ClientBackend.Run> run = runner.submit(() -> backend().run(launch("ycsb-stop-1", Duration.ofMinutes(5)),
          (i, line) -> { }, stop));
      awaitJob("ycsb-stop-1");
      stop.request(StopSignal.Reason.INTERRUPTED, "Ctrl-C");
      ClientBackend.Run r = run.get(60, TimeUnit.SECONDS);
      assertTrue(r.stopped(), r.toString());
      assertFalse(r.timedOut(), r.toString());
      assertEquals(Optional.empty(), r.failure(), "a stop is not the clients' failure");
      assertNull(job("ycsb-stop-1"), "the Job is deleted");
    } finally {
      runner.shutdownNow();
    }
  }

  @Test
  void thePhaseBoundDeletesTheJobAndSaysSo() throws Exception {
    ClientBackend.Run r = backend(settings(Duration.ofMillis(700))).run(launch("ycsb-timeout-1", Duration.ofMillis(500)),
        (i, line) -> { }, new StopSignal());
    assertTrue(r.timedOut(), r.toString());
    // the bound counts from the clients' common start, startDelay after the Job's creation
    assertTrue(r.elapsed().compareTo(Duration.ofMillis(1200)) >= 0, r.toString());
    assertFalse(r.stopped(), r.toString());
    assertNull(job("ycsb-timeout-1"), "the Job is deleted");
  }

  @Test
  void eachPodsLogReachesItsClientsFrameReaderAndTheCellMergesExactly() throws Exception {
    String jobName = "ycsb-logs-1";
    int n = 3;
    FrameReader[] readers = {new FrameReader("client 0"), new FrameReader("client 1"), new FrameReader("client 2")};
    ExecutorService runner = Executors.newSingleThreadExecutor();
    try {
      Future<ClientBackend.Run> run = runner.submit(() -> backend().run(launch(jobName, Duration.ofMinutes(5)),
          (i, line) -> {
            try {
              readers[i].accept(line);
            } catch (FrameException e) {
              throw new AssertionError(e);
            }
          }, new StopSignal()));
      awaitJob(jobName);
      for (int i = 0; i < n; i++) {
        Pod pod = Fleets.succeeded(jobName, i);
        Fleets.serveLog(server, pod.getMetadata().getName(), "YCSB Client 0.17.0\n" + frames(i, n) + "[mongodb] pool summary: ...\n");
        client.pods().inNamespace("bench").resource(pod).create();
      }
      ClientBackend.Run r = run.get(60, TimeUnit.SECONDS);
      assertEquals(Optional.empty(), r.failure(), r.toString());
      List<ClientOutput> outputs = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        outputs.add(readers[i].finish(i));
      }
      MergedCell cell = CellMerger.merge(outputs);
      assertEquals(n * 5 * 100, cell.operations(), "every pod's intervals, once");
      assertEquals(n * 5 * 100, cell.runOperations(), "every pod's summary");
      assertNull(job(jobName), "the Job is deleted at the end");
    } finally {
      runner.shutdownNow();
    }
  }

  /** What client {@code i} of {@code n} writes: hello, five one-second READ intervals of 100 latencies, summary. */
  private static String frames(int i, int n) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    FrameWriter w = new FrameWriter(out, i);
    long t0 = 1_800_000_000_000L;  // the start barrier's instant, as pods ready in time start
    w.hello(new ClientHello(i, n, "pod-" + i, 1, Instant.ofEpochMilli(t0)));
    for (int k = 0; k < 5; k++) {
      Histogram h = new Histogram(OpInterval.SIGNIFICANT_DIGITS);
      for (int v = 1; v <= 100; v++) {
        h.recordValue(100 + v * (i + 1));
      }
      w.interval(new OpInterval("READ", t0 + k * 1000, t0 + (k + 1) * 1000, h, Map.of()));
    }
    w.summary(new ClientSummary(5000, Map.of("READ", new ClientSummary.OpTotals(500, Map.of()))));
    return bytes.toString(StandardCharsets.UTF_8);
  }

  private static Job job(String name) {
    return client.batch().v1().jobs().inNamespace("bench").withName(name).get();
  }

  private static void awaitJob(String name) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (job(name) == null) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("job " + name + " was never created");
      }
      Thread.sleep(10);
    }
  }
}

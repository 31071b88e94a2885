package dev.ycsbmongo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import dev.ycsbmongo.orchestrator.kubernetes.ClientFleet;
import dev.ycsbmongo.orchestrator.kubernetes.ClientOutcome;
import dev.ycsbmongo.orchestrator.kubernetes.FleetResult;
import dev.ycsbmongo.orchestrator.kubernetes.FleetSpec;
import dev.ycsbmongo.orchestrator.kubernetes.SecretValues;
import dev.ycsbmongo.orchestrator.plan.ContainerResources;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.k3s.K3sContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * The Kubernetes backend on a real cluster: a single-node k3s from Testcontainers runs an Indexed
 * Job whose pods really get {@code JOB_COMPLETION_INDEX} and the Secret, and whose Job and Secret
 * really go. What the mock server cannot show: the Job controller, the kubelet, pod logs, garbage
 * collection. Skipped without Docker (the skip reason is printed by {@link SkipReasonPrinter}).
 */
@Testcontainers(disabledWithoutDocker = true)
class KubernetesFleetIT {

  /** Pinned: tests should not drift with {@code latest}. */
  static final String K3S_IMAGE = "rancher/k3s:v1.31.4-k3s1";
  /** A tiny image with a shell, standing in for the client image (which Jib builds only with -Pimage). */
  static final String CLIENT_IMAGE = "busybox:1.36.1";
  private static final String URI = "mongodb://bench:k3s-pa55word@mongo.bench.svc:27017/ycsb";

  @Container
  static final K3sContainer K3S = new K3sContainer(DockerImageName.parse(K3S_IMAGE));

  private static KubernetesClient kube;

  @BeforeAll
  static void connect() {
    kube = new KubernetesClientBuilder().withConfig(Config.fromKubeconfig(K3S.getKubeConfigYaml())).build();
    kube.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName("bench").endMetadata().build()).serverSideApply();
    System.out.println("[it] " + KubernetesFleetIT.class.getSimpleName() + " runs against: " + K3S_IMAGE
        + " (Testcontainers) at " + kube.getMasterUrl());
  }

  @AfterAll
  static void disconnect() {
    if (kube != null) {
      kube.close();
    }
  }

  private static FleetSpec spec(String name, int clients, String script) {
    return new FleetSpec(name, "bench", CLIENT_IMAGE, "IfNotPresent",
        new ContainerResources(Map.of("cpu", "50m", "memory", "32Mi"), Map.of("memory", "64Mi")), Map.of(), Optional.empty(),
        Map.of("test", "kubernetes-fleet-it"), clients, List.of("sh", "-c"), List.of(script),
        SecretValues.of(Map.of("MONGODB_URI", URI)), Duration.ofMinutes(3), Duration.ofMinutes(5));
  }

  @Test
  void shouldRunEachClientWithItsIndexAndTheSecretAndCollectItsLog() throws InterruptedException {
    Map<Integer, List<String>> lines = new ConcurrentHashMap<>();
    FleetResult result = new ClientFleet(kube, spec("three-clients", 3,
        "echo \"client $JOB_COMPLETION_INDEX of $YCSB_CLIENT_COUNT\"; echo \"uri $MONGODB_URI\""), Duration.ofSeconds(1))
        .run((index, line) -> lines.computeIfAbsent(index, i -> new CopyOnWriteArrayList<>()).add(line));

    assertTrue(result.succeeded(), result.toString());
    for (int i = 0; i < 3; i++) {
      // the pod saw the real URI (the Secret reached it); what we hand on is masked
      assertEquals(List.of("client " + i + " of 3", "uri ****"), lines.get(i));
    }
    assertNull(kube.batch().v1().jobs().inNamespace("bench").withName("three-clients").get());
    assertNull(kube.secrets().inNamespace("bench").withName("three-clients-secrets").get());
  }

  @Test
  void shouldRecordAFailingClientsExitCode() throws InterruptedException {
    FleetResult result = new ClientFleet(kube, spec("one-fails", 2,
        "if [ \"$JOB_COMPLETION_INDEX\" = 1 ]; then echo failing; exit 3; fi; sleep 30"), Duration.ofSeconds(1))
        .run((index, line) -> { });

    assertEquals(ClientOutcome.Status.FAILED, result.clients().get(1).status());
    String failure = result.failure().orElseThrow();
    assertTrue(failure.matches("pod one-fails-1-\\S+ \\(client 1\\) failed: container 'ycsb-client' exited with code 3 \\(Error\\)\\."), failure);
    assertNull(kube.batch().v1().jobs().inNamespace("bench").withName("one-fails").get());
  }

  @Test
  void shouldCarryEachClientsFramesThroughItsPodLogToAnExactMerge() throws Exception {
    int n = 3;
    StringBuilder script = new StringBuilder("case \"$JOB_COMPLETION_INDEX\" in\n");
    for (int i = 0; i < n; i++) {
      script.append(i).append(") printf '%s\\n' 'YCSB Client 0.17.0'");
      for (String frame : frames(i, n).split("\n")) {
        script.append(" '").append(frame).append("'");
      }
      script.append(";;\n");
    }
    script.append("esac\n");
    FrameReader[] readers = new FrameReader[n];
    for (int i = 0; i < n; i++) {
      readers[i] = new FrameReader("pod of client " + i);
    }
    FleetResult result = new ClientFleet(kube, spec("framed-clients", n, script.toString()), Duration.ofSeconds(1))
        .run((index, line) -> {
          try {
            readers[index].accept(line);
          } catch (FrameException e) {
            throw new AssertionError(e);
          }
        });

    assertTrue(result.succeeded(), result.toString());
    List<ClientOutput> outputs = new java.util.ArrayList<>();
    for (int i = 0; i < n; i++) {
      outputs.add(readers[i].finish(i));
    }
    MergedCell cell = CellMerger.merge(outputs);
    assertEquals(n * 5 * 100, cell.operations(), "every pod's intervals, once, through the real kubelet's logs");
    assertEquals(n * 5 * 100, cell.runOperations());
  }

  /** Client {@code i} of {@code n}'s frames: hello, five one-second READ intervals of 100 latencies, summary. */
  private static String frames(int i, int n) {
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    FrameWriter w = new FrameWriter(new java.io.PrintStream(bytes, true, java.nio.charset.StandardCharsets.UTF_8), i);
    long t0 = 1_800_000_000_000L;
    w.hello(new ClientHello(i, n, "pod-" + i, 1, java.time.Instant.ofEpochMilli(t0)));
    for (int k = 0; k < 5; k++) {
      org.HdrHistogram.Histogram h = new org.HdrHistogram.Histogram(OpInterval.SIGNIFICANT_DIGITS);
      for (int v = 1; v <= 100; v++) {
        h.recordValue(100 + v * (i + 1));
      }
      w.interval(new OpInterval("READ", t0 + k * 1000, t0 + (k + 1) * 1000, h, Map.of()));
    }
    w.summary(new ClientSummary(5000, Map.of("READ", new ClientSummary.OpTotals(500, Map.of()))));
    return bytes.toString(java.nio.charset.StandardCharsets.UTF_8).strip();
  }
}

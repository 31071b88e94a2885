package dev.ycsbmongo.orchestrator.kubernetes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.plan.ContainerResources;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class JobManifestsTest {

  private final FleetSpec spec = Fleets.spec("cell-0003", 4, Duration.ofMinutes(2));

  @Test
  void shouldBuildAnIndexedJobRunningAllClientsAtOnceWithoutRetries() {
    Job job = JobManifests.job(spec);
    assertEquals("cell-0003", job.getMetadata().getName());
    assertEquals("bench", job.getMetadata().getNamespace());
    assertEquals("Indexed", job.getSpec().getCompletionMode());
    assertEquals(4, job.getSpec().getCompletions());
    assertEquals(4, job.getSpec().getParallelism());
    assertEquals(0, job.getSpec().getBackoffLimit());
    assertEquals(600, job.getSpec().getTtlSecondsAfterFinished());
    assertEquals("Never", job.getSpec().getTemplate().getSpec().getRestartPolicy());
  }

  @Test
  void shouldCarryThePlansImageResourcesPlacementAndLabels() {
    Job job = JobManifests.job(spec);
    var pod = job.getSpec().getTemplate().getSpec();
    Container container = pod.getContainers().get(0);
    assertEquals("registry.example.com/ycsb-mongodb-client:0.1.0", container.getImage());
    assertEquals("IfNotPresent", container.getImagePullPolicy());
    assertEquals(List.of("/app/bin/ycsb-client"), container.getCommand());
    assertEquals(List.of("run", "-P", "workloads/workloada", "-threads", "16"), container.getArgs());
    assertEquals(Map.of("cpu", new Quantity("2"), "memory", new Quantity("4Gi")), container.getResources().getRequests());
    assertEquals(Map.of("memory", new Quantity("6Gi")), container.getResources().getLimits());
    assertEquals(Map.of("pool", "clients"), pod.getNodeSelector());
    assertEquals("ycsb-client", pod.getServiceAccountName());
    for (Map<String, String> labels : List.of(job.getMetadata().getLabels(), job.getSpec().getTemplate().getMetadata().getLabels())) {
      assertEquals("s5", labels.get("study"));
      assertEquals("cell-0003", labels.get(JobManifests.FLEET_LABEL));
    }
  }

  @Test
  void shouldGiveTheSecretOnlyThroughSecretKeyRef() {
    List<EnvVar> env = JobManifests.job(spec).getSpec().getTemplate().getSpec().getContainers().get(0).getEnv();
    EnvVar uri = env.stream().filter(e -> e.getName().equals("MONGODB_URI")).findFirst().orElseThrow();
    assertNull(uri.getValue());
    assertEquals("cell-0003-secrets", uri.getValueFrom().getSecretKeyRef().getName());
    assertEquals("MONGODB_URI", uri.getValueFrom().getSecretKeyRef().getKey());
    assertEquals("4", env.stream().filter(e -> e.getName().equals(JobManifests.CLIENT_COUNT_ENV)).findFirst().orElseThrow().getValue());
  }

  @Test
  void shouldKeepTheSecretValueOutOfTheSerializedJob() {
    String json = new KubernetesSerialization().asJson(JobManifests.job(spec));
    String yaml = new KubernetesSerialization().asYaml(JobManifests.job(spec));
    String base64 = Base64.getEncoder().encodeToString(Fleets.URI.getBytes(StandardCharsets.UTF_8));
    for (String text : List.of(json, yaml)) {
      assertFalse(text.contains("S3cr3t-pa55word"), text);
      assertFalse(text.contains(base64), text);
    }
    assertTrue(json.contains("secretKeyRef"), json);
  }

  @Test
  void shouldPutTheSecretValueInTheSecretsDataOnly() {
    Secret secret = JobManifests.secret(spec);
    assertEquals("cell-0003-secrets", secret.getMetadata().getName());
    assertEquals(Fleets.URI, new String(Base64.getDecoder().decode(secret.getData().get("MONGODB_URI")), StandardCharsets.UTF_8));
    assertTrue(secret.getImmutable());
  }

  @Test
  void shouldNameOnlyTheKeysWhenSecretsArePrinted() {
    assertEquals("SecretValues[MONGODB_URI]", spec.secrets().toString());
    assertFalse(spec.toString().contains("S3cr3t"), spec.toString());
    assertEquals("uri=****", spec.secrets().redact("uri=" + Fleets.URI));
  }

  @Test
  void rejectsAJobNameKubernetesWouldRefuse() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Fleets.spec("Cell_3", 1, Duration.ofSeconds(1)));
    assertEquals("kubernetes job name 'Cell_3' is not accepted (accepted: lower-case letters, digits and '-', "
        + "starting and ending alphanumeric, at most 52 characters)", e.getMessage());
  }

  @Test
  void rejectsZeroClients() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Fleets.spec("cell", 0, Duration.ofSeconds(1)));
    assertEquals("kubernetes clients 0 is not accepted (accepted: 1 to 100000)", e.getMessage());
  }

  @Test
  void rejectsAMemoryLimitThatIsNotAQuantity() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new ContainerResources(Map.of(), Map.of("memory", "4GB")));
    assertEquals("kubernetes resources.limits.memory: '4GB' is not a Kubernetes quantity (accepted: e.g. 500m, 2, 4Gi, 1.5)", e.getMessage());
  }

  @Test
  void rejectsASecretKeyThatIsNotAnEnvironmentVariableWithoutPrintingTheValue() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> SecretValues.of(Map.of("mongodb.url", Fleets.URI)));
    assertFalse(e.getMessage().contains("S3cr3t"), e.getMessage());
    assertTrue(e.getMessage().startsWith("kubernetes secret key 'mongodb.url' is not an environment variable name"), e.getMessage());
  }

  @Test
  void rejectsASecretPassedAsAnArgument() {
    FleetSpec good = spec;
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new FleetSpec(good.jobName(), good.namespace(),
        good.image(), good.imagePullPolicy(), good.resources(), good.nodeSelector(), Optional.empty(), good.labels(), 1,
        good.command(), List.of("-p", "mongodb.url=" + Fleets.URI), good.secrets(), good.pendingTimeout(), good.ttlAfterFinished()));
    assertEquals("kubernetes args carry a secret value: pass it through secrets instead", e.getMessage());
  }

  @Test
  void rejectsAnUnknownPullPolicy() {
    FleetSpec good = spec;
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new FleetSpec(good.jobName(), good.namespace(),
        good.image(), "always", good.resources(), good.nodeSelector(), Optional.empty(), good.labels(), 1,
        good.command(), good.args(), good.secrets(), good.pendingTimeout(), good.ttlAfterFinished()));
    assertEquals("kubernetes imagePullPolicy 'always' is not accepted (accepted: Always, IfNotPresent, Never)", e.getMessage());
  }
}

package dev.ycsbmongo.orchestrator.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every bad value of clients, backend and the kubernetes section: one line with the plan's path, line and key. */
class PlanDistributionRejectsTest {

  /** A valid plan; {@code execution:} starts on line 5. */
  private static final String BASE = """
      name: q
      targets: [{name: local, uri: embedded}]
      scenarios:
        - name: a
      execution:
      """;

  /** BASE with a kubernetes backend whose section starts on line 7; its keys from line 8. */
  private static final String KUBE = BASE + """
        backend: kubernetes
        kubernetes:
      """;

  private static final String NS_IMAGE = "    namespace: bench\n    image: ycsb-client:1\n";

  private static void assertRejected(String yaml, String expected) {
    PlanException e = assertThrows(PlanException.class, () -> PlanLoader.load(yaml, Path.of("plan.yaml"), Map.of()));
    assertEquals(expected, e.getMessage());
    assertFalse(e.getMessage().contains("\n"), "one line");
  }

  private static final String CLIENTS_RULE = "is not a client count; expected a whole number from 1 to 10000"
      + " (client processes of the cell, each with the cell's threads)";

  @Test
  void rejectsClientCountsOutsideOneToTenThousand() {
    assertRejected(BASE + "  clients: 0\n", "plan.yaml:6: execution.clients: '0' " + CLIENTS_RULE);
    assertRejected(BASE + "  clients: 10001\n", "plan.yaml:6: execution.clients: '10001' " + CLIENTS_RULE);
    assertRejected(BASE + "  clients: many\n", "plan.yaml:6: execution.clients: 'many' " + CLIENTS_RULE);
    assertRejected(BASE + "  clients: 1.5\n", "plan.yaml:6: execution.clients: '1.5' " + CLIENTS_RULE);
    assertRejected(BASE + "  clients: [1, 2]\n", "plan.yaml:6: execution.clients: expected a whole number from 1"
        + " to 10000, found a list; sweep clients (sweep: {clients: [1, 2]}) to vary it");
  }

  @Test
  void rejectsABadClientCountWhereverItIsSet() {
    assertRejected(BASE + "  load: {clients: -1}\n", "plan.yaml:6: execution.load.clients: '-1' " + CLIENTS_RULE);
    assertRejected(BASE.replace("execution:\n", "sweep: {clients: [1, 0]}\n"),
        "plan.yaml:5: sweep.clients[1]: '0' " + CLIENTS_RULE);
    assertRejected(BASE.replace("execution:\n", "") + "    properties: {clients: x}\n",
        "plan.yaml:5: scenarios[0].properties.clients: 'x' " + CLIENTS_RULE);
    assertRejected(BASE.replace("  scenarios", "  scenarios").replace("uri: embedded}", "uri: embedded,"
        + " properties: {clients: 20000}}").replace("execution:\n", ""),
        "plan.yaml:2: targets[0].properties.clients: '20000' " + CLIENTS_RULE);
  }

  @Test
  void rejectsClientsInTheLoadPropertiesPointingAtLoadClients() {
    assertRejected(BASE + "  load:\n    properties: {clients: 2}\n", "plan.yaml:7: execution.load.properties.clients:"
        + " the load's clients are set by execution.load.clients; remove it here");
  }

  @Test
  void rejectsAnUnknownBackendWithTheAcceptedOnes() {
    assertRejected(BASE + "  backend: kubernets\n", "plan.yaml:6: execution.backend: 'kubernets' is not a backend;"
        + " accepted: local (client processes on this host), kubernetes (pods of an Indexed Job, set up in"
        + " execution.kubernetes) (did you mean 'kubernetes'?)");
  }

  @Test
  void rejectsTheKubernetesBackendWithoutItsSection() {
    assertRejected(BASE + "  backend: kubernetes\n", "plan.yaml:6: execution.backend: 'kubernetes' needs an"
        + " execution.kubernetes section with at least namespace and image (where the client pods run, and what"
        + " they run)");
  }

  @Test
  void rejectsAKubernetesSectionThatIsNotAMapOrHasUnknownKeys() {
    assertRejected(BASE + "  kubernetes: bench\n", "plan.yaml:6: execution.kubernetes: expected a map, found the"
        + " text 'bench'");
    assertRejected(KUBE + NS_IMAGE + "    namspace: x\n", "plan.yaml:10: execution.kubernetes.namspace: unknown key;"
        + " accepted: namespace, image, imagePullPolicy, serviceAccount, nodeSelector, labels, resources,"
        + " pendingTimeout, startDelay, context (did you mean 'namespace'?)");
  }

  @Test
  void requiresNamespaceAndImage() {
    assertRejected(KUBE + "    image: ycsb-client:1\n", "plan.yaml:8: execution.kubernetes.namespace: required key is"
        + " missing; expected a namespace (a DNS-1123 label such as bench)");
    assertRejected(KUBE + "    namespace: bench\n", "plan.yaml:8: execution.kubernetes.image: required key is"
        + " missing; expected the client image, such as registry.example.com/ycsb-mongodb-client:0.1.0");
  }

  @Test
  void rejectsNamesKubernetesWouldRefuse() {
    assertRejected(KUBE + "    namespace: Bench\n    image: ycsb-client:1\n", "plan.yaml:8:"
        + " execution.kubernetes.namespace: kubernetes namespace 'Bench' is not accepted (accepted: a DNS-1123 label"
        + " such as 'bench')");
    assertRejected(KUBE + "    namespace: bench\n    image: 'ycsb client'\n", "plan.yaml:9:"
        + " execution.kubernetes.image: kubernetes image 'ycsb client' is not accepted (accepted: an image reference"
        + " such as 'registry.example.com/ycsb-mongodb-client:0.1.0')");
    assertRejected(KUBE + NS_IMAGE + "    imagePullPolicy: always\n", "plan.yaml:10:"
        + " execution.kubernetes.imagePullPolicy: kubernetes imagePullPolicy 'always' is not accepted (accepted:"
        + " Always, IfNotPresent, Never)");
    assertRejected(KUBE + NS_IMAGE + "    serviceAccount: YCSB_client\n", "plan.yaml:10:"
        + " execution.kubernetes.serviceAccount: kubernetes serviceAccount 'YCSB_client' is not accepted (accepted: a"
        + " DNS-1123 subdomain such as 'ycsb-client')");
    assertRejected(KUBE + NS_IMAGE + "    context: ' '\n", "plan.yaml:10: execution.kubernetes.context: kubernetes"
        + " context ' ' is not accepted (accepted: the name of a context in your kubeconfig, as kubectl config"
        + " get-contexts lists it)");
  }

  @Test
  void rejectsLabelsKubernetesWouldRefuse() {
    assertRejected(KUBE + NS_IMAGE + "    nodeSelector: {'bad key!': x}\n", "plan.yaml:10:"
        + " execution.kubernetes.nodeSelector.bad key!: kubernetes nodeSelector key 'bad key!' is not a label key"
        + " (accepted: e.g. 'team' or 'example.com/pool')");
    assertRejected(KUBE + NS_IMAGE + "    labels:\n      team: -perf\n", "plan.yaml:11:"
        + " execution.kubernetes.labels.team: kubernetes labels.team value '-perf' is not a label value (accepted: up"
        + " to 63 letters, digits, '-', '_', '.', alphanumeric at both ends)");
    assertRejected(KUBE + NS_IMAGE + "    labels: [team]\n", "plan.yaml:10: execution.kubernetes.labels: expected a"
        + " map, found a list");
  }

  @Test
  void rejectsResourcesKubernetesWouldRefuse() {
    assertRejected(KUBE + NS_IMAGE + "    resources: {request: {cpu: 1}}\n", "plan.yaml:10:"
        + " execution.kubernetes.resources.request: unknown key; accepted: requests, limits (did you mean"
        + " 'requests'?)");
    assertRejected(KUBE + NS_IMAGE + "    resources:\n      requests: {gpu: 1}\n", "plan.yaml:11:"
        + " execution.kubernetes.resources.requests.gpu: unknown key; accepted: cpu, memory, ephemeral-storage (did you mean"
        + " 'cpu'?)");
    assertRejected(KUBE + NS_IMAGE + "    resources:\n      limits:\n        memory: 4GB\n", "plan.yaml:12:"
        + " execution.kubernetes.resources.limits.memory: kubernetes resources.limits.memory: '4GB' is not a"
        + " Kubernetes quantity (accepted: e.g. 500m, 2, 4Gi, 1.5)");
  }

  @Test
  void rejectsDurationsThatAreNotPositive() {
    assertRejected(KUBE + NS_IMAGE + "    pendingTimeout: 0\n", "plan.yaml:10: execution.kubernetes.pendingTimeout:"
        + " '0' is not accepted; expected a duration above zero such as 30s or 5m (pods may wait for a node and their"
        + " image that long)");
    assertRejected(KUBE + NS_IMAGE + "    startDelay: 0s\n", "plan.yaml:10: execution.kubernetes.startDelay: '0s' is"
        + " not accepted; expected a duration above zero such as 30s or 5m (the clients' common start lies that far"
        + " after the Job's creation)");
    assertRejected(KUBE + NS_IMAGE + "    startDelay: soon\n", "plan.yaml:10: execution.kubernetes.startDelay: 'soon'"
        + " is not a duration; expected a duration such as 500ms, 30s, 5m, 2h, or a whole number of seconds");
  }

  @Test
  void checksTheKubernetesSectionEvenWhenTheBackendIsLocal() {
    // unused until the backend switches, but a plan that switches with one line must be valid already
    assertRejected(BASE + "  kubernetes:\n    namespace: Bench\n    image: x\n", "plan.yaml:7:"
        + " execution.kubernetes.namespace: kubernetes namespace 'Bench' is not accepted (accepted: a DNS-1123 label"
        + " such as 'bench')");
  }
}

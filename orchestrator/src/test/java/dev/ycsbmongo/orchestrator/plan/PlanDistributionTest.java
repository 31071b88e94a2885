package dev.ycsbmongo.orchestrator.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A plan's client processes ({@code clients}, {@code execution.backend}, {@code execution.kubernetes}): read,
 * typed once at expansion, swept like threads, shown by validate.
 */
class PlanDistributionTest {

  private static final String BASE = """
      name: q
      targets: [{name: local, uri: embedded}]
      scenarios:
        - name: a
      """;

  private static final String KUBERNETES = """
        kubernetes:
          namespace: bench
          image: registry.example.com/ycsb-mongodb-client:0.1.0
      """;

  private static Plan load(String yaml) {
    return PlanLoader.load(yaml, Path.of("plan.yaml"), Map.of());
  }

  private static List<Phase> phases(String yaml) {
    return PlanExpander.expand(load(yaml)).phases();
  }

  private static Phase phase(List<Phase> phases, String id) {
    return phases.stream().filter(p -> p.id().equals(id)).findFirst()
        .orElseThrow(() -> new AssertionError(id + " not in " + phases.stream().map(Phase::id).toList()));
  }

  @Test
  void runsEveryPhaseAsOneLocalClientByDefault() {
    Settings s = load(BASE).settings();
    assertEquals(Distribution.oneLocalClient(), s.distribution());
    assertEquals(1, s.loadClients());
    for (Phase p : phases(BASE)) {
      assertEquals(1, p.clients(), p.id());
      assertEquals(Backend.LOCAL, p.distribution().backend());
      assertFalse(p.distribution().distributed(), p.id());
    }
  }

  @Test
  void givesEveryCellTheExecutionClientsAndThePreparingLoadsTheLoadClients() {
    List<Phase> phases = phases(BASE + "execution: {clients: 4, load: {clients: 2}}\n");
    assertEquals(4, phase(phases, "run/local/a/-/rep=1").clients());
    Phase load = phase(phases, "load/local/-/#1");
    assertEquals(2, load.clients());
    assertTrue(load.distribution().distributed());
  }

  @Test
  void sweepsClientsLikeThreadsIntoCoordinatesAndIds() {
    List<Phase> phases = phases(BASE + "sweep: {clients: [1, 2, 4]}\nproperties: {threads: 8}\n");
    List<String> runs = phases.stream().filter(p -> p.kind() == PhaseKind.RUN).map(Phase::id).toList();
    assertEquals(List.of("run/local/a/clients=1/rep=1", "run/local/a/clients=2/rep=1", "run/local/a/clients=4/rep=1"),
        runs);
    Phase four = phase(phases, "run/local/a/clients=4/rep=1");
    assertEquals(4, four.clients());
    assertEquals(8, four.threads());
    assertEquals(Map.of("clients", "4"), four.coordinates());
    // the orchestrator's own setting: shown with the phase, never passed to YCSB
    assertEquals("4", four.properties().get("clients"));
    assertFalse(four.ycsbProperties().containsKey("clients"));
    // one data set for all three: clients do not shape the data
    assertEquals(1, phases.stream().filter(p -> p.kind() == PhaseKind.LOAD).count());
    assertEquals(1, phase(phases, "load/local/-/#1").clients());
  }

  @Test
  void letsTargetAndScenarioPropertiesSetClientsOverTheExecutionDefault() {
    List<Phase> phases = phases("""
        name: q
        targets:
          - {name: big, uri: embedded, properties: {clients: 8}}
          - {name: small, uri: embedded}
        scenarios:
          - name: a
          - {name: b, properties: {clients: 3}}
        execution: {clients: 2}
        """);
    assertEquals(8, phase(phases, "run/big/a/-/rep=1").clients());
    assertEquals(3, phase(phases, "run/big/b/-/rep=1").clients());
    assertEquals(2, phase(phases, "run/small/a/-/rep=1").clients());
    assertEquals(3, phase(phases, "run/small/b/-/rep=1").clients());
  }

  @Test
  void keepsThePlanWideClientsOffThePreparingLoad() {
    Phase load = phase(phases(BASE + "properties: {clients: 6}\n"), "load/local/-/#1");
    assertEquals(1, load.clients());
    assertFalse(load.properties().containsKey("clients"));
  }

  @Test
  void givesWarmUpsTheCellsClientsUnlessTheWarmUpSetsItsOwn() {
    List<Phase> phases = phases(BASE + "execution: {clients: 4, warmup: {operationcount: 10}}\n");
    assertEquals(4, phase(phases, "warmup/local/a/-/warmup").clients());
    phases = phases(BASE + "execution: {clients: 4, warmup: {operationcount: 10, clients: 1}}\n");
    assertEquals(1, phase(phases, "warmup/local/a/-/warmup").clients());
  }

  @Test
  void givesConnectionStressesClientsToo() {
    List<Phase> phases = phases("""
        name: q
        targets: [{name: local, uri: embedded}]
        scenarios: [{name: hold, kind: connections, properties: {connections.count: 100}}]
        sweep: {clients: [1, 5]}
        """);
    assertEquals(5, phase(phases, "connections/local/hold/clients=5/rep=1").clients());
    assertEquals(100, phase(phases, "connections/local/hold/clients=5/rep=1").connectionStress().count());
  }

  @Test
  void readsTheKubernetesSectionWithItsDefaults() {
    Settings s = load(BASE + "execution:\n  backend: kubernetes\n  clients: 3\n" + KUBERNETES).settings();
    Distribution d = s.distribution();
    assertEquals(3, d.clients());
    assertEquals(Backend.KUBERNETES, d.backend());
    KubernetesSettings k = d.kubernetes().orElseThrow();
    assertEquals(new KubernetesSettings("bench", "registry.example.com/ycsb-mongodb-client:0.1.0", "IfNotPresent",
        Optional.empty(), Map.of(), Map.of(), Map.of(), Map.of(), Duration.ofMinutes(5), Duration.ofSeconds(30),
        Optional.empty()), k);
    assertTrue(d.distributed());
    // one client on Kubernetes is still not this host's one JVM
    assertTrue(d.withClients(1).distributed());
    assertEquals(Backend.KUBERNETES, s.loadDistribution().backend());
  }

  @Test
  void readsEveryKubernetesKey() {
    KubernetesSettings k = load(BASE + """
        execution:
          backend: kubernetes
          kubernetes:
            namespace: bench
            image: ycsb-client:1
            imagePullPolicy: Never
            serviceAccount: ycsb-client
            nodeSelector: {pool: clients, example.com/zone: a}
            labels: {team: perf}
            resources:
              requests: {cpu: 500m, memory: 1Gi}
              limits: {cpu: 2, memory: 2Gi}
            pendingTimeout: 10m
            startDelay: 45s
            context: kind-bench
        """).settings().distribution().kubernetes().orElseThrow();
    assertEquals(new KubernetesSettings("bench", "ycsb-client:1", "Never", Optional.of("ycsb-client"),
        Map.of("pool", "clients", "example.com/zone", "a"), Map.of("team", "perf"),
        Map.of("cpu", "500m", "memory", "1Gi"), Map.of("cpu", "2", "memory", "2Gi"), Duration.ofMinutes(10),
        Duration.ofSeconds(45), Optional.of("kind-bench")), k);
    assertEquals(Map.of("cpu", "2", "memory", "2Gi"), k.resources().limits());
  }

  @Test
  void acceptsTheKubernetesSectionWithTheLocalBackendAndSaysItIsUnused() {
    Plan plan = load(BASE + "execution:\n  clients: 2\n" + KUBERNETES);
    assertEquals(Backend.LOCAL, plan.settings().distribution().backend());
    assertTrue(plan.settings().distribution().kubernetes().isPresent());
    String printed = MatrixPrinter.render(PlanExpander.expand(plan));
    assertTrue(printed.contains(", clients=2, loadClients=1, ") && printed.contains(", kubernetes={namespace=bench,"
        + " image=registry.example.com/ycsb-mongodb-client:0.1.0, imagePullPolicy=IfNotPresent, pendingTimeout=5m,"
        + " startDelay=30s} (unused: backend local)"), printed);
    assertTrue(printed.contains("  1 load   load/local/-/#1  threads=8  clients=1  dataSet="), printed);
    assertTrue(printed.contains("  2 run    run/local/a/-/rep=1  threads=1  clients=2  dataSet="), printed);
  }

  @Test
  void showsTheBackendOfEveryPhaseWhenItIsKubernetes() {
    String printed = MatrixPrinter.render(PlanExpander.expand(load(BASE + "sweep: {clients: [2]}\n"
        + "execution:\n  backend: kubernetes\n" + KUBERNETES)));
    assertTrue(printed.contains(", backend=kubernetes, kubernetes={namespace=bench, "), printed);
    assertFalse(printed.contains("unused"), printed);
    assertTrue(printed.contains("  2 run    run/local/a/clients=2/rep=1  threads=1  clients=2  backend=kubernetes"
        + "  dataSet="), printed);
  }

  @Test
  void comparesCellsByClients() {
    Plan plan = load(BASE + "sweep: {clients: [1, 4]}\nreport:\n  compare:\n    - clients=1,4\n");
    assertEquals("clients", plan.comparisons().get(0).spec().key());
    assertEquals(List.of("load/local/-/#1", "run/local/a/clients=1/rep=1", "run/local/a/clients=4/rep=1"),
        PlanExpander.expand(plan).phases().stream().map(Phase::id).toList());
  }

  @Test
  void acceptsClientsAsADifferencePairsMayHave() {
    assertEquals(Optional.of(CellProperty.CLIENTS), CellProperty.named("clients"));
    Plan plan = load("""
        name: q
        targets:
          - {name: x, uri: embedded, labels: {storage: ssd}, properties: {clients: 1}}
          - {name: y, uri: embedded, labels: {storage: disk}, properties: {clients: 2}}
        scenarios: [{name: a}]
        report:
          compare:
            - by: storage=ssd,disk
              differing: [clients]
        """);
    assertTrue(plan.comparisons().get(0).rules().accepts(CellProperty.CLIENTS));
  }

  @Test
  void refusesADistributionThatCannotBe() {
    assertThrows(IllegalArgumentException.class, () -> Distribution.local(0));
    assertThrows(IllegalArgumentException.class, () -> Distribution.local(Defaults.MAX_CLIENTS + 1));
    assertThrows(IllegalArgumentException.class, () -> new Distribution(2, Backend.KUBERNETES, Optional.empty()));
    assertEquals(Defaults.MAX_CLIENTS, Distribution.local(Defaults.MAX_CLIENTS).clients());
  }

  @Test
  void typesAPhaseBuiltFromPropertiesAloneAsLocal() {
    PhaseSettings s = PhaseSettings.of(PhaseKind.RUN, Map.of("clients", " 3 "));
    assertEquals(Distribution.local(3), s.distribution());
    assertEquals(Distribution.oneLocalClient(), PhaseSettings.of(PhaseKind.RUN, Map.of()).distribution());
  }
}

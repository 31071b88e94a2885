package dev.ycsbmongo.orchestrator.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.check.PlanCheck;
import dev.ycsbmongo.orchestrator.check.PlanPreflight;
import dev.ycsbmongo.orchestrator.plan.Matrix;
import dev.ycsbmongo.orchestrator.plan.Phase;
import dev.ycsbmongo.orchestrator.plan.PhaseKind;
import dev.ycsbmongo.orchestrator.plan.PlanException;
import dev.ycsbmongo.orchestrator.plan.PlanExpander;
import dev.ycsbmongo.orchestrator.plan.PlanLoader;
import dev.ycsbmongo.orchestrator.process.HostLimits;
import dev.ycsbmongo.orchestrator.results.PhaseParameters;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the checks before a run and the records know of a cell's client processes: threads x clients on this
 * machine, nothing of this machine for pods, each pod's share of a connection stress, pods that cannot reach
 * a loopback target, and the count every record carries. Planning only: no process, pod or connection.
 */
class ClientsPreflightTest {

  private static final String KUBERNETES = """
        kubernetes: {namespace: bench, image: 'ycsb-client:1'}
      """;

  private static String plan(String uri, String threads, String execution) {
    return """
        name: p
        targets: [{name: t, uri: "%s"}]
        scenarios:
          - name: a
            properties: {threads: %s}
        properties: {workload: site.ycsb.workloads.CoreWorkload, recordcount: 10, operationcount: 10}
        execution:
        %s""".formatted(uri, threads, execution);
  }

  private static PlanCheck.Checked check(String yaml, HostLimits host) {
    return PlanCheck.load(yaml, Path.of("plan.yaml"), Map.of(), new PlanCheck.Options(false, host));
  }

  /** A machine that hosts {@code perJvm} threads less 100 for each JVM beyond the first. */
  private static HostLimits machine(long perJvm) {
    return new HostLimits() {
      @Override
      public Optional<ThreadCeiling> threadCeiling() {
        return threadCeiling(1);
      }

      @Override
      public Optional<ThreadCeiling> threadCeiling(int jvms) {
        return Optional.of(new ThreadCeiling(perJvm - 100L * (jvms - 1), "stand-in for " + jvms + " JVMs"));
      }
    };
  }

  @Test
  void refusesThreadsTimesLocalClientsBeyondThisMachineAtTheClientsLine() {
    // 4 clients of 300 threads: 1,200 threads, where 4 JVMs leave room for 1,000 - 300
    PlanException e = assertThrows(PlanException.class, () -> check(plan("mongodb://db.example:27017/", "300",
        "  clients: 4\n"), machine(1_000)));
    assertEquals("plan.yaml:8: execution.clients: 1,200 threads (4 clients of 300) is more than this machine can"
        + " host: at most 700 (stand-in for 4 JVMs); lower the thread count or the clients, run the client on a"
        + " larger machine, or spread the cell over several client machines (clients: N with execution.backend:"
        + " kubernetes)", e.getMessage());
  }

  @Test
  void blamesTheLoadClientsOfThePreparingLoad() {
    // the run's 2 threads fit; the load's 4 clients of 8 threads (32) do not fit 100 - 300
    PlanException e = assertThrows(PlanException.class, () -> check(plan("mongodb://db.example:27017/", "2",
        "  load: {threads: 8, clients: 4}\n"), machine(100)));
    assertTrue(e.getMessage().startsWith("plan.yaml:8: execution.load.clients: 32 threads (4 clients of 8) is more"
        + " than this machine can host: at most 0 (stand-in for 4 JVMs)"), e.getMessage());
  }

  @Test
  void acceptsTheSameThreadsAsOneClient() {
    assertEquals(2, check(plan("mongodb://db.example:27017/", "300", "  clients: 1\n"), machine(1_000)).matrix()
        .phases().size());
  }

  @Test
  void leavesPodsThreadsToTheirNodes() {
    // 20 pods of 5,000 threads: no limit of this machine applies to them
    Matrix m = check(plan("mongodb://db.example:27017/", "5000", "  clients: 20\n  backend: kubernetes\n"
        + KUBERNETES), machine(1_000)).matrix();
    assertEquals(20, m.phases().get(1).clients());
  }

  @Test
  void refusesPodsThatCannotReachALoopbackTarget() {
    PlanException e = assertThrows(PlanException.class, () -> check(plan("embedded", "1",
        "  backend: kubernetes\n" + KUBERNETES), machine(1_000)));
    assertEquals("plan.yaml:8: execution.backend: phase load/t/recordcount=10/#1: target t (embedded) is on this"
        + " machine's loopback, which client pods on Kubernetes cannot reach; give a connection string the cluster"
        + " can reach, or run the clients here (execution.backend: local)", e.getMessage());
    e = assertThrows(PlanException.class, () -> check(plan("mongodb://localhost:27017,127.0.0.2:27018/", "1",
        "  backend: kubernetes\n" + KUBERNETES), machine(1_000)));
    assertTrue(e.getMessage().contains("target t (mongodb://localhost:27017,127.0.0.2:27018/) is on this machine's"
        + " loopback"), e.getMessage());
  }

  @Test
  void knowsLoopbackConnectionStringsWithoutAskingDns() {
    assertTrue(PlanPreflight.onlyLoopback("mongodb://127.0.0.1:27017/"));
    assertTrue(PlanPreflight.onlyLoopback("mongodb://u:p@localhost/?authSource=admin"));
    assertTrue(PlanPreflight.onlyLoopback("mongodb://[::1]:27017/"));
    assertFalse(PlanPreflight.onlyLoopback("mongodb://127.0.0.1:27017,db.example:27017/"));
    assertFalse(PlanPreflight.onlyLoopback("mongodb+srv://cluster0.example/"));
  }

  private static Matrix stress(String count, String execution) {
    return PlanExpander.expand(PlanLoader.load("""
        name: stress
        targets: [{name: t, uri: "mongodb://192.0.2.10:27017/"}]
        scenarios: [{name: hold, kind: connections, properties: {connections.count: %s}}]
        execution:
        %s""".formatted(count, execution), Path.of("plan.yaml"), Map.of()));
  }

  @Test
  void splitsAConnectionStressOverPodsButNotOverLocalClients() {
    // one remote host: about 28,000 ports per source address here; 200,000 do not fit one machine
    List<String> local = PlanPreflight.connectionProblems(stress("200000", "  clients: 10\n"));
    assertEquals(1, local.size(), local.toString());
    assertTrue(local.get(0).contains("net.ipv4.ip_local_port_range"), local.get(0));
    // local clients share this machine's ports: 10 of them change nothing
    assertEquals(local, PlanPreflight.connectionProblems(stress("200000", "  clients: 1\n")));
    // ten pods of 20,000 each fit, each with its own ports
    assertEquals(List.of(), PlanPreflight.connectionProblems(stress("200000", "  clients: 10\n  backend: kubernetes\n"
        + KUBERNETES)));
  }

  @Test
  void namesThePodShareWhenEvenThatDoesNotFit() {
    List<String> problems = PlanPreflight.connectionProblems(stress("200000", "  clients: 2\n  backend: kubernetes\n"
        + KUBERNETES));
    assertEquals(1, problems.size(), problems.toString());
    assertTrue(problems.get(0).startsWith("phase connections/t/hold/-/rep=1: each of 2 client pods takes 100,000 of"
        + " connections.count 200,000 (judged by this machine's limits, as a pod's are not known here): "),
        problems.get(0));
    assertTrue(problems.get(0).endsWith("; or raise clients"), problems.get(0));
  }

  @Test
  void recordsTheClientsOfEveryKindOfPhase() {
    Matrix m = PlanExpander.expand(PlanLoader.load("""
        name: q
        targets: [{name: t, uri: embedded}]
        scenarios:
          - {name: a}
          - {name: hold, kind: connections, properties: {connections.count: 10}}
        execution: {clients: 3, load: {clients: 2}}
        """, Path.of("plan.yaml"), Map.of()));
    for (Phase p : m.phases()) {
      PhaseParameters params = PhaseRecorder.parameters(p);
      assertEquals(p.kind() == PhaseKind.LOAD ? 2 : 3, params.clients(), p.id());
      assertEquals(p.kind() == PhaseKind.CONNECTIONS ? null : p.threads(), params.threads(), p.id());
    }
  }

  @Test
  void hostsFewerThreadsInAllForEachMoreJvm(@TempDir Path root) throws IOException {
    write(root, "proc/sys/kernel/pid_max", "32768\n");
    write(root, "proc/loadavg", "1.00 0.50 0.25 2/394 12345\n");
    write(root, "proc/meminfo", "MemAvailable:   " + (5L * 1024 * 1024) + " kB\n");
    HostLimits.Proc proc = new HostLimits.Proc(root);
    assertEquals(32_768 - 394 - 64, proc.threadCeiling().orElseThrow().threads());
    // 5 GiB less four JVMs' 1,152 MiB leaves 512 MiB at 32 KiB a thread: below the pid limit now
    HostLimits.ThreadCeiling four = proc.threadCeiling(4).orElseThrow();
    assertEquals(512 * 32, four.threads());
    assertEquals("memory: 5,120 MiB available (/proc/meminfo MemAvailable), less 4,608 MiB for the heaps and code of 4"
        + " YCSB JVMs, at 32 KiB per thread (BENCHMARKS.md measured 20-30 KiB)", four.reason());
    write(root, "proc/meminfo", "MemAvailable:   " + (64L * 1024 * 1024) + " kB\n");
    HostLimits.ThreadCeiling pids = proc.threadCeiling(4).orElseThrow();
    assertEquals(32_768 - 394 - 4 * 64, pids.threads());
    assertEquals("pid limit 32,768 from /proc/sys/kernel/pid_max, less 394 threads running and 256 for the 4 JVMs"
        + " themselves", pids.reason());
  }

  private static void write(Path root, String file, String text) throws IOException {
    Path p = root.resolve(file);
    Files.createDirectories(p.getParent());
    Files.writeString(p, text);
  }
}

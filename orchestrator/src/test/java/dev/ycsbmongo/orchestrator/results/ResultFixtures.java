package dev.ycsbmongo.orchestrator.results;

import dev.ycsbmongo.orchestrator.plan.PhaseKind;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Fully populated result records with fixed values, for golden files. */
public final class ResultFixtures {

  public static final ClientHost CLIENT = new ClientHost("bench-client", 8, 34_359_738_368L, "Linux 6.1 amd64",
      "Eclipse Adoptium 17.0.15+6", "5.14.0", "0.17.0", "0.1.0-SNAPSHOT");
  public static final ServerInfo MONGO = new ServerInfo("7.0.14", "replica set", 3, false, null);
  public static final ServerInfo EMBEDDED = new ServerInfo("5.0.0", "standalone", null, true, null);

  private ResultFixtures() {
  }

  public static OperationStats op(String name, long count, double avg, long p99, Map<String, Long> errors) {
    return new OperationStats(name, count, errors, avg, avg > 10 ? (long) (avg / 4) : 1L, (long) avg, (long) (avg * 2),
        p99, p99 * 2, p99 * 5);
  }

  public static WindowStats window(String name, double start, double seconds, List<OperationStats> ops) {
    long ok = ops.stream().mapToLong(OperationStats::count).sum();
    long failed = ops.stream().mapToLong(OperationStats::errors).sum();
    return new WindowStats(name, start, seconds, ok, failed, ok / seconds, ok + failed == 0 ? 0 : (double) failed / (ok + failed), ops);
  }

  /** A run record: reads and updates, a few errors, both windows. */
  public static PhaseResult run(int index, String target, String scenario, int threads, int rep, double readAvg,
      double updateAvg, long reads, long updates, ServerInfo server) {
    Map<String, String> coords = new LinkedHashMap<>();
    coords.put("threadcount", Integer.toString(threads));
    String id = "run/" + target + "/" + scenario + "/threadcount=" + threads + "/rep=" + rep;
    WindowStats full = window(WindowStats.FULL, 0, 60, List.of(
        op("READ", reads, readAvg, (long) (readAvg * 3), reads > 1000 ? Map.of("ERROR", 3L) : Map.of()),
        op("UPDATE", updates, updateAvg, (long) (updateAvg * 3), Map.of())));
    WindowStats steady = window(WindowStats.STEADY, 10, 50, List.of(
        op("READ", reads * 5 / 6, readAvg * 0.9, (long) (readAvg * 2.5), Map.of()),
        op("UPDATE", updates * 5 / 6, updateAvg * 0.9, (long) (updateAvg * 2.5), Map.of())));
    return PhaseResult.builder().plan("study").runId("study-20261122-101500").index(index).phaseId(id)
        .kind(PhaseKind.RUN).scenario(scenario).coordinates(coords).repetition(rep)
        .dataSet(target + ":recordcount=100000")
        .target(new TargetRecord(target, "mongodb://bench:****@" + target + ":27017/ycsb", labelsOf(target)))
        .server(server).client(CLIENT)
        .command("scripts/ycsb run mongodb -s -P workloads/" + scenario + " -threads " + threads)
        .properties(Map.of("recordcount", "100000", "operationcount", "1000000", "threadcount",
            Integer.toString(threads)))
        .start(Instant.parse("2026-11-22T10:15:00Z").plusSeconds(index * 70L))
        .end(Instant.parse("2026-11-22T10:16:00Z").plusSeconds(index * 70L)).runtimeSeconds(61.25)
        .status(PhaseStatus.SUCCEEDED).throughputOpsPerSec(full.throughputOpsPerSec())
        .ycsbThroughputOpsPerSec(full.throughputOpsPerSec() * 1.01).errorRate(full.errorRate()).full(full)
        .steady(steady).rampUpSeconds(10.0).outputDirectory("phases/" + index)
        .stability(new Stability(10.0, "auto", 50, steady.throughputOpsPerSec(), 0.0412, 0.0125, 0.0, null, null))
        .build();
  }

  public static PhaseResult failed(PhaseResult r, PhaseStatus status, String cause) {
    return r.toBuilder().runtimeSeconds(status == PhaseStatus.SKIPPED ? 0 : r.runtimeSeconds()).status(status)
        .cause(cause).throughputOpsPerSec(null).ycsbThroughputOpsPerSec(null).errorRate(null).full(null).steady(null)
        .steadyAbsentReason(status == PhaseStatus.SKIPPED ? null : "no measurements").loadedRecords(null)
        .serverMetrics(null).connections(null).stability(null).clients(null).attempt(1).replacesAttempt(null)
        .parametersFromProperties().build();
  }

  /** A preparing load: repetition 0, only the full window (too short for a steady state), a load check. */
  public static PhaseResult load(int index, String target, ServerInfo server) {
    WindowStats full = window(WindowStats.FULL, 0, 8, List.of(op("INSERT", 100_000, 310.5, 1200, Map.of())));
    return PhaseResult.builder().plan("study").runId("study-20261122-101500").index(index)
        .phaseId("load/" + target + "/recordcount=100000/#1").kind(PhaseKind.LOAD).scenario("rw-50-50")
        .repetition(0).dataSet(target + ":recordcount=100000")
        .target(new TargetRecord(target, "mongodb://bench:****@" + target + ":27017/ycsb", labelsOf(target)))
        .server(server).client(CLIENT).command("scripts/ycsb load mongodb -s -threads 8")
        .properties(Map.of("recordcount", "100000")).start(Instant.parse("2026-11-22T10:15:00Z"))
        .end(Instant.parse("2026-11-22T10:15:09Z")).runtimeSeconds(9.5).status(PhaseStatus.SUCCEEDED)
        .throughputOpsPerSec(full.throughputOpsPerSec()).ycsbThroughputOpsPerSec(full.throughputOpsPerSec())
        .errorRate(0.0).full(full).steadyAbsentReason("phase shorter than the 10 s ramp-up").rampUpSeconds(10.0)
        .loadedRecords(100_000L).outputDirectory("phases/" + index).build();
  }

  /** {@code r} as run on another target: its name, masked URL and labels, under phase id {@code id}. */
  public static PhaseResult onTarget(PhaseResult r, String id, String target, Map<String, String> labels) {
    return r.toBuilder().phaseId(id)
        .target(new TargetRecord(target, "mongodb://bench:****@" + target + ":27017/ycsb", labels))
        .parametersFromProperties().attempt(1).replacesAttempt(null).clients(null).build();
  }

  /** {@code r} with other coordinates (the cell's place in a sweep), server figures and connection-stress figures. */
  public static PhaseResult with(PhaseResult r, PhaseKind kind, Map<String, String> coordinates, String id,
      PhaseStatus status, String cause, ServerMetrics server, ConnectionStressResult connections) {
    boolean stress = kind == PhaseKind.CONNECTIONS;
    return r.toBuilder().phaseId(id).kind(kind).coordinates(coordinates).status(status).cause(cause)
        .throughputOpsPerSec(stress ? null : r.throughputOpsPerSec())
        .ycsbThroughputOpsPerSec(stress ? null : r.ycsbThroughputOpsPerSec()).errorRate(stress ? null : r.errorRate())
        .full(stress ? null : r.full()).steady(stress ? null : r.steady())
        .steadyAbsentReason(stress ? null : r.steadyAbsentReason()).serverMetrics(server).connections(connections)
        .stability(stress ? null : r.stability()).parametersFromProperties().attempt(1).replacesAttempt(null)
        .clients(null).build();
  }

  /** The golden server figures (a replica set's primary: 25% CPU, 1,935.5 QPS, 26 connections, 4 s lag). */
  public static ServerMetrics serverMetrics() {
    try {
      return ResultsJson.MAPPER.readValue(java.nio.file.Files.readString(
          java.nio.file.Path.of("src/test/resources/golden/server-metrics.json")), ServerMetrics.class);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** Server figures with every field of {@code changes} replaced (e.g. cpuMeanPercent, crossCheck). */
  public static ServerMetrics serverMetrics(Map<String, Object> changes) {
    com.fasterxml.jackson.databind.node.ObjectNode tree = ResultsJson.MAPPER.valueToTree(serverMetrics());
    changes.forEach((k, v) -> tree.set(k, ResultsJson.MAPPER.valueToTree(v)));
    try {
      return ResultsJson.MAPPER.treeToValue(tree, ServerMetrics.class);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalArgumentException(e);
    }
  }

  /** A connection stress of {@code requested} that reached {@code opened}, the rest refused. */
  public static ConnectionStressResult connections(long requested, long opened) {
    java.util.SortedMap<String, Long> causes = new java.util.TreeMap<>();
    if (opened < requested) {
      causes.put("refused", requested - opened);
    }
    return ConnectionStressResult.builder().requested(requested).opened(opened).failed(requested - opened)
        .failuresByCause(causes).seenByServer(opened + 3).seenByServerByHost(Map.of("127.0.0.1:27017", opened + 3))
        .seenByServerNote("includes this tool's own 3 connections").openSeconds(12.5).openLatencyP50Millis(4.0)
        .openLatencyP99Millis(40.0).openLatencyMaxMillis(90.0).holdStart(Instant.parse("2026-11-22T10:15:20Z"))
        .holdEnd(Instant.parse("2026-11-22T10:15:40Z")).holdSeconds(20.0).droppedWhileHeld(0L).workers(2)
        .sourceAddresses(List.of("127.0.0.1", "127.0.0.2")).targetHosts(List.of("127.0.0.1:27017"))
        .clientRssBeforeBytes(100L << 20).clientRssHeldBytes((100L << 20) + opened * 2048)
        .clientPeakRssBytes((110L << 20) + opened * 2048).clientBytesPerConnection(2048L).limits("ulimit -n 20000")
        .build();
  }

  /**
   * A connection stress of {@code perServer} to each of {@code openedByHost}'s servers ({@code to}:
   * each or primary), which reached what the map says.
   */
  public static ConnectionStressResult connections(int perServer, String to, Map<String, Long> openedByHost) {
    ConnectionStressResult c = connections((long) perServer * openedByHost.size(),
        openedByHost.values().stream().mapToLong(Long::longValue).sum());
    return c.toBuilder().targetHosts(List.copyOf(openedByHost.keySet())).countPerServer(perServer).to(to)
        .openedByHost(openedByHost).build();
  }

  /**
   * Four clients on Kubernetes, 12 ms apart at the start; client 2 ran slow (a third of the others' throughput,
   * three and a half times their READ p99), so the outlier rule flags it with these two reasons; it also used
   * 95% of its 2 cores over its 60 s run (950 µs of CPU for each of its 120,000 operations), so it is noted as
   * a possible bottleneck, while the others used 15-18% of theirs at 61-74 µs/op.
   */
  public static PhaseClients clients() {
    return new PhaseClients(4, PhaseClients.KUBERNETES, 12, 50.0, List.of(
        new ClientFigures(0, "ycsb-cell-0-x7k2p", 50.0, 250_000, 5000.0, Map.of("READ", 1200L, "UPDATE", 1500L),
            300_000, 61.2, 2, 0.153, List.of()),
        new ClientFigures(1, "ycsb-cell-1-q9w4t", 50.0, 251_000, 5020.0, Map.of("READ", 1180L, "UPDATE", 1490L),
            301_000, 64.8, 2, 0.163, List.of()),
        new ClientFigures(2, "ycsb-cell-2-m3n8v", 49.0, 98_000, 2000.0, Map.of("READ", 4200L, "UPDATE", 1600L),
            120_000, 950.0, 2, 0.95, List.of("throughput 2000.0 ops/s is below 0.5x the other clients' median"
                + " 5000.0 ops/s", "READ p99 4200 us is above 3x the other clients' median 1200 us")),
        new ClientFigures(3, "ycsb-cell-3-b5c1z", 50.0, 249_500, 4990.0, Map.of("READ", 1210L, "UPDATE", 1510L),
            299_000, 74.0, 2, 0.184, List.of())));
  }

  /** {@code r} as driven by the clients of {@code c}: its parameters say as many clients, its record keeps their rows. */
  public static PhaseResult withClients(PhaseResult r, PhaseClients c) {
    return withClients(r, c.count(), c);
  }

  /** {@code r} as driven by {@code clients} client processes, without per-client rows. */
  public static PhaseResult withClientCount(PhaseResult r, int clients) {
    return withClients(r, clients, null);
  }

  private static PhaseResult withClients(PhaseResult r, int clients, PhaseClients c) {
    PhaseParameters p = r.parameters();
    return r.toBuilder().parameters(new PhaseParameters(p.target(), clients, p.threads(), p.recordCount(),
        p.operationCount(), p.insertStart(), p.insertCount(), p.maxExecutionTimeSeconds())).clients(c).build();
  }

  private static Map<String, String> labelsOf(String target) {
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put("cores", target.contains("large") ? "16" : "4");
    labels.put("storage", "SSD");
    return labels;
  }
}

package dev.ycsbmongo.orchestrator.exec;

import dev.ycsbmongo.orchestrator.OutputFiles;
import dev.ycsbmongo.orchestrator.plan.CellProperty;
import dev.ycsbmongo.orchestrator.plan.Matrix;
import dev.ycsbmongo.orchestrator.plan.Phase;
import dev.ycsbmongo.orchestrator.plan.PhaseKind;
import dev.ycsbmongo.orchestrator.plan.Plan;
import dev.ycsbmongo.orchestrator.plan.PlanException;
import dev.ycsbmongo.orchestrator.plan.PlanExpander;
import dev.ycsbmongo.orchestrator.plan.PublishedTable;
import dev.ycsbmongo.orchestrator.plan.Target;
import dev.ycsbmongo.orchestrator.results.AppliedSettings;
import dev.ycsbmongo.orchestrator.results.ConnectionStressResult;
import dev.ycsbmongo.orchestrator.results.OperationStats;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.PhaseStatus;
import dev.ycsbmongo.orchestrator.results.ResultsReader;
import dev.ycsbmongo.orchestrator.results.ResultsWriter;
import dev.ycsbmongo.orchestrator.results.RunDirectory;
import dev.ycsbmongo.orchestrator.results.ServerInfo;
import dev.ycsbmongo.orchestrator.results.ServerMetrics;
import dev.ycsbmongo.orchestrator.results.TargetRecord;
import dev.ycsbmongo.orchestrator.results.WindowStats;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * A document's published figures as result records ({@code report --replay}): each published cell becomes the
 * record of the plan's cell it stands for, with status {@link PhaseStatus#REPLAYED}, the document's whole-run
 * throughput and average latencies as its full window (what YCSB's {@code [OVERALL]} lines give and what the
 * documents print) and no steady window, so that our tables, comparisons, ranges and best thread counts restate
 * the document from its own numbers, every one of them named as replayed.
 */
public final class Replay {

  /** The run id of a replay: what summary.md and the report page print where a run prints its time. */
  public static final String RUN_ID_PREFIX = "replay-";

  /** Why a replayed record has no steady window. */
  static final String NO_STEADY = "replayed: the document published whole-run figures only";

  /**
   * The environment a replayed plan is read with: every {@code ${VAR}} of a target's uri stands for a server
   * nobody connects to, so any variable reads as a placeholder and none has to be set.
   */
  public static final Map<String, String> ANY_ENVIRONMENT = new java.util.AbstractMap<>() {
    @Override
    public String get(Object key) {
      return "mongodb://published.invalid:27017/";
    }

    @Override
    public Set<Map.Entry<String, String>> entrySet() {
      return Set.of();
    }
  };

  private Replay() {
  }

  /**
   * The records of {@code table}'s cells, one per published cell, on the cells of {@code matrix}; a published
   * cell that matches no cell of the plan, or several, or a cell published twice, is a {@link PlanException}
   * naming the entry's line and what the plan has.
   */
  public static List<PhaseResult> records(Matrix matrix, PublishedTable table) {
    Plan plan = matrix.plan();
    List<Phase> cells = matrix.phases().stream().filter(Phase::measured).filter(p -> p.repetition() <= 1).toList();
    List<PhaseResult> out = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (PublishedTable.Cell c : table.cells()) {
      Phase phase = match(table, c, plan, cells);
      if (!seen.add(phase.id())) {
        throw PlanException.at(table.file(), c.line(), null, "cell " + phase.id() + " is published twice; each cell"
            + " of the plan takes one entry");
      }
      out.add(record(plan, phase, c, table));
    }
    return out;
  }

  private static Phase match(PublishedTable table, PublishedTable.Cell c, Plan plan, List<Phase> cells) {
    if (plan.target(c.target()).isEmpty()) {
      throw PlanException.at(table.file(), c.line(), "target", "'" + c.target() + "' is not a target of plan "
          + plan.name() + "; its targets: " + plan.targets().stream().map(Target::name).collect(Collectors.joining(", ")));
    }
    List<Phase> ofScenario = cells.stream().filter(p -> p.target().equals(c.target())
        && p.scenario().equals(c.scenario())).toList();
    if (ofScenario.isEmpty()) {
      throw PlanException.at(table.file(), c.line(), "scenario", "plan " + plan.name() + " has no measured cell of"
          + " scenario '" + c.scenario() + "' on " + c.target() + "; its scenarios there: " + cells.stream()
          .filter(p -> p.target().equals(c.target())).map(Phase::scenario).distinct().collect(Collectors.joining(", ")));
    }
    List<Phase> matched = ofScenario.stream()
        .filter(p -> c.threads() == null || p.threads() == c.threads())
        .filter(p -> c.with().entrySet().stream().allMatch(e -> e.getValue().equals(value(p, e.getKey()))))
        .toList();
    if (matched.size() == 1) {
      return matched.get(0);
    }
    String have = ofScenario.stream().map(p -> "threads=" + p.threads() + (p.coordinates().isEmpty() ? ""
        : " " + p.coordinates().entrySet().stream().filter(e -> !e.getKey().equals(CellProperty.THREADS.key()))
        .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" ")))).distinct()
        .collect(Collectors.joining("; "));
    throw PlanException.at(table.file(), c.line(), null, (matched.isEmpty() ? "no cell" : matched.size() + " cells")
        + " of " + c.target() + "/" + c.scenario() + " with" + (c.threads() == null ? "" : " threads=" + c.threads())
        + c.with().entrySet().stream().map(e -> " " + e.getKey() + "=" + e.getValue()).collect(Collectors.joining())
        + (matched.isEmpty() ? "" : "; give threads or with to pick one") + "; the plan has: " + have);
  }

  /** A coordinate of the cell, or else the property it ran with (a per-target or plan-wide setting). */
  private static String value(Phase p, String key) {
    String v = p.coordinates().get(CellProperty.propertyKey(key));
    return v != null ? v : p.properties().get(key);
  }

  private static PhaseResult record(Plan plan, Phase phase, PublishedTable.Cell c, PublishedTable table) {
    Target t = plan.target(phase.target()).orElseThrow();
    Map<String, String> properties = phase.effectiveProperties();
    String cited = table.source() + "; " + c.table();
    boolean stress = phase.kind() == PhaseKind.CONNECTIONS;
    if (stress != (c.connections() != null) || (!stress && c.throughput() == null)) {
      throw PlanException.at(table.file(), c.line(), null, phase.id() + (stress
          ? " is a connection stress: give connections (the connections the server held), not throughput"
          : " runs YCSB: give throughput (ops/s), not connections"));
    }
    long ops = operations(phase);
    WindowStats full = stress ? null : new WindowStats(WindowStats.FULL, 0, ops > 0 ? ops / c.throughput() : 0, ops,
        0, c.throughput(), 0, operationStats(phase, properties, ops, c));
    ServerMetrics server = c.cpu() == null && c.qps() == null ? null : serverMetrics(c);
    return PhaseResult.builder().plan(plan.name()).runId(RUN_ID_PREFIX + plan.name()).index(phase.index())
        .phaseId(phase.id()).kind(phase.kind()).scenario(phase.scenario()).coordinates(phase.coordinates())
        .repetition(phase.repetition()).dataSet(phase.dataSet())
        .target(new TargetRecord(t.name(), "published", t.labels()))
        .server(new ServerInfo(null, "as published", null, false, null))
        .command("replayed from " + cited).properties(properties).parameters(PhaseRecorder.parameters(phase))
        .runtimeSeconds(full == null ? 0 : full.durationSeconds()).status(PhaseStatus.REPLAYED)
        .throughputOpsPerSec(c.throughput()).ycsbThroughputOpsPerSec(c.throughput())
        .errorRate(stress ? null : 0.0).full(full).steadyAbsentReason(stress ? null : NO_STEADY)
        .serverSettings(phase.serverSettings().isEmpty() ? null
            : new AppliedSettings(phase.serverSettings(), "as published: " + cited + "; not applied by this tool"))
        .serverMetrics(server).connections(stress ? connections(phase, c, cited) : null).build();
  }

  /**
   * A connection stress as published: the connections the server held (the documents read them off the server's
   * monitoring), as both what was opened and what the server saw; nothing else of it was published.
   */
  private static ConnectionStressResult connections(Phase phase, PublishedTable.Cell c, String cited) {
    long asked = phase.connectionStress().count();
    long held = c.connections();
    return ConnectionStressResult.builder().requested(asked).opened(held).failed(Math.max(0, asked - held))
        .seenByServer(held).seenByServerNote("as published: " + cited).countPerServer((int) asked).build();
  }

  /** What the cell ran, as the plan asks it: the operation count of a run, the record count of a load. */
  private static long operations(Phase phase) {
    var counts = phase.counts();
    var n = phase.kind() == PhaseKind.LOAD ? counts.insertCount().isPresent() ? counts.insertCount()
        : counts.recordCount() : counts.operationCount();
    return n.isPresent() ? n.getAsLong() : 0;
  }

  /**
   * RAL as the READ average and WAL as the average of the cell's write operation (INSERT for a load, else UPDATE or,
   * in an insert-only mix, INSERT), each counted by the workload's proportion of the operations.
   */
  private static List<OperationStats> operationStats(Phase phase, Map<String, String> p, long ops,
      PublishedTable.Cell c) {
    List<OperationStats> out = new ArrayList<>();
    if (c.ral() != null) {
      out.add(op("READ", share(ops, p.getOrDefault("readproportion", "0.95")), c.ral()));
    }
    if (c.wal() != null) {
      boolean insert = phase.kind() == PhaseKind.LOAD || (proportion(p.get("updateproportion")) == 0
          && proportion(p.get("insertproportion")) > 0);
      out.add(insert ? op("INSERT", phase.kind() == PhaseKind.LOAD ? ops
          : share(ops, p.get("insertproportion")), c.wal())
          : op("UPDATE", share(ops, p.getOrDefault("updateproportion", "0.05")), c.wal()));
    }
    return out;
  }

  private static OperationStats op(String name, long count, double avgMicros) {
    return new OperationStats(name, Math.max(1, count), Map.of(), avgMicros, null, null, null, null, null, null);
  }

  private static long share(long ops, String proportion) {
    return Math.round(ops * proportion(proportion));
  }

  private static double proportion(String v) {
    try {
      return v == null ? 0 : Double.parseDouble(v.strip());
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  private static ServerMetrics serverMetrics(PublishedTable.Cell c) {
    Map<String, String> absent = new TreeMap<>();
    absent.put("samples", "replayed: the document's figures, not sampled");
    return new ServerMetrics(null, 0, 0, null, null, Map.of(), Map.of(), c.qps(), Map.of(), Map.of(), Map.of(),
        Map.of(), c.cpu(), null, null, null, null, null, null, null, null, null, null, null, null, null, null, Map.of(),
        0, null, new TreeMap<>(absent), null, 0, null);
  }

  /**
   * Writes {@code records} as the run directory {@code dir} ({@code plan.yaml} and {@code results.jsonl}), from
   * which the caller renders every report, as {@code report} does. A directory holding measured
   * records is refused: a replay never mixes with or overwrites a measurement.
   */
  public static void write(RunDirectory dir, Plan plan, List<PhaseResult> records) throws IOException {
    if (Files.isRegularFile(dir.file(RunDirectory.RESULTS))) {
      ResultsReader.Read read = ResultsReader.read(dir.path());
      if (read.results().stream().anyMatch(r -> !r.replayed())) {
        throw PlanException.at(dir.path(), 0, null, "holds measured results; a replay is written to a directory of"
            + " its own (a new one, or an earlier replay's)");
      }
      if (!read.skipped().isEmpty()) {
        // such a line may be a measurement too (a newer schema's): never deleted
        throw PlanException.at(dir.path(), 0, null, "holds results.jsonl lines this orchestrator cannot read (line "
            + read.skipped().get(0).line() + " first); a replay is written to a directory of its own (a new one, or"
            + " an earlier replay's)");
      }
      Files.delete(dir.file(RunDirectory.RESULTS));
    }
    Files.createDirectories(dir.path());
    OutputFiles.writeString(dir.file(RunDirectory.PLAN), ResolvedPlan.yaml(plan));
    try (ResultsWriter w = ResultsWriter.open(dir.path())) {
      for (PhaseResult r : records) {
        w.append(r);
      }
    }
  }

  /** Expands {@code plan} for {@link #records}. */
  public static Matrix expand(Plan plan) {
    return PlanExpander.expand(plan);
  }
}

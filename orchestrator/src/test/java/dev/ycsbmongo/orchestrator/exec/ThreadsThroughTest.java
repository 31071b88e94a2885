package dev.ycsbmongo.orchestrator.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ycsbmongo.orchestrator.plan.Phase;
import dev.ycsbmongo.orchestrator.plan.PhaseKind;
import dev.ycsbmongo.orchestrator.plan.PlanExpander;
import dev.ycsbmongo.orchestrator.plan.PlanLoader;
import dev.ycsbmongo.orchestrator.process.ChildJvm;
import dev.ycsbmongo.orchestrator.report.Curves;
import dev.ycsbmongo.orchestrator.results.PhaseParameters;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.ResultFixtures;
import dev.ycsbmongo.orchestrator.results.ResultsJson;
import dev.ycsbmongo.orchestrator.results.ResultsReader;
import dev.ycsbmongo.orchestrator.results.ResultsWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One plan value followed through: {@code threads: [4, 16]} is parsed once at expansion and travels as an int to
 * the phase, its YCSB command, its record's {@link PhaseParameters} and the report's curves, which read the typed
 * field rather than the strings of the properties map.
 */
class ThreadsThroughTest {

  private static final ChildJvm JVM = new ChildJvm(Path.of("/jdk/bin/java"), "/cp/*", List.of());

  private static List<Phase> runs() {
    return PlanExpander.expand(PlanLoader.load("""
        name: through
        targets: [{name: t, uri: embedded}]
        scenarios: [{name: a, workload: ../workloads/rw-50-50}]
        sweep: {threads: [4, 16]}
        """, Path.of("plan.yaml"), Map.of())).phases().stream().filter(p -> p.kind() == PhaseKind.RUN).toList();
  }

  @Test
  void aSweptThreadCountReachesThePhaseParametersAsAnInt() {
    List<Phase> runs = runs();
    assertEquals(List.of(4, 16), runs.stream().map(Phase::threads).toList());
    List<PhaseParameters> parameters = runs.stream().map(PhaseRecorder::parameters).toList();
    assertEquals(List.of(4, 16), parameters.stream().map(PhaseParameters::threads).toList());
    assertEquals(List.of(1, 1), parameters.stream().map(PhaseParameters::clients).toList());
  }

  @Test
  void theYcsbCommandGivesThePhasesThreadsAsMinusThreadsOnly() {
    Phase four = runs().get(0);
    List<String> argv = YcsbCommand.of(four, Path.of("/runs/r1/phases/001"), Path.of("/tmp/x/connection.properties"),
        "embedded", Duration.ofSeconds(1), JVM).argv();
    assertEquals(List.of("-threads", "4", "-s", "-t"), argv.subList(argv.size() - 4, argv.size()));
    assertFalse(argv.stream().anyMatch(a -> a.startsWith("threadcount=")), argv.toString());
  }

  @Test
  void theReportPlacesEachRecordAtTheThreadsItsParametersCarry(@TempDir Path run) throws IOException {
    List<Phase> runs = runs();
    StringBuilder lines = new StringBuilder();
    for (int i = 0; i < runs.size(); i++) {
      lines.append(ResultsJson.line(recordOf(runs.get(i), 1000.0 * (i + 1)))).append('\n');
    }
    Files.writeString(run.resolve(ResultsWriter.FILE), lines, StandardCharsets.UTF_8);
    List<PhaseResult> read = ResultsReader.read(run).results();
    assertEquals(List.of(4, 16), read.stream().map(r -> r.parameters().threads()).toList());
    assertEquals(List.of(4, 16), read.stream().map(Curves::threadsOf).toList());
    assertEquals(List.of(List.of(4, 16)), Curves.of(read).values().stream().map(Curves.Curve::threads).toList());
  }

  @Test
  void aSchemaV1LineWithoutParametersIsPlacedByTheThreadsItRanWith(@TempDir Path run) throws IOException {
    StringBuilder lines = new StringBuilder();
    for (Phase p : runs()) {
      ObjectNode node = (ObjectNode) ResultsJson.mapper().readTree(ResultsJson.line(recordOf(p, 1000.0)));
      node.put("schemaVersion", 1);
      node.remove("parameters");
      lines.append(ResultsJson.mapper().writeValueAsString(node)).append('\n');
    }
    Files.writeString(run.resolve(ResultsWriter.FILE), lines, StandardCharsets.UTF_8);
    List<PhaseResult> read = ResultsReader.read(run).results();
    assertEquals(List.of(4, 16), read.stream().map(Curves::threadsOf).toList());
  }

  /** A measured record of {@code phase} as the recorder writes it: its coordinates, properties and parameters. */
  private static PhaseResult recordOf(Phase phase, double readAvg) {
    PhaseResult r = ResultFixtures.run(phase.index(), phase.target(), phase.scenario(), phase.threads(), 1, readAvg,
        readAvg, 60_000, 60_000, ResultFixtures.EMBEDDED);
    return new PhaseResult(r.schemaVersion(), r.plan(), r.runId(), phase.index(), phase.id(), r.kind(), r.scenario(),
        phase.coordinates(), r.repetition(), r.dataSet(), r.target(), r.server(), r.client(), r.command(),
        phase.effectiveProperties(), PhaseRecorder.parameters(phase), r.start(), r.end(), r.runtimeSeconds(),
        r.status(), r.cause(), r.throughputOpsPerSec(), r.ycsbThroughputOpsPerSec(), r.errorRate(), r.full(),
        r.steady(), r.steadyAbsentReason(), r.rampUpSeconds(), r.loadedRecords(), r.outputDirectory(),
        r.serverSettings(), r.serverMetrics(), r.connections(), r.stability(), r.attempt(), r.replacesAttempt(),
        r.clients(), r.clientHostLoad());
  }
}

package dev.ycsbmongo.orchestrator.exec;

import dev.ycsbmongo.binding.UriMasker;
import dev.ycsbmongo.orchestrator.OutputFiles;
import dev.ycsbmongo.orchestrator.plan.Matrix;
import dev.ycsbmongo.orchestrator.plan.MatrixPrinter;
import dev.ycsbmongo.orchestrator.plan.Plan;
import dev.ycsbmongo.orchestrator.plan.Target;
import dev.ycsbmongo.orchestrator.process.ChildJvm;
import dev.ycsbmongo.orchestrator.process.ConnectionFile;
import dev.ycsbmongo.orchestrator.process.StopSignal;
import dev.ycsbmongo.orchestrator.process.TargetProbe;
import dev.ycsbmongo.orchestrator.replset.ManualPrompt;
import dev.ycsbmongo.orchestrator.replset.ServerSettingsApplier;
import dev.ycsbmongo.orchestrator.results.ClientHost;
import dev.ycsbmongo.orchestrator.results.ClientHostInfo;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.ResultsReader;
import dev.ycsbmongo.orchestrator.results.ResultsWriter;
import dev.ycsbmongo.orchestrator.results.RunDirectory;
import dev.ycsbmongo.orchestrator.results.ServerInfo;
import java.io.IOException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One session of a run: a new run directory, or an existing one being resumed. Starts the embedded
 * servers, probes the targets, runs the pending phases and always leaves the tables rendered from
 * whatever {@code results.jsonl} holds, interrupted or not.
 */
public final class RunSession {

  private static final int PROBE_TIMEOUT_MILLIS = 10_000;

  private final Matrix matrix;
  private final RunDirectory dir;
  private final ProgressListener progress;
  private final boolean failFast;
  private final ServerSettingsApplier serverSettings;
  private final StopSignal stop;
  private final Report report;

  /** Writes a run directory's report from what it holds (the report package); returns its warnings. */
  @FunctionalInterface
  public interface Report {
    List<String> write(RunDirectory dir) throws IOException;
  }

  /**
   * @param prompt asks the user to change server settings by hand ({@code server.apply: manual})
   * @param stop the run's stop signal (the command's Ctrl-C hook requests it): the running phase is recorded as
   *     interrupted and no further phase starts; the session requests it itself for --fail-fast and a target down
   * @param report writes the report at the end of the session, whatever happened (run owns no report code)
   */
  public RunSession(Matrix matrix, RunDirectory dir, ProgressListener progress, boolean failFast, ManualPrompt prompt,
      StopSignal stop, Report report) {
    this.stop = stop;
    this.report = report;
    this.matrix = matrix;
    this.dir = dir;
    this.progress = progress;
    this.failFast = failFast;
    this.serverSettings = ServerSettingsApplier.forRuns(prompt);
  }

  /** Writes the plan files of a new run directory; {@code sourceText} is the plan file as written. */
  public static void writePlanFiles(RunDirectory dir, Matrix matrix, String sourceText) throws IOException {
    writePlanFiles(dir, matrix, sourceText, dev.ycsbmongo.orchestrator.plan.PlanOverrides.NONE.recorded());
  }

  /** Likewise for a plan read with the command line's overrides, which run.json keeps for a resume. */
  public static void writePlanFiles(RunDirectory dir, Matrix matrix, String sourceText,
      dev.ycsbmongo.orchestrator.plan.PlanOverrides.Recorded overrides) throws IOException {
    try {
      writePlanFiles(dir, matrix.plan(), matrix, sourceText, overrides);
    } catch (OutputFiles.WriteFailed e) {
      throw e.advising("nothing has run: make room, then run the plan again");
    }
  }

  private static void writePlanFiles(RunDirectory dir, Plan plan, Matrix matrix, String sourceText,
      dev.ycsbmongo.orchestrator.plan.PlanOverrides.Recorded overrides) throws IOException {
    OutputFiles.writeString(dir.file(RunDirectory.PLAN_SOURCE), UriMasker.mask(sourceText));
    OutputFiles.writeString(dir.file(RunDirectory.PLAN), ResolvedPlan.yaml(plan));
    OutputFiles.writeString(dir.file(RunDirectory.MATRIX), MatrixPrinter.render(matrix));
    new RunInfo(plan.source() == null ? "" : plan.source().toAbsolutePath().toString(), dir.runId(),
        ClientHostInfo.TOOL_VERSION, java.util.List.of(), overrides).write(dir);
  }

  public PlanRunner.Outcome run() throws IOException {
    for (java.nio.file.Path stale : ConnectionFile.removeStale()) {
      progress.note("removed " + stale + ", a connection file left by an orchestrator that was killed");
    }
    RunInfo info = RunInfo.read(dir);
    info.withSession(Instant.now().toString()).write(dir);
    ResultsReader.Read read = ResultsReader.read(dir.path());
    List<PhaseResult> earlier = read.results();
    // said once, before the phases: a resumed run reads past a bad record, and that record's cell runs again
    read.warnings().forEach(w -> progress.note("warning: " + w));
    if (!read.skipped().isEmpty()) {
      progress.note("the cells of the " + read.skipped().size() + " skipped line(s) have no record: they run again");
    }
    PlanRunner.Outcome outcome;
    try {
      outcome = runPhases(earlier);
    } catch (IOException | RuntimeException e) {
      // the report of what was recorded is still worth writing; the first failure is the one to tell
      try {
        writeSummary(read);
      } catch (IOException | RuntimeException s) {
        e.addSuppressed(s);
      }
      throw e;
    }
    writeSummary(read);
    return outcome;
  }

  private void writeSummary(ResultsReader.Read before) throws IOException {
    // warnings already said before the phases are not said twice
    report.write(dir).stream().filter(w -> !before.warnings().contains(w))
        .forEach(w -> progress.note("warning: " + w));
  }

  private PlanRunner.Outcome runPhases(List<PhaseResult> earlier) throws IOException {
    ClientHost client = ClientHostInfo.read();
    try (EmbeddedTargets uris = new EmbeddedTargets(matrix.plan());
         ResultsWriter writer = ResultsWriter.open(dir.path())) {
      Map<String, ServerInfo> servers = new LinkedHashMap<>();
      for (Target t : matrix.plan().targets()) {
        ServerInfo s = TargetProbe.probe(uris.uri(t.name()), t.isEmbedded(), PROBE_TIMEOUT_MILLIS);
        servers.put(t.name(), s);
        progress.note("target " + t.name() + ": " + (s.probeError() == null ? s.describe()
            : "not answering (" + s.probeError() + ")"));
      }
      PhaseExecutor executor = new PhaseExecutor(new RunContext(matrix.plan(), dir, client, servers, uris,
          ChildJvm.current(), serverSettings), stop);
      PlanRunner runner = new PlanRunner(matrix, executor, writer, progress, failFast, dir.path(), stop);
      try {
        return runner.run(earlier);
      } finally {
        // the servers go back to the settings the user had, interrupted or not, before they stop
        serverSettings.restore().forEach(progress::note);
      }
    }
  }
}

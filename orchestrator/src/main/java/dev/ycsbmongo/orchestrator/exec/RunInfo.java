package dev.ycsbmongo.orchestrator.exec;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbmongo.orchestrator.OutputFiles;
import dev.ycsbmongo.orchestrator.plan.PlanOverrides;
import dev.ycsbmongo.orchestrator.results.RunDirectory;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code run.json}: where a run's plan came from (relative workload paths start there, so a
 * resume re-reads {@code plan.source.yaml} as if it were that file), the command line's
 * {@code --only} and {@code --set} and which targets had {@code --uri} (a resume applies the same, and
 * asks for those connection strings again: they are never stored), and when each session started.
 */
public record RunInfo(String planFile, String runId, String toolVersion, List<String> sessionsStarted,
    PlanOverrides.Recorded overrides) {

  private static final ObjectMapper JSON = new ObjectMapper();

  public RunInfo {
    sessionsStarted = List.copyOf(sessionsStarted);
    // a run.json written before overrides existed has none
    overrides = overrides == null ? PlanOverrides.NONE.recorded() : overrides;
  }

  public RunInfo(String planFile, String runId, String toolVersion, List<String> sessionsStarted) {
    this(planFile, runId, toolVersion, sessionsStarted, PlanOverrides.NONE.recorded());
  }

  public RunInfo withSession(String started) {
    List<String> s = new ArrayList<>(sessionsStarted);
    s.add(started);
    return new RunInfo(planFile, runId, toolVersion, s, overrides);
  }

  public void write(RunDirectory dir) throws IOException {
    OutputFiles.writeString(dir.file(RunDirectory.RUN_INFO), JSON.writerWithDefaultPrettyPrinter().writeValueAsString(this) + "\n");
  }

  public static RunInfo read(RunDirectory dir) throws IOException {
    return JSON.readValue(dir.file(RunDirectory.RUN_INFO).toFile(), RunInfo.class);
  }
}

package dev.ycsbmongo.orchestrator.exec;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbmongo.orchestrator.OutputFiles;
import dev.ycsbmongo.orchestrator.results.RunDirectory;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code run.json}: where a run's plan came from (relative workload paths start there, so a
 * resume re-reads {@code plan.source.yaml} as if it were that file) and when each session started.
 */
public record RunInfo(String planFile, String runId, String toolVersion, List<String> sessionsStarted) {

  private static final ObjectMapper JSON = new ObjectMapper();

  public RunInfo {
    sessionsStarted = List.copyOf(sessionsStarted);
  }

  public RunInfo withSession(String started) {
    List<String> s = new ArrayList<>(sessionsStarted);
    s.add(started);
    return new RunInfo(planFile, runId, toolVersion, s);
  }

  public void write(RunDirectory dir) throws IOException {
    OutputFiles.writeString(dir.file(RunDirectory.RUN_INFO), JSON.writerWithDefaultPrettyPrinter().writeValueAsString(this) + "\n");
  }

  public static RunInfo read(RunDirectory dir) throws IOException {
    return JSON.readValue(dir.file(RunDirectory.RUN_INFO).toFile(), RunInfo.class);
  }
}

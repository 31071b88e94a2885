package dev.ycsbmongo.orchestrator.cli;

import dev.ycsbmongo.orchestrator.exec.RunDirectory;
import dev.ycsbmongo.orchestrator.exec.SummaryFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code report RUN_DIR}: re-renders every output file from the stored results alone. */
@Command(name = "report", mixinStandardHelpOptions = true, showDefaultValues = true,
    description = "Re-renders RUN_DIR/summary.csv and summary.md from RUN_DIR/results.jsonl alone (byte for byte "
        + "what the run wrote), and prints the Markdown tables.")
final class ReportCommand implements Callable<Integer> {

  @Spec
  CommandSpec spec;

  @Parameters(index = "0", paramLabel = "RUN_DIR", description = "a run directory (results/<plan>-<time>/)")
  Path runDir;

  @Override
  public Integer call() throws IOException {
    RunDirectory dir = new RunDirectory(runDir);
    if (!Files.isRegularFile(dir.file(RunDirectory.RESULTS))) {
      throw new BadInputException(runDir + ": no " + RunDirectory.RESULTS + " here; expected a run directory made by 'run'");
    }
    for (String warning : SummaryFiles.write(dir)) {
      spec.commandLine().getErr().println("orchestrator: warning: " + warning);
    }
    spec.commandLine().getOut().print(Files.readString(dir.file(RunDirectory.SUMMARY_MD)));
    spec.commandLine().getOut().flush();
    return Main.OK;
  }
}

package dev.ycsbmongo.orchestrator.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code scripts/orchestrator}: the root command. The plan commands (run, validate, report) are
 * the next issue's work; until then it answers --help and --version and says so. Exit codes:
 * 0 success, 1 failure, 2 bad input; nothing below this class calls {@code System.exit}.
 */
@Command(name = "orchestrator", mixinStandardHelpOptions = true, version = "orchestrator 0.1.0-SNAPSHOT",
    description = {"Runs MongoDB benchmark studies as sequences of YCSB phases.",
        "The plan commands (run, validate, report) are not built yet; use scripts/ycsb meanwhile."})
public final class Main implements Callable<Integer> {

  static final int BAD_INPUT = 2;

  @Spec
  CommandSpec spec;

  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }

  static CommandLine commandLine() {
    CommandLine cl = new CommandLine(new Main());
    cl.setParameterExceptionHandler((e, args) -> {
      PrintWriter err = e.getCommandLine().getErr();
      err.println("orchestrator: " + e.getMessage() + " (see --help)");
      return BAD_INPUT;
    });
    return cl;
  }

  @Override
  public Integer call() {
    spec.commandLine().usage(spec.commandLine().getErr());
    return BAD_INPUT;
  }
}

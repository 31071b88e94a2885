package dev.ycsbmongo.orchestrator.cli;

import dev.ycsbmongo.binding.UriMasker;
import dev.ycsbmongo.orchestrator.OutputFiles;
import dev.ycsbmongo.orchestrator.plan.PlanException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/**
 * {@code scripts/orchestrator}: the root command. Exit codes: {@value #OK} every phase succeeded,
 * {@value #SOME_FAILED} some phases failed or did not run (the rest ran), {@value #BAD_INPUT} bad
 * input (plan, options, unreachable target in validate). Every exception becomes one line here (an
 * unexpected one followed by its stack trace when {@code -v} asks for it); nothing below this class calls
 * {@code System.exit} or prints a stack trace.
 */
@Command(name = "orchestrator", mixinStandardHelpOptions = true, versionProvider = VersionLine.class,
    description = "Runs MongoDB benchmark studies (targets x scenarios x threads x settings) as sequences of YCSB phases;"
        + " connections runs one connection stress without a plan.",
    subcommands = {RunCommand.class, ValidateCommand.class, ReportCommand.class, ConnectionsCommand.class,
        InitCommand.class, AutoComplete.GenerateCompletion.class},
    footer = {"", "Examples:",
        "  scripts/orchestrator validate workloads/plans/quickstart.yaml",
        "  scripts/orchestrator run workloads/plans/quickstart.yaml",
        "  scripts/orchestrator run mine.yaml --uri main=env:MY_URI --only scenario=rw-95-5",
        "  scripts/orchestrator init --study thread-sweep --uri env:MY_URI -o mine.yaml",
        "  scripts/orchestrator run --resume results/quickstart-20261126-090000",
        "  scripts/orchestrator report results/quickstart-20261126-090000 --compare threads=1,8",
        "  source <(scripts/orchestrator generate-completion)    # completion in bash or zsh",
        "", "Exit status: 0 all phases succeeded, 1 some phases failed, 2 bad input."})
public final class Main implements Callable<Integer> {

  static final int OK = 0;
  static final int SOME_FAILED = 1;
  static final int BAD_INPUT = 2;

  @Spec
  CommandSpec spec;

  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }

  static CommandLine commandLine() {
    CommandLine cl = new CommandLine(new Main());
    cl.getSubcommands().get("generate-completion").getCommandSpec().usageMessage().footer("", "Examples:",
        "  source <(scripts/orchestrator generate-completion)",
        "  scripts/orchestrator generate-completion > ~/.local/share/bash-completion/completions/orchestrator");
    cl.setParameterExceptionHandler((e, args) -> {
      PrintWriter err = e.getCommandLine().getErr();
      err.println("orchestrator: " + UriMasker.mask(e.getMessage()) + " (see --help)");
      return BAD_INPUT;
    });
    cl.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
      PrintWriter err = commandLine.getErr();
      if (e instanceof PlanException || e instanceof BadInputException) {
        err.println("orchestrator: " + UriMasker.mask(e.getMessage()));
        return BAD_INPUT;
      }
      if (e instanceof OutputFiles.WriteFailed) {
        err.println("orchestrator: " + UriMasker.mask(e.getMessage()));  // already the whole story: file, cause, space
        return SOME_FAILED;
      }
      err.println("orchestrator: " + UriMasker.mask(String.valueOf(e.getMessage())) + " (" + e.getClass().getSimpleName() + ")");
      if (Verbosity.verbose(commandLine.getCommandSpec())) {
        err.print(UriMasker.mask(stackTrace(e)));  // asked for with -v: what a bug report needs
      }
      return SOME_FAILED;
    });
    return cl;
  }

  private static String stackTrace(Throwable e) {
    java.io.StringWriter w = new java.io.StringWriter();
    e.printStackTrace(new PrintWriter(w));
    return w.toString();
  }

  @Override
  public Integer call() {
    spec.commandLine().usage(spec.commandLine().getErr());
    return BAD_INPUT;
  }
}

package dev.ycsbmongo.orchestrator.cli;

import dev.ycsbmongo.binding.UriMasker;
import dev.ycsbmongo.orchestrator.check.PlanCheck;
import dev.ycsbmongo.orchestrator.exec.PlanRunner;
import dev.ycsbmongo.orchestrator.exec.RunInfo;
import dev.ycsbmongo.orchestrator.exec.RunLock;
import dev.ycsbmongo.orchestrator.exec.RunSession;
import dev.ycsbmongo.orchestrator.plan.Defaults;
import dev.ycsbmongo.orchestrator.plan.Matrix;
import dev.ycsbmongo.orchestrator.plan.PlanOverrides;
import dev.ycsbmongo.orchestrator.plan.PlanText;
import dev.ycsbmongo.orchestrator.plan.Target;
import dev.ycsbmongo.orchestrator.process.HostLimits;
import dev.ycsbmongo.orchestrator.process.StopSignal;
import dev.ycsbmongo.orchestrator.report.SummaryFiles;
import dev.ycsbmongo.orchestrator.results.RunDirectory;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code run PLAN} and {@code run --resume RUN_DIR}. */
@Command(name = "run", mixinStandardHelpOptions = true, showDefaultValues = true,
    description = {"Runs every phase of a plan, one child YCSB JVM per phase, appending one record per phase "
        + "to RUN_DIR/results.jsonl, then rendering from it RUN_DIR/summary.csv and summary.md, the plan's "
        + "comparisons (report.compare), charts/ and report.html.",
        "Ctrl-C stops the running phase (recorded as interrupted) and keeps everything measured; "
            + "--resume RUN_DIR then runs only the phases without a successful record."},
    footer = {"", "Examples:",
        "  scripts/orchestrator run workloads/plans/quickstart.yaml",
        "  scripts/orchestrator run -q -o /data/results workloads/plans/data-scale.yaml",
        "  scripts/orchestrator run --fail-fast --progress plain workloads/plans/instance-sizes.yaml",
        "  scripts/orchestrator run --resume results/quickstart-20261126-090000"})
final class RunCommand implements Callable<Integer> {

  @Spec
  CommandSpec spec;

  @Parameters(index = "0", arity = "0..1", paramLabel = "PLAN", description = "plan file (YAML or JSON); "
      + "with --resume, optional: the run directory's own copy is used by default")
  Path planFile;

  @Option(names = "--resume", paramLabel = "RUN_DIR", description = "resume this run directory: run only the "
      + "phases without a successful record")
  Path resumeDir;

  @Option(names = {"-o", "--output-dir"}, paramLabel = "DIR", defaultValue = "results",
      description = "where new run directories are created (<plan>-<yyyyMMdd-HHmmss>/)")
  Path outputRoot;

  @Option(names = "--allow-large-matrix", description = "run a plan of more than " + Defaults.MAX_PHASES
      + " phases (refused by default as too large to be meant; validate prints the count and a duration estimate)")
  boolean allowLargeMatrix;

  @Option(names = "--fail-fast", description = "stop at the first failed phase (default: record it and go on)")
  boolean failFast;

  @Option(names = "--progress", paramLabel = "MODE", defaultValue = "auto",
      description = "progress on stderr: auto (a live line on a terminal, plain lines elsewhere), live, plain, none")
  ProgressMode progressMode;

  enum ProgressMode { auto, live, plain, none }

  @Mixin
  PlanOverrideOptions overrideOptions = new PlanOverrideOptions();

  /** The overrides this run reads its plan with: the command line's, or on a resume the ones it started with. */
  private PlanOverrides overrides = PlanOverrides.NONE;

  @Mixin(name = Verbosity.MIXIN)
  Verbosity verbosity = new Verbosity();

  @Mixin
  MetricsOptions metrics;

  @Override
  public Integer call() throws IOException, InterruptedException {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    RunDirectory dir;
    Matrix matrix;
    RunLock lock = null;
    try (MetricsOptions endpoint = metrics) {
      endpoint.start(err);
      if (resumeDir != null) {
        dir = existingRun(resumeDir);
        // taken before the plan is read again: a second writer must not even start
        lock = RunLocks.take(dir, resumeDir, "run --resume", err);
        matrix = resumedMatrix(dir);
      } else {
        if (planFile == null) {
          throw new BadInputException("run: give a PLAN file, or --resume RUN_DIR (see run --help)");
        }
        String text = PlanFiles.read(planFile);
        overrides = overrideOptions.resolve(System::getenv);
        matrix = checked(text, planFile);
        dir = OutputDirectory.create(outputRoot, matrix.plan().name());
        lock = RunLocks.take(dir, dir.path(), "run", err);
        RunSession.writePlanFiles(dir, matrix, text, overrides.recorded());
      }
      return run(matrix, dir, lock, out, err);
    } finally {
      if (lock != null) {
        lock.close();
      }
    }
  }

  private int run(Matrix matrix, RunDirectory dir, RunLock lock, PrintWriter out, PrintWriter err) throws IOException {
    StopSignal stop = new StopSignal();
    RunSession session = new RunSession(matrix, dir, metrics.listener(progress(err)), failFast,
        new ConsolePrompt(err, System.in), stop, SummaryFiles::write);
    // before any child starts: a signal must still stop the run once the children hold every thread the host allows
    Interrupts interrupts = Interrupts.install(stop, Duration.ofSeconds(60));
    PlanRunner.Outcome outcome;
    try {
      outcome = session.run();
    } finally {
      try {
        lock.close();  // before the JVM may end: a Ctrl-C'd run leaves no holder behind
      } finally {
        interrupts.close();
      }
    }
    Path md = dir.file(RunDirectory.SUMMARY_MD);
    if (Files.exists(md) && !verbosity.quiet) {
      out.print(Files.readString(md, StandardCharsets.UTF_8));
    }
    out.println();
    RunEnding.lines(dir, matrix).forEach(out::println);
    String resume = resumeCommand(dir);
    out.println("results: " + dir.path() + " (" + (outcome.interrupted() ? "interrupted; resume with: " + resume
        : outcome.targetDown() != null && outcome.targetUnusable() ? "stopped: target "
        + outcome.targetDown() + " cannot be used; once that is fixed, resume with: " + resume
        : outcome.targetDown() != null ? "stopped: target " + outcome.targetDown() + " is not answering;"
        + " once it is back, resume with: " + resume
        : outcome.allSucceeded() ? "every phase succeeded" : notAllSucceeded(outcome) + "; resume with: " + resume)
        + ")");
    out.flush();
    return interrupts.exitStatus().orElse(outcome.allSucceeded() ? Main.OK : Main.SOME_FAILED);
  }

  /**
   * {@code run --resume DIR}, and {@code --uri NAME=URI} for each target whose connection string was given on the
   * command line: those are never stored, so the resume asks for them again (the URI itself is not printed).
   */
  private String resumeCommand(RunDirectory dir) {
    StringBuilder command = new StringBuilder("run --resume " + dir.path());
    overrides.uris().keySet().forEach(name -> command.append(" --uri ").append(name).append("=URI"));
    return command.toString();
  }

  /** E.g. "1 phase(s) failed, unstable or on a busy client host, 2 skipped (see Status)". */
  static String notAllSucceeded(PlanRunner.Outcome outcome) {
    String failed = outcome.failed() + " phase(s) failed, unstable or on a busy client host";
    if (outcome.skipped() == 0) {
      return failed;
    }
    String skipped = outcome.skipped() + " phase(s) skipped (their Status says why)";
    return outcome.failed() == 0 ? skipped : failed + ", " + skipped;
  }

  /** The plan's matrix once every check validate makes has passed (the same checks, the same path). */
  private Matrix checked(String text, Path source) {
    PlanCheck.Checked checked = PlanCheck.load(text, source, System.getenv(), new PlanCheck.Options(allowLargeMatrix,
        HostLimits.current(), overrides));
    checked.warnings().forEach(w -> spec.commandLine().getErr().println("orchestrator: warning: " + w));
    checked.notes().forEach(n -> spec.commandLine().getErr().println("orchestrator: note: " + n));
    return checked.matrix();
  }

  private ConsoleProgress progress(PrintWriter err) {
    if (verbosity.quiet) {
      return new ConsoleProgress(err, false).quiet();
    }
    return switch (progressMode) {
      case live -> new ConsoleProgress(err, true);
      case plain -> new ConsoleProgress(err, false).withTicker();
      case none -> new ConsoleProgress(new PrintWriter(java.io.OutputStream.nullOutputStream()), false);
      case auto -> new ConsoleProgress(err, System.console() != null).withTicker();
    };
  }

  static RunDirectory existingRun(Path path) {
    RunDirectory dir = new RunDirectory(path);
    if (!Files.isRegularFile(dir.file(RunDirectory.RUN_INFO)) || !Files.isRegularFile(dir.file(RunDirectory.PLAN_SOURCE))) {
      throw new BadInputException(path + ": not a run directory (no " + RunDirectory.RUN_INFO + " and "
          + RunDirectory.PLAN_SOURCE + "); expected a directory made by 'run', like results/<plan>-<time>/");
    }
    return dir;
  }

  /**
   * The plan of a resumed run: PLAN when given, else the run's own copy read as if it were the
   * original file (relative workload paths start there). The expansion must hold every phase
   * already recorded, or the resumed tables would mix two plans.
   */
  private Matrix resumedMatrix(RunDirectory dir) throws IOException {
    Matrix m;
    overrides = overrideOptions.forResume(RunInfo.read(dir).overrides(), System::getenv, dir.path());
    if (planFile != null) {
      m = checked(PlanFiles.read(planFile), planFile);
    } else {
      RunInfo info = RunInfo.read(dir);
      String text = PlanText.read(dir.file(RunDirectory.PLAN_SOURCE));
      m = checked(text, Path.of(info.planFile()));
      for (Target t : m.plan().targets()) {
        if (!t.isEmbedded() && t.uri().contains(UriMasker.MASK) && !overrides.uris().containsKey(t.name())) {
          throw new BadInputException(dir.file(RunDirectory.PLAN_SOURCE) + ": target " + t.name()
              + " had its password written in the plan, which runs never store; give the plan file again "
              + "(run --resume " + dir.path() + " PLAN) or write the password as ${ENV_VAR}");
        }
      }
    }
    return m;
  }
}

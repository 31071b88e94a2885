package dev.ycsbmongo.orchestrator.cli;

import dev.ycsbmongo.orchestrator.check.PlanCheck;
import dev.ycsbmongo.orchestrator.exec.EmbeddedTargets;
import dev.ycsbmongo.orchestrator.plan.Defaults;
import dev.ycsbmongo.orchestrator.plan.Matrix;
import dev.ycsbmongo.orchestrator.plan.MatrixPrinter;
import dev.ycsbmongo.orchestrator.plan.ServerKeys;
import dev.ycsbmongo.orchestrator.plan.Target;
import dev.ycsbmongo.orchestrator.plan.UntimedWork;
import dev.ycsbmongo.orchestrator.process.HostLimits;
import dev.ycsbmongo.orchestrator.process.TargetProbe;
import dev.ycsbmongo.orchestrator.replset.TopologyLabels;
import dev.ycsbmongo.orchestrator.results.ServerInfo;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.OptionalDouble;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code validate PLAN}: the checks {@code run} makes ({@link PlanCheck}), then the matrix printed and
 * every target probed, running nothing.
 */
@Command(name = "validate", mixinStandardHelpOptions = true, showDefaultValues = true,
    description = "Checks a plan as run does (the same checks: keys and values, YCSB core properties, workloads, "
        + "rampUp, connection-string options, threads this machine can host, matrix size), prints every phase in "
        + "order with its resolved properties (passwords masked) and the phase count and duration estimate, and "
        + "checks that every target answers (server version, topology). Runs no phase.",
    footer = {"", "Examples:",
        "  scripts/orchestrator validate workloads/plans/quickstart.yaml",
        "  scripts/orchestrator validate --no-probe --assume-rate 20000 workloads/plans/data-scale.yaml",
        "  scripts/orchestrator validate --json workloads/plans/instance-sizes.yaml | jq '.targets[] | select(.usable | not)'",
        "", "Exit status: 0 the plan may run and every target answered, 2 a check failed (one line on stderr)."})
final class ValidateCommand implements Callable<Integer> {

  @Spec
  CommandSpec spec;

  @Parameters(index = "0", paramLabel = "PLAN", description = "plan file (YAML or JSON)")
  Path planFile;

  @Option(names = "--no-probe", description = "do not contact the targets")
  boolean noProbe;

  @Option(names = "--allow-large-matrix", description = "accept a plan of more than "
      + Defaults.MAX_PHASES + " phases (refused by default as too large to be meant)")
  boolean allowLargeMatrix;

  @Option(names = "--assume-rate", paramLabel = "OPS_PER_S",
      description = "operations (inserts included) per second to assume for the phases without maxexecutiontime,"
          + " for a duration estimate of the loads and runs that last as long as their counts take (e.g. a load's"
          + " throughput in an earlier run); without it validate says their counts only")
  Double assumedRate;

  @Option(names = "--probe-timeout", paramLabel = "MS", defaultValue = "10000",
      description = "how long to wait for each target (ms)")
  int probeTimeoutMillis;

  @Mixin
  PlanOverrideOptions overrideOptions = new PlanOverrideOptions();

  @Option(names = "--json", description = "print what validate found as one JSON document on stdout (valid, error,"
      + " phases with their properties, size, warnings, targets) instead of text; errors still go to stderr too")
  boolean json;

  @Mixin(name = Verbosity.MIXIN)
  Verbosity verbosity = new Verbosity();

  /** What --json prints; filled in text mode too, where nobody reads it. */
  private ValidateJson found;

  @Override
  public Integer call() {
    found = new ValidateJson(planFile);
    if (!json) {
      return validate(verbosity.quiet ? new PrintWriter(java.io.Writer.nullWriter()) : spec.commandLine().getOut());
    }
    PrintWriter stdout = spec.commandLine().getOut();
    try {
      int status = validate(new PrintWriter(java.io.Writer.nullWriter()));
      stdout.println(found.render(status == Main.OK, !noProbe));
      return status;
    } catch (RuntimeException e) {
      stdout.println(found.refused(String.valueOf(e.getMessage())));
      throw e;  // and its one line on stderr, as without --json
    } finally {
      stdout.flush();
    }
  }

  private int validate(PrintWriter out) {
    if (assumedRate != null && !(assumedRate > 0 && Double.isFinite(assumedRate))) {
      throw new BadInputException("--assume-rate " + assumedRate + ": expected operations per second, a number"
          + " above 0 (e.g. --assume-rate 20000)");
    }
    // the checks come before any output: a refused plan prints its one line and nothing else
    PlanCheck.Checked checked = PlanCheck.load(PlanFiles.read(planFile), planFile, System.getenv(),
        new PlanCheck.Options(allowLargeMatrix, HostLimits.current(), overrideOptions.resolve(System::getenv)));
    Matrix matrix = checked.matrix();
    checked.warnings().forEach(this::warn);
    checked.notes().forEach(n -> spec.commandLine().getErr().println("orchestrator: note: " + n));
    out.print(MatrixPrinter.render(matrix));
    out.println();
    out.println("size: " + checked.size().describe());
    String untimed = UntimedWork.of(matrix).describe(assumedRate == null ? OptionalDouble.empty()
        : OptionalDouble.of(assumedRate));
    if (!untimed.isEmpty()) {
      out.println(untimed);
    }
    found.matrix(matrix, checked.size(), untimed);
    out.flush();
    if (noProbe) {
      return Main.OK;
    }
    int unreachable = 0;
    try (EmbeddedTargets uris = new EmbeddedTargets(matrix.plan())) {
      for (Target t : matrix.plan().targets()) {
        ServerInfo s = TargetProbe.probe(uris.uri(t.name()), t.isEmbedded(), probeTimeoutMillis);
        found.target(t, s);
        if (s.probeError() == null) {
          out.println("target " + t.name() + ": " + s.describe());
          long needSet = matrix.phases().stream().filter(p -> p.target().equals(t.name())
              && p.serverSettings().containsKey(ServerKeys.CHAINING_ALLOWED)).count();
          if (needSet > 0 && !"replica set".equals(s.topology())) {
            // not bad input: the plan is fine, but these cells will not measure what it asks
            warn("target " + t.name() + " is " + s.topology()
                + ", not a replica set: its " + needSet + " phase(s) with " + ServerKeys.CHAINING_ALLOWED
                + " will fail (server.apply auto), run unverified on your word (manual) or be skipped (skip)");
          }
          java.util.Set<String> topology = TopologyLabels.claimed(t.labels()).keySet();
          if (!topology.isEmpty() && !"replica set".equals(s.topology())) {
            warn("target " + t.name() + " is " + s.topology()
                + ", not a replica set: its label(s) " + String.join(", ", topology) + " cannot be confirmed, and"
                + " its cells will be marked unverified");
          }
        } else {
          unreachable++;
          spec.commandLine().getErr().println("orchestrator: " + planFile + ": target " + t.name() + " ("
              + t.maskedUri() + ") cannot be used: " + s.probeError());
        }
      }
    }
    out.flush();
    return unreachable == 0 ? Main.OK : Main.BAD_INPUT;
  }

  /** A warning: on stderr, and in the JSON document. */
  private void warn(String warning) {
    spec.commandLine().getErr().println("orchestrator: warning: " + warning);
    found.warning(warning);
  }
}

package dev.ycsbmongo.orchestrator.cli;

import dev.ycsbmongo.orchestrator.exec.Replay;
import dev.ycsbmongo.orchestrator.exec.RunLock;
import dev.ycsbmongo.orchestrator.plan.CellProperty;
import dev.ycsbmongo.orchestrator.plan.CompareSpec;
import dev.ycsbmongo.orchestrator.plan.CompareSpecException;
import dev.ycsbmongo.orchestrator.plan.PairingRules;
import dev.ycsbmongo.orchestrator.plan.Plan;
import dev.ycsbmongo.orchestrator.plan.PlanLoader;
import dev.ycsbmongo.orchestrator.plan.PublishedTable;
import dev.ycsbmongo.orchestrator.report.SummaryFiles;
import dev.ycsbmongo.orchestrator.report.compare.Comparison;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.ResultsReader;
import dev.ycsbmongo.orchestrator.results.RunDirectory;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code report RUN_DIR}: re-renders every output file from the stored results alone. With
 * {@code --compare} or {@code --against} it compares instead: prints each comparison's Markdown and
 * writes it beside the run's files, leaving summary.csv/.md as they are.
 */
@Command(name = "report", mixinStandardHelpOptions = true, showDefaultValues = true,
    description = "Re-renders RUN_DIR/summary.csv, summary.md, the plan's and remembered comparisons, charts/ and "
        + "report.html from RUN_DIR/results.jsonl alone (byte for byte what the run wrote), and prints the Markdown "
        + "tables. With --compare/--against: prints the comparison and writes RUN_DIR/comparison-<by>-<a>-vs-<b>.md "
        + "and .csv instead, adds them to RUN_DIR/report.html, and remembers a within-run one in "
        + "RUN_DIR/comparisons.txt for later redraws.",
    footer = {"", "Examples:",
        "  scripts/orchestrator report results/quickstart-20261126-090000",
        "  scripts/orchestrator report results/RUN --compare server.chainingAllowed=true,false",
        "  scripts/orchestrator report results/RUN_A --against results/RUN_B",
        "  scripts/orchestrator report --replay workloads/published/instance-sizes.yaml results/replay-1"})
final class ReportCommand implements Callable<Integer> {

  @Spec
  CommandSpec spec;

  @Mixin(name = Verbosity.MIXIN)
  Verbosity verbosity = new Verbosity();

  @Parameters(index = "0", paramLabel = "RUN_DIR", description = "a run directory (results/<plan>-<time>/); with"
      + " --replay, the directory to write the replay to")
  Path runDir;

  @Option(names = "--compare", paramLabel = "BY=A,B", description = "compare the cells with BY=A against those with "
      + "BY=B (BY: a coordinate such as server.chainingAllowed or threadcount, a target label such as storage, target, "
      + "or run with --against); repeatable")
  List<String> compare = new ArrayList<>();

  @Option(names = "--differing", paramLabel = "PROPERTY", split = ",", description = "accept pairs whose cells ran "
      + "with different values of these (threads, clients, recordcount, operationcount) and show both values; by "
      + "default such pairs are not compared (a comparison the run's plan names keeps the plan's differing and rangesOver unless "
      + "--differing or --ranges-over is given)")
  List<String> differing = new ArrayList<>();

  @Option(names = "--ranges-over", paramLabel = "KEY", split = ",", description = "also take each change's range per "
      + "value of these target labels or coordinates across all run scenarios (e.g. ratio)")
  List<String> rangesOver = new ArrayList<>();

  @Option(names = "--describes", paramLabel = "LABEL", split = ",", description = "target labels that describe a "
      + "target (e.g. cores, ram) rather than tell cells apart: not matched when pairing, each pair shows both values "
      + "(added to the run's plan's report.describes)")
  List<String> describes = new ArrayList<>();

  @Option(names = "--against", paramLabel = "RUN_DIR_B", description = "a second run directory: B's cells come from "
      + "it; without --compare, BY is run (A = RUN_DIR's name, B = RUN_DIR_B's)")
  Path against;

  @Option(names = "--replay", paramLabel = "PUBLISHED", description = "a document's published figures (YAML: source,"
      + " plan, cells; see docs/reports.md, Replaying a published table): writes them to RUN_DIR as replayed records of the"
      + " plan's cells (never as measured) and renders every report from them, so that a published table is restated"
      + " by our tables and comparisons, and a run can be compared with it (report MY_RUN --against RUN_DIR)")
  Path replay;

  @Option(names = "--plan", paramLabel = "PLAN", description = "with --replay: the plan whose cells the published"
      + " figures stand for (default: the file's own plan key)")
  Path plan;

  @Override
  public Integer call() throws IOException {
    if (replay != null) {
      return replay();
    }
    if (plan != null) {
      throw new BadInputException("--plan names the plan of a --replay; give --replay PUBLISHED with it");
    }
    RunDirectory dir = runDirectory(runDir);
    // it rewrites the run's files: never while a run (or another report) writes them
    try (RunLock lock = RunLocks.take(dir, runDir, "report", spec.commandLine().getErr())) {
      return report(dir);
    }
  }

  private int report(RunDirectory dir) throws IOException {
    if (compare.isEmpty() && against == null) {
      if (!differing.isEmpty() || !rangesOver.isEmpty() || !describes.isEmpty()) {
        throw new BadInputException("--differing, --ranges-over and --describes shape a comparison; give --compare BY=A,B"
            + " (or --against RUN_DIR_B) with them");
      }
      read(dir);  // refuses a file without records before any output file is rewritten
      for (String warning : SummaryFiles.write(dir)) {
        warn(warning);
      }
      if (!verbosity.quiet) {
        spec.commandLine().getOut().print(Files.readString(dir.file(RunDirectory.SUMMARY_MD)));
        spec.commandLine().getOut().flush();
      }
      return Main.OK;
    }
    RunDirectory dirB = against == null ? null : runDirectory(against);
    List<PhaseResult> a = warned(read(dir));
    List<PhaseResult> b = dirB == null ? a : warned(read(dirB));
    // Parse and compute every comparison before writing any, so bad input leaves no files behind.
    List<Comparison> comparisons = new ArrayList<>();
    try {
      List<CompareSpec> specs = new ArrayList<>();
      compare.forEach(text -> specs.add(CompareSpec.parse(text)));
      if (specs.isEmpty()) {
        specs.add(new CompareSpec(CompareSpec.RUN, name(dir, dirB, true), name(dir, dirB, false)));
      }
      PairingRules rules = rules();
      List<String> described = describes(a, b);
      for (CompareSpec s : specs) {
        // without --differing/--ranges-over, a comparison the plan names keeps the plan's rules
        PairingRules r = rules.isDefault() && dirB == null ? SummaryFiles.planRules(dir, s)
            : rules.describing(SummaryFiles.planDescribes(dir));
        comparisons.add(Comparison.of(a, b, s, r.describing(described)));
      }
    } catch (CompareSpecException e) {
      String m = e.getMessage();
      throw new BadInputException(m.startsWith("rangesOver: ") ? "--ranges-over: " + m.substring(12) : "--compare: " + m);
    }
    PrintWriter out = spec.commandLine().getOut();
    for (Comparison c : comparisons) {
      String md = SummaryFiles.writeComparison(dir, c);
      if (!verbosity.quiet) {
        out.print(md);
      }
      if (dirB == null) {
        SummaryFiles.remember(dir, c.spec(), c.rules());  // a comparison of two runs cannot be redrawn from one
      }
    }
    SummaryFiles.writeHtml(dir);  // the page shows every comparison made of this run
    out.flush();
    return Main.OK;
  }

  /** {@code --replay}: the published figures as a run directory of replayed records, and its reports. */
  private int replay() throws IOException {
    if (!compare.isEmpty() || against != null || !differing.isEmpty() || !rangesOver.isEmpty()) {
      throw new BadInputException("--replay writes a directory of its own; compare it afterwards with report RUN_DIR"
          + " --against " + runDir);
    }
    PublishedTable table = PublishedTable.read(replay);
    Path planFile = plan != null ? plan : table.plan().orElseThrow(() -> new BadInputException(replay
        + ": names no plan; give --plan PLAN (the plan whose cells the figures stand for) or a plan key in the file"));
    Plan loaded = PlanLoader.load(planFile, Replay.ANY_ENVIRONMENT);
    List<PhaseResult> records = Replay.records(Replay.expand(loaded), table);
    Files.createDirectories(runDir);
    RunDirectory dir = new RunDirectory(runDir);
    List<String> warnings;
    try (RunLock lock = RunLocks.take(dir, runDir, "report", spec.commandLine().getErr())) {
      Replay.write(dir, loaded, records);
      warnings = SummaryFiles.write(dir);
    }
    warnings.forEach(this::warn);
    PrintWriter out = spec.commandLine().getOut();
    out.print(Files.readString(dir.file(RunDirectory.SUMMARY_MD)));
    out.println();
    out.println("Replayed " + records.size() + " published cells of " + replay + " on plan " + loaded.name()
        + " into " + runDir + " (not measured); compare a run with them: scripts/orchestrator report RUN_DIR --against "
        + runDir);
    out.flush();
    return Main.OK;
  }

  /** --differing and --ranges-over; an unknown property is bad input naming the choices. */
  private PairingRules rules() {
    Set<CellProperty> accepted = new LinkedHashSet<>();
    for (String word : differing) {
      accepted.add(CellProperty.named(word).orElseThrow(() -> new BadInputException("--differing: '" + word.strip()
          + "' is not a property a pair may differ in; accepted: " + CellProperty.ACCEPTED)));
    }
    List<String> keys = rangesOver.stream().map(String::strip).filter(k -> !k.isEmpty()).distinct().toList();
    return new PairingRules(accepted, keys);
  }

  /** --describes: each a label of some target of the compared runs; one that is not is bad input naming the choices. */
  private List<String> describes(List<PhaseResult> a, List<PhaseResult> b) {
    List<String> labels = java.util.stream.Stream.concat(a.stream(), b.stream())
        .flatMap(r -> r.target().labels().keySet().stream()).distinct().toList();
    List<String> out = new ArrayList<>();
    for (String word : describes) {
      String label = word.strip();
      if (label.isEmpty()) {
        continue;
      }
      if (!labels.contains(label)) {
        throw new BadInputException("--describes: '" + label + "' is not a label of any target of this run; "
            + (labels.isEmpty() ? "its targets have no labels" : "accepted: " + String.join(", ", labels)));
      }
      out.add(label);
    }
    return out;
  }

  private static RunDirectory runDirectory(Path path) {
    RunDirectory dir = new RunDirectory(path);
    if (!Files.isRegularFile(dir.file(RunDirectory.RESULTS))) {
      throw new BadInputException(path + ": no " + RunDirectory.RESULTS + " here; expected a run directory made by 'run'");
    }
    return dir;
  }

  /**
   * The run's records; a file without any (empty, or only lines that are not records) is bad input, after the
   * warnings that name its skipped lines: there is nothing to report, and a report of no rows would only raise
   * warnings about the plan's comparisons.
   */
  private ResultsReader.Read read(RunDirectory dir) throws IOException {
    ResultsReader.Read read = ResultsReader.read(dir.path());
    if (read.results().isEmpty()) {
      warned(read);
      throw new BadInputException("no records in " + dir.file(RunDirectory.RESULTS) + (read.skipped().isEmpty()
          ? "" : " (" + read.skipped().size() + " line(s) skipped, above)") + "; a run appends one as each phase ends");
    }
    return read;
  }

  private List<PhaseResult> warned(ResultsReader.Read read) {
    read.warnings().forEach(this::warn);
    return read.results();
  }

  /** A run's name for BY=run: its directory's name, or its whole path when both directories share a name. */
  private static String name(RunDirectory a, RunDirectory b, boolean first) {
    String nameA = a.path().getFileName().toString();
    String nameB = b.path().getFileName().toString();
    if (nameA.equals(nameB)) {
      return (first ? a : b).path().toString();
    }
    return first ? nameA : nameB;
  }

  private void warn(String warning) {
    spec.commandLine().getErr().println("orchestrator: warning: " + warning);
  }
}

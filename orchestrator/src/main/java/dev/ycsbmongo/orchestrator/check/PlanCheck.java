package dev.ycsbmongo.orchestrator.check;

import dev.ycsbmongo.binding.CoreProperties;
import dev.ycsbmongo.binding.Keys;
import dev.ycsbmongo.orchestrator.plan.Backend;
import dev.ycsbmongo.orchestrator.plan.Defaults;
import dev.ycsbmongo.orchestrator.plan.Durations;
import dev.ycsbmongo.orchestrator.plan.LoadedPlan;
import dev.ycsbmongo.orchestrator.plan.Matrix;
import dev.ycsbmongo.orchestrator.plan.MatrixSize;
import dev.ycsbmongo.orchestrator.plan.Phase;
import dev.ycsbmongo.orchestrator.plan.PhaseKind;
import dev.ycsbmongo.orchestrator.plan.Plan;
import dev.ycsbmongo.orchestrator.plan.PlanException;
import dev.ycsbmongo.orchestrator.plan.PlanExpander;
import dev.ycsbmongo.orchestrator.plan.PlanLoader;
import dev.ycsbmongo.orchestrator.plan.PlanOrigins.Origin;
import dev.ycsbmongo.orchestrator.plan.PlanOrigins;
import dev.ycsbmongo.orchestrator.plan.PlanOverrides;
import dev.ycsbmongo.orchestrator.plan.PropertyRules;
import dev.ycsbmongo.orchestrator.process.HostLimits;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The one path from a plan file to a matrix that may run: {@code validate} and {@code run} (new
 * or resumed) both come through here, so validate refuses exactly what run would. Refusals are
 * {@link PlanException}s, one line naming the file and, where the plan set the value, its line.
 *
 * <p>Order: load (keys, values, connection-string options), size by arithmetic (a huge matrix is
 * refused before it is built), expand, then each phase as YCSB will see it (workload file with
 * the plan's values on top): a workload at all, YCSB's core property rules, threads this
 * machine can host, a ramp-up shorter than the phase, a phase that ends before its timeout;
 * last the connection-stress cells ({@link PlanPreflight}). The shaped tables' keys
 * ({@code report.tables}) are checked against the expanded cells first ({@link PlanTableCheck}).
 */
public final class PlanCheck {

  /**
   * @param allowLargeMatrix the user confirmed a matrix above {@link Defaults#MAX_PHASES}
   * @param host this machine's limits (tests stand in their own)
   * @param overrides the command line's --uri, --only and --set, applied as the plan is read
   */
  public record Options(boolean allowLargeMatrix, HostLimits host, PlanOverrides overrides) {

    public Options(boolean allowLargeMatrix, HostLimits host) {
      this(allowLargeMatrix, host, PlanOverrides.NONE);
    }

    public static Options defaults() {
      return new Options(false, HostLimits.current());
    }
  }

  /**
   * A plan that may run: its phases and their size, what it may not measure as meant (one line
   * each, for the console): comparisons that will refuse pairs whose cells run differently, and notes on how
   * it was read (a workload path found in the project's workloads/ rather than beside the plan).
   */
  public record Checked(Matrix matrix, MatrixSize size, List<String> warnings, List<String> notes) {
    public Checked {
      warnings = List.copyOf(warnings);
      notes = List.copyOf(notes);
    }

    public Checked(Matrix matrix, MatrixSize size, List<String> warnings) {
      this(matrix, size, warnings, List.of());
    }
  }

  private static final String WORKLOAD = "workload";
  private static final String OPERATION_COUNT = CoreProperties.OPERATION_COUNT;
  private static final String MAX_EXECUTION_TIME = CoreProperties.MAX_EXECUTION_TIME;

  private final LoadedPlan loaded;
  private final Plan plan;
  private final PlanOrigins origins;
  private final Options options;
  /** This machine's thread ceiling by the number of client JVMs a cell starts, read once each. */
  private final Map<Integer, Optional<HostLimits.ThreadCeiling>> ceilings = new java.util.HashMap<>();

  private PlanCheck(LoadedPlan loaded, Options options) {
    this.loaded = loaded;
    this.plan = loaded.plan();
    this.origins = new PlanOrigins(loaded);
    this.options = options;
  }

  /** Reads {@code text} as the plan {@code source} and checks it all. */
  public static Checked load(String text, Path source, Map<String, String> env, Options options) {
    return check(PlanLoader.loadWithLines(text, source, env, options.overrides()), options);
  }

  public static Checked check(LoadedPlan loaded, Options options) {
    return new PlanCheck(loaded, options).run();
  }

  private Checked run() {
    MatrixSize size = MatrixSize.of(plan);
    refuseIfTooLarge(size);
    Matrix matrix = PlanExpander.expand(plan);
    size = size.exactly(matrix.phases().size());
    refuseIfTooLarge(size);
    PlanTableCheck.check(plan, matrix.phases());
    Set<String> seen = new HashSet<>();
    for (Phase phase : matrix.phases()) {
      // repetitions and phases alike in everything checked here are checked once
      if (seen.add(phase.kind() + "|" + phase.scenario() + "|" + phase.workload() + "|" + phase.properties() + "|"
          + phase.distribution().clients() + "|" + phase.distribution().backend())) {
        check(phase);
      }
    }
    List<String> unreachable = PlanPreflight.distributionProblems(matrix);
    if (!unreachable.isEmpty()) {
      Origin backend = origins.path("execution.backend").orElse(new Origin(null, 0));
      throw PlanException.at(plan.source(), backend.line(), backend.path(), unreachable.get(0)
          + (unreachable.size() > 1 ? " (and " + (unreachable.size() - 1) + " more such targets)" : ""));
    }
    List<String> warnings = new java.util.ArrayList<>(notRunnableHere(matrix));
    warnings.addAll(PairingPreview.warnings(matrix));
    warnings.addAll(FileNamePreview.warnings(plan, matrix.phases()));
    origins.path("execution.acceptance.maxCv").ifPresent(o -> warnings.add("execution.acceptance.maxCv (line "
        + o.line() + ") is no longer used: a cell is judged on how well its mean is known"
        + " (execution.acceptance.precision, docs/verdicts.md), not on per-second spread; remove it"));
    return new Checked(matrix, size, warnings, loaded.notes());
  }

  /**
   * Connection-stress cells this machine cannot hold. On the local backend the other cells still run
   * (a study probing five instance sizes measures the sizes one machine reaches) and these are recorded
   * as skipped with the limit, one warning line each here; the plan is refused only when no phase could
   * run. On Kubernetes a pod's share that does not fit is a plan to change (raise clients): refused.
   */
  private List<String> notRunnableHere(Matrix matrix) {
    Map<Phase, String> problems = PlanPreflight.cellProblems(matrix);
    boolean noneRuns = !problems.isEmpty() && problems.size() == matrix.phases().size();
    List<String> refused = new java.util.ArrayList<>();
    List<String> skipped = new java.util.ArrayList<>();
    for (String line : PlanPreflight.connectionProblems(matrix)) {  // one line per cell, not per repetition
      boolean onPods = problems.entrySet().stream().anyMatch(e -> line.startsWith("phase " + e.getKey().id() + ":")
          && e.getKey().distribution().backend() == Backend.KUBERNETES);
      (onPods ? refused : skipped).add(line);
    }
    if (!refused.isEmpty() || noneRuns) {
      List<String> lines = refused.isEmpty() ? skipped : refused;
      String more = lines.size() > 1 ? " (and " + (lines.size() - 1) + " more such cells)" : "";
      throw PlanException.at(plan.source(), 0, null, lines.get(0) + more
          + (refused.isEmpty() ? "; no phase of the plan can run here" : ""));
    }
    return skipped.stream().map(line -> "will not run here, recorded as skipped: " + line).toList();
  }

  private void refuseIfTooLarge(MatrixSize size) {
    boolean beyondAll = size.phases() > Defaults.MAX_PHASES_EVEN_CONFIRMED;
    if (size.phases() <= Defaults.MAX_PHASES || (options.allowLargeMatrix() && !beyondAll)) {
      return;
    }
    Origin where = origins.path("sweep").or(() -> origins.path("zip")).or(() -> origins.path("scenarios"))
        .orElse(new Origin(null, 0));
    String limit = beyondAll
        ? String.format(Locale.ROOT, "more than %,d phases, the most one run can hold in memory; split the plan",
            Defaults.MAX_PHASES_EVEN_CONFIRMED)
        : String.format(Locale.ROOT, "more than %,d phases, too many to be meant; make the sweep smaller or split the"
            + " plan, or pass --allow-large-matrix to run it as it is", Defaults.MAX_PHASES);
    throw PlanException.at(plan.source(), where.line(), where.path(), "the plan expands to " + size.describe() + ": "
        + limit);
  }

  private void check(Phase phase) {
    switch (phase.kind()) {
      case RUN, LOAD, WARMUP -> {
        Map<String, String> effective = phase.effectiveProperties();
        workload(phase, effective);
        coreProperties(phase, effective);
        urlOverrides(phase, effective);
        threads(phase);
        length(phase);
      }
      case CONNECTIONS -> {
        // no YCSB: its connections.* values were checked when the plan was read
      }
    }
  }

  /** A URL option and the property YCSB 0.17.0 reads for the same thing: the binding would measure the URL's. */
  private static final Map<String, String> URL_OPTION_OF = Map.of(Keys.WRITE_CONCERN, "w",
      Keys.READ_PREFERENCE, "readPreference", Keys.MAX_CONNECTIONS_STOCK, "maxPoolSize");

  /**
   * Refuses a phase whose {@code mongodb.writeConcern}, {@code mongodb.readPreference} or
   * {@code mongodb.maxconnections} the target's URL overrides: the binding keeps YCSB 0.17.0's
   * precedence (the URL's option wins), so a sweep over such a property would measure the URL's
   * setting in every cell, with only a note in each phase's stderr.
   */
  private void urlOverrides(Phase phase, Map<String, String> effective) {
    String uri = plan.target(phase.target()).map(t -> t.uri()).orElse(null);
    if (uri == null || uri.equals(dev.ycsbmongo.orchestrator.plan.Target.EMBEDDED)) {
      return;
    }
    Map<String, String> options = urlOptions(uri);
    for (Map.Entry<String, String> e : URL_OPTION_OF.entrySet()) {
      String key = e.getKey();
      String option = e.getValue();
      if (effective.containsKey(key) && options.containsKey(option.toLowerCase(Locale.ROOT))) {
        Origin where = origins.of(phase, key).or(() -> origins.workload(phase)).orElse(origins.scenario(phase));
        throw refusal(where, key + ": target " + phase.target() + "'s connection string sets " + option + "="
            + options.get(option.toLowerCase(Locale.ROOT)) + ", which wins over " + key + " as in YCSB 0.17.0, so "
            + key + "=" + effective.get(key) + " would not apply; remove " + option + " from the connection string"
            + " or the property (phase " + phase.id() + ")");
      }
    }
  }

  /** The connection string's options, names lower-cased (the driver reads them case-insensitively). */
  private static Map<String, String> urlOptions(String uri) {
    Map<String, String> options = new java.util.HashMap<>();
    int at = uri.lastIndexOf('@');
    int query = uri.indexOf('?', Math.max(at, 0));
    if (query < 0) {
      return options;
    }
    for (String pair : uri.substring(query + 1).split("[&;]")) {
      int eq = pair.indexOf('=');
      if (eq > 0) {
        options.put(pair.substring(0, eq).toLowerCase(Locale.ROOT), pair.substring(eq + 1));
      }
    }
    return options;
  }

  /** YCSB needs a workload class: from the scenario's workload file or a {@code workload} property. */
  private void workload(Phase phase, Map<String, String> effective) {
    if (effective.containsKey(WORKLOAD) && !effective.get(WORKLOAD).isBlank()) {
      return;
    }
    Origin scenario = origins.scenario(phase);
    // only a load preparing a scenario that names its workload class itself lacks what its scenario has
    boolean preparing = phase.kind() == PhaseKind.LOAD && phase.repetition() == 0
        && plan.scenario(phase.scenario()).map(s -> s.properties().containsKey(WORKLOAD)).orElse(false);
    String why = phase.workload().isPresent()
        ? "its workload file " + phase.workload().get().getFileName() + " sets no workload class"
        : "it has no workload file and no workload property";
    String fix = preparing
        ? "; the load that prepares its data takes the plan's and target's properties, not the scenario's: give the"
            + " scenario a workload file, or set workload in the plan's properties"
        : "; give it a workload file (workload: ../workloads/workloada) or the property"
            + " workload: site.ycsb.workloads.CoreWorkload with its proportions";
    throw refusal(scenario, "scenario " + phase.scenario() + " has no YCSB workload: " + why + fix);
  }

  /** YCSB's own properties as YCSB will read them: workload file, then the plan's values. */
  private void coreProperties(Phase phase, Map<String, String> effective) {
    boolean load = phase.kind() == PhaseKind.LOAD;
    for (String key : CoreProperties.keys()) {
      // a value YCSB does not read in this phase (hotspot fractions without hotspot, ...) cannot mis-run it
      if (!effective.containsKey(key) || !CoreProperties.isRead(key, effective, load)) {
        continue;
      }
      Optional<String> bad = CoreProperties.valueProblem(key, effective.get(key));
      if (bad.isPresent()) {
        // values the plan wrote were checked at their line when it was read: this one is the workload file's
        Origin where = origins.of(phase, key).or(() -> origins.workload(phase)).orElse(origins.scenario(phase));
        throw refusal(where, fromFile(phase, key) + key + ": " + bad.get());
      }
    }
    List<String> set = CoreProperties.setProblems(effective, load);
    if (!set.isEmpty()) {
      String problem = set.get(0);
      Origin where = responsible(phase, problem);
      throw refusal(where, problem + " (phase " + phase.id() + ")");
    }
  }

  /** The plan line of the first key named in {@code problem} ("k1, k2: ...") that the plan set. */
  private Origin responsible(Phase phase, String problem) {
    int colon = problem.indexOf(": ");
    if (colon > 0) {
      for (String key : problem.substring(0, colon).split(",\\s*")) {
        Optional<Origin> o = origins.of(phase, key.strip());
        if (o.isPresent()) {
          return o.get();
        }
      }
    }
    return origins.workload(phase).orElse(origins.scenario(phase));
  }

  private String fromFile(Phase phase, String key) {
    return origins.of(phase, key).isPresent() || phase.workload().isEmpty() ? ""
        : "workload file " + phase.workload().get().getFileName() + " sets ";
  }

  /**
   * On the local backend a cell's clients share this machine: threads x clients, each client a JVM of its own.
   * On Kubernetes each client is a pod on a node of the cluster, whose limits are not this machine's (they are
   * the pod's resources, set in execution.kubernetes): nothing here bounds them.
   */
  private void threads(Phase phase) {
    if (phase.distribution().backend() == Backend.KUBERNETES) {
      return;
    }
    int clients = phase.clients();
    Optional<HostLimits.ThreadCeiling> ceiling = ceilings.computeIfAbsent(clients,
        n -> options.host().threadCeiling(n));
    long total = (long) phase.threads() * clients;
    if (ceiling.isEmpty() || total <= ceiling.get().threads()) {
      return;
    }
    HostLimits.ThreadCeiling c = ceiling.get();
    // with several clients, their count is what made the cell too big for one machine
    Origin where = (clients > 1 ? origins.of(phase, PropertyRules.CLIENTS) : Optional.<Origin>empty())
        .or(() -> origins.of(phase, Keys.THREAD_COUNT)).orElse(origins.scenario(phase));
    String asked = clients == 1 ? String.format(Locale.ROOT, "%,d threads", total)
        : String.format(Locale.ROOT, "%,d threads (%,d clients of %,d)", total, clients, phase.threads());
    throw refusal(where, String.format(Locale.ROOT, "%s is more than this machine can host: at most %,d (%s);"
        + " lower the thread count%s, run the client on a larger machine, or spread the cell over several client"
        + " machines (clients: N with execution.backend: kubernetes)", asked, Math.max(0, c.threads()), c.reason(),
        clients == 1 ? "" : " or the clients"));
  }

  /** The phase must leave a steady window after its ramp-up, and end before its timeout. */
  private void length(Phase phase) {
    OptionalLong seconds = phase.counts().maxExecutionTimeSeconds();
    boolean timed = phase.counts().timed();
    boolean measured = phase.judgedOnFigures();
    Duration rampUp = plan.settings().rampUp();
    if (measured && timed && rampUp.toMillis() >= seconds.getAsLong() * 1000) {
      Origin time = origins.of(phase, MAX_EXECUTION_TIME).or(() -> origins.workload(phase))
          .orElse(origins.scenario(phase));
      Optional<Origin> ramp = origins.path("execution.rampUp");
      String rampWhere = ramp.map(r -> "execution.rampUp, line " + r.line()).orElse("the default rampUp");
      throw refusal(ramp.orElse(time), "rampUp " + Durations.format(rampUp) + " (" + rampWhere + ") is not shorter"
          + " than the phase: maxexecutiontime " + seconds.getAsLong() + " s (" + describe(time) + "), so phase "
          + phase.id() + " would have no steady window; make rampUp shorter than the phase");
    }
    Duration minWindow = plan.settings().acceptance().minWindow();
    if (measured && timed) {
      // the verdict would fail every such cell: say so before hours are spent on it
      WindowBound bound = WindowBound.of(plan.settings(), seconds.getAsLong());
      if (bound.seconds() * 1000 < minWindow.toMillis()) {
        Origin time = origins.of(phase, MAX_EXECUTION_TIME).or(() -> origins.workload(phase))
            .orElse(origins.scenario(phase));
        throw refusal(time, "maxexecutiontime " + seconds.getAsLong() + " s leaves phase " + phase.id()
            + " a steady window of " + bound.seconds() + " s at most (" + bound.why() + "), under"
            + " execution.acceptance.minWindow " + Durations.format(minWindow) + ": " + bound.verdict(minWindow)
            + "; " + bound.fits(minWindow));
      }
    }
    Duration timeout = plan.settings().phaseTimeout();
    if (timed && seconds.getAsLong() * 1000 >= timeout.toMillis()) {
      Origin time = origins.of(phase, MAX_EXECUTION_TIME).or(() -> origins.workload(phase))
          .orElse(origins.scenario(phase));
      throw refusal(time, "maxexecutiontime " + seconds.getAsLong() + " s is not shorter than execution.phaseTimeout "
          + Durations.format(timeout) + ": phase " + phase.id() + " would be killed and recorded failed; raise"
          + " phaseTimeout or shorten the phase");
    }
    boolean transaction = phase.kind() == PhaseKind.RUN || phase.kind() == PhaseKind.WARMUP;
    OptionalLong ops = phase.counts().operationCount();
    if (transaction && !timed && (ops.isEmpty() || ops.getAsLong() == 0)) {
      Origin where = origins.of(phase, OPERATION_COUNT).or(() -> origins.workload(phase))
          .orElse(origins.scenario(phase));
      throw refusal(where, "phase " + phase.id() + " has operationcount " + (ops.isEmpty() ? "unset" : "0")
          + " and no maxexecutiontime: YCSB 0.17.0 then runs until it is killed (" + Durations.format(timeout)
          + " phaseTimeout); set operationcount above 0 or maxexecutiontime");
    }
  }

  private static String describe(Origin o) {
    return o.line() > 0 ? o.path() + ", line " + o.line() : o.path();
  }

  private PlanException refusal(Origin where, String problem) {
    return PlanException.at(plan.source(), where.line(), where.path(), problem);
  }
}

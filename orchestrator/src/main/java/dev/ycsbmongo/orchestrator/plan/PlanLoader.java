package dev.ycsbmongo.orchestrator.plan;

import com.mongodb.ConnectionString;
import dev.ycsbmongo.binding.Keys;
import dev.ycsbmongo.binding.UriMasker;
import dev.ycsbmongo.orchestrator.plan.PropertyMapReader.Prop;
import dev.ycsbmongo.orchestrator.plan.PropertyMapReader.Values;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads and validates a plan file (YAML, or JSON for {@code .json}). Every problem is a
 * {@link PlanException} naming the file, line and key; unknown keys are rejected at every level,
 * with the closest accepted key suggested.
 */
public final class PlanLoader {

  static final List<String> TOP_KEYS = List.of("name", "description", "properties", "sweep", "zip", "targets",
      "scenarios", "execution", "report", CustomKeys.KEY);
  static final List<String> REPORT_KEYS = List.of("compare", "describes", "charts", "tables");
  static final List<String> COMPARE_KEYS = List.of("by", "differing", "rangesOver");
  static final List<String> CHART_KEYS = List.of("splitBy", "colourBy");
  static final List<String> TARGET_KEYS = List.of("name", "uri", "labels", "properties");
  static final List<String> SCENARIO_KEYS = List.of("name", "kind", "workload", "properties");
  static final List<String> EXECUTION_KEYS = List.of("repetitions", "warmup", "load", "phaseTimeout",
      "maxErrorRate", "rampUp", "statusInterval", "acceptance", "onTargetDown", "targetWait",
      "targetDownAfter", "clients", "backend", "kubernetes");
  static final List<String> ACCEPTANCE_KEYS = List.of("minOperations", "minWindow", "steadyState", "maxCv", "maxRise",
      "maxStall", "grace", "precision", "hostBusy");
  static final List<String> HOST_BUSY_KEYS = List.of("others", "steal");
  static final List<String> LOAD_KEYS = List.of("threads", "clients", "reload", "verify", "properties");
  static final List<String> KUBERNETES_KEYS = List.of("namespace", "image", "imagePullPolicy", "serviceAccount",
      "nodeSelector", "labels", "resources", "pendingTimeout", "startDelay", "context");
  static final List<String> RESOURCES_KEYS = List.of("requests", "limits");
  static final List<String> RESOURCE_NAMES = List.of("cpu", "memory", "ephemeral-storage");

  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]+");
  private static final String NAME_RULE = "a name of letters, digits, '.', '_' and '-'";
  private static final String URI_RULE = "a mongodb:// or mongodb+srv:// connection string, or the word embedded";

  private final Path source;
  private final Map<String, String> env;
  private final PlanOverrides overrides;
  /** What the reader should know about how the plan was read (a workload found in the project's workloads/). */
  private final List<String> notes = new ArrayList<>();

  private PlanLoader(Path source, Map<String, String> env, PlanOverrides overrides) {
    this.source = source;
    this.env = env;
    this.overrides = overrides;
  }

  /** Reads the plan in {@code file}; {@code env} supplies the {@code ${VAR}}s of target URIs. */
  public static Plan load(Path file, Map<String, String> env) throws PlanException {
    String text;
    try {
      text = PlanText.read(file);
    } catch (NoSuchFileException e) {
      throw new PlanException(file, 0, null, "no such plan file");
    } catch (CharacterCodingException e) {
      throw new PlanException(file, 0, null, "not a UTF-8 text file; expected a YAML or JSON plan");
    } catch (IOException e) {
      throw new PlanException(file, 0, null, "cannot read the plan file (" + e.getClass().getSimpleName() + ": "
          + e.getMessage() + ")");
    }
    return load(text, file, env);
  }

  /**
   * Reads a plan from {@code text} as if it came from {@code pretendSource}: its name picks the
   * syntax and appears in messages, and its directory anchors relative workload paths.
   */
  public static Plan load(String text, Path pretendSource, Map<String, String> env) throws PlanException {
    return new PlanLoader(pretendSource, env, PlanOverrides.NONE).plan(text);
  }

  /** Like {@link #load(String, Path, Map)}, with the line of every key for checks made after expansion. */
  public static LoadedPlan loadWithLines(String text, Path pretendSource, Map<String, String> env) throws PlanException {
    return loadWithLines(text, pretendSource, env, PlanOverrides.NONE);
  }

  /** Like {@link #loadWithLines(String, Path, Map)}, with the command line's {@code overrides} applied as it reads. */
  public static LoadedPlan loadWithLines(String text, Path pretendSource, Map<String, String> env,
      PlanOverrides overrides) throws PlanException {
    PlanLoader loader = new PlanLoader(pretendSource, env, overrides);
    Node root = loader.root(text);
    Plan plan = loader.plan(root);
    return new LoadedPlan(plan, PlanLines.of(root), loader.notes);
  }

  private Node root(String text) {
    Node root = NodeReader.read(text, source).orElseThrow(() -> new PlanException(source, 1, null,
        "the plan is empty; expected a map with at least name, targets and scenarios"));
    return SettingOverrides.apply(root, overrides.set(), source);
  }

  private Plan plan(String text) {
    return plan(root(text));
  }

  private Plan plan(Node root) {
    if (!(root instanceof Node.Mapping)) {
      throw new PlanException(source, root.line(), null, "expected a map with at least name, targets and"
          + " scenarios at the top level, found " + root.describe());
    }
    Section top = CustomKeys.read(Section.of(source, "", root).allow(TOP_KEYS));
    String name = name(top);
    String description = top.optionalText("description", "free text").orElse("");
    Map<String, String> set = setValues();
    Map<String, String> properties = new LinkedHashMap<>(top.entry("properties")
        .map(e -> PropertyMapReader.scalars(PropertyMapReader.read(top.child(e), Values.SCALARS)))
        .orElse(Map.of()));
    properties.putAll(set);
    List<Dimension> dimensions = withoutSet(dimensions(top), set);
    List<Target> allTargets = targets(top).stream().map(t -> new Target(t.name(), t.uriTemplate(), t.uri(), t.labels(),
        withoutKeys(t.properties(), set))).toList();
    List<Target> targets = allTargets.stream().filter(t -> PlanOverrides.selects(overrides.targets(), t.name()))
        .toList();
    boolean countElsewhere = properties.containsKey(ConnectionKeys.COUNT)
        || dimensions.stream().anyMatch(d -> d.keys().contains(ConnectionKeys.COUNT))
        || targets.stream().allMatch(t -> t.properties().containsKey(ConnectionKeys.COUNT));
    List<Scenario> allScenarios = scenarios(top, countElsewhere).stream().map(s -> new Scenario(s.name(), s.kind(),
        s.workload(), withoutKeys(s.properties(), set))).toList();
    checkSelection("scenario", overrides.scenarios(), allScenarios.stream().map(Scenario::name).toList());
    List<Scenario> scenarios = allScenarios.stream()
        .filter(s -> PlanOverrides.selects(overrides.scenarios(), s.name())).toList();
    Settings settings = top.entry("execution").map(e -> settings(top.child(e))).orElse(Settings.defaults());
    List<String> describes = top.entry("report").map(e -> describes(top.child(e), allTargets)).orElse(List.of());
    List<PlanComparison> comparisons = top.entry("report").map(e -> comparisons(top.child(e))).orElse(List.of())
        .stream().map(c -> c.describing(describes)).toList();
    ChartSettings charts = top.entry("report").map(e -> charts(top.child(e), allTargets)).orElse(ChartSettings.NONE);
    List<String> scenarioNames = allScenarios.stream().map(Scenario::name).toList();
    // a table of scenarios --only left out has nothing to show: it is left out with them
    List<TableSpec> tables = top.entry("report").map(e -> TableSpecReader.read(top.child(e), scenarioNames))
        .orElse(List.<TableSpec>of()).stream().filter(t -> t.scenarios().isEmpty()
            || t.scenarios().stream().anyMatch(n -> PlanOverrides.selects(overrides.scenarios(), n))).toList();
    Plan plan = new Plan(name, description, source, properties, targets, scenarios, dimensions, settings, comparisons,
        charts, tables, describes);
    return overrides.targets().isEmpty() && overrides.scenarios().isEmpty() && overrides.set().isEmpty() ? plan
        : withMakeableComparisons(plan);
  }

  /**
   * The plan without the comparisons its cells no longer make once --only or --set cut or fixed them (a comparison
   * of storage=cloud disk,local SSD with only local SSD targets selected): each left out with a note, where the
   * whole plan would refuse it. A matrix too large to build is left to the size check that refuses it.
   */
  private Plan withMakeableComparisons(Plan plan) {
    if (plan.comparisons().isEmpty() || MatrixSize.of(plan).phases() > Defaults.MAX_PHASES_EVEN_CONFIRMED) {
      return plan;
    }
    Plan bare = withComparisons(plan, List.of());
    List<PlanComparison> kept = PlanComparisonCheck.makeable(plan, PlanExpander.expand(bare).phases(), notes);
    return kept.size() == plan.comparisons().size() ? plan : withComparisons(plan, kept);
  }

  private static Plan withComparisons(Plan p, List<PlanComparison> comparisons) {
    return new Plan(p.name(), p.description(), p.source(), p.properties(), p.targets(), p.scenarios(), p.dimensions(),
        p.settings(), comparisons, p.charts(), p.tables(), p.describes());
  }

  private static String name(Section map) {
    Node.Entry entry = map.required("name", NAME_RULE);
    String name = map.text(entry, NAME_RULE);
    if (!NAME.matcher(name).matches()) {
      throw map.error(entry, "'" + name + "' is not a valid name; expected " + NAME_RULE);
    }
    return name;
  }

  // ---- sweep and zip

  private List<Dimension> dimensions(Section top) {
    List<Dimension> dimensions = new ArrayList<>();
    Map<String, Prop> varied = new HashMap<>();
    top.entry("sweep").ifPresent(e -> {
      for (Prop p : PropertyMapReader.read(top.child(e), Values.SCALARS_OR_LISTS).values()) {
        varied.put(p.key(), p);
        dimensions.add(Dimension.of(p.key(), p.values()));
      }
    });
    top.entry("zip").ifPresent(e -> {
      if (!(e.value() instanceof Node.Sequence groups)) {
        throw top.error(e, "expected a list of groups (maps of property -> list of values), found "
            + e.value().describe());
      }
      for (int i = 0; i < groups.items().size(); i++) {
        dimensions.add(zipGroup(top.at("zip[" + i + "]", groups.items().get(i)), varied));
      }
    });
    return dimensions;
  }

  private static Dimension zipGroup(Section group, Map<String, Prop> varied) {
    if (group.isEmpty()) {
      throw group.error(group.line(), group.path(),
          "empty group; expected properties with lists of values that vary together");
    }
    List<Prop> props = List.copyOf(PropertyMapReader.read(group, Values.LISTS).values());
    Prop first = props.get(0);
    for (Prop p : props) {
      Prop earlier = varied.get(p.key());
      if (earlier != null) {
        throw group.error(p.line(), p.path(), "already varied by " + earlier.path() + " (line " + earlier.line()
            + "); a property may vary in one place only");
      }
      if (p.values().size() != first.values().size()) {
        throw group.error(p.line(), p.path(), "has " + p.values().size() + " values but " + first.path() + " (line "
            + first.line() + ") has " + first.values().size() + "; the lists of a zip group vary together and"
            + " need the same length");
      }
    }
    props.forEach(p -> varied.put(p.key(), p));
    List<List<String>> tuples = new ArrayList<>();
    Set<List<String>> seen = new LinkedHashSet<>();
    for (int i = 0; i < first.values().size(); i++) {
      List<String> tuple = new ArrayList<>();
      for (Prop p : props) {
        tuple.add(p.values().get(i));
      }
      if (!seen.add(tuple)) {
        throw group.error(first.line(), first.path() + "[" + i + "]", "the combination " + tuple
            + " is listed twice; expected each combination once");
      }
      tuples.add(tuple);
    }
    return new Dimension(props.stream().map(Prop::key).toList(), tuples);
  }

  // ---- targets and scenarios

  private List<Node> items(Section top, String key, String expected) {
    Node.Entry entry = top.required(key, "a list of " + expected);
    if (!(entry.value() instanceof Node.Sequence seq)) {
      throw top.error(entry, "expected a list of " + expected + ", found " + entry.value().describe());
    }
    if (seq.items().isEmpty()) {
      throw top.error(entry, "empty list; expected at least one of " + expected);
    }
    return seq.items();
  }

  /**
   * Every target of the plan, those {@code --only} leaves out included (their labels are still the plan's), but
   * only the selected ones' connection strings resolved: a target left out needs none of its variables. Every
   * missing variable is named at once.
   */
  private List<Target> targets(Section top) {
    List<Target> targets = new ArrayList<>();
    Map<String, Integer> lines = new HashMap<>();
    List<Node> items = items(top, "targets", "targets (maps with name and uri)");
    List<Section> sections = new ArrayList<>();
    List<String> names = new ArrayList<>();
    for (int i = 0; i < items.size(); i++) {
      Section t = top.at("targets[" + i + "]", items.get(i)).allow(TARGET_KEYS);
      names.add(uniqueName(t, lines, "target"));
      sections.add(t);
    }
    checkSelection("target", overrides.targets(), names);
    for (String named : overrides.uris().keySet()) {
      if (!names.contains(named)) {
        throw new PlanException(source, 0, "--uri " + named, "the plan has no target " + named + "; its targets: "
            + String.join(", ", names) + Section.didYouMean(named, names));
      }
    }
    Map<String, List<String>> missing = new LinkedHashMap<>();  // variable -> the targets that need it
    Node.Entry firstMissing = null;
    Section firstMissingTarget = null;
    for (int i = 0; i < items.size(); i++) {
      Section t = sections.get(i);
      String name = names.get(i);
      Node.Entry uriEntry = t.required("uri", URI_RULE);
      String template = t.text(uriEntry, URI_RULE);
      String given = overrides.uris().get(name);
      String uri;
      if (!PlanOverrides.selects(overrides.targets(), name)) {
        uri = template;  // not run: dropped once read, so its variables are not needed
        if (!template.contains("${")) {
          UriMasker.remember(template);  // a password written in the plan stays hidden all the same
        }
      } else if (given != null) {
        uri = checkedUri(given, "--uri " + name);
        template = UriMasker.mask(given);  // what results store as the target's uri: no password, no variable
      } else {
        List<String> lacking = EnvSubstitution.missing(template, env);
        if (!lacking.isEmpty()) {
          lacking.forEach(v -> missing.computeIfAbsent(v, k -> new ArrayList<>()).add(name));
          if (firstMissing == null) {
            firstMissing = uriEntry;
            firstMissingTarget = t;
          }
          continue;
        }
        uri = uri(t, uriEntry, template);
      }
      Map<String, String> labels = t.entry("labels").map(e -> labels(t.child(e))).orElse(Map.of());
      Map<String, List<String>> properties = t.entry("properties")
          .map(e -> PropertyMapReader.lists(PropertyMapReader.read(t.child(e), Values.SCALARS_OR_LISTS)))
          .orElse(Map.of());
      targets.add(new Target(name, template, uri, labels, properties));
    }
    if (!missing.isEmpty()) {
      throw firstMissingTarget.error(firstMissing, missingVariables(missing));
    }
    return targets;
  }

  /** One line naming every missing variable, the targets that need it and the ways to give them. */
  private static String missingVariables(Map<String, List<String>> missing) {
    List<String> targets = missing.values().stream().flatMap(List::stream).distinct().toList();
    String ways = "; export " + (missing.size() == 1 ? "it" : "them") + ", give the connection string"
        + (targets.size() == 1 ? "" : "s") + " with --uri " + targets.get(0) + "=URI (or --uri-file FILE), or leave"
        + " the target" + (targets.size() == 1 ? "" : "s") + " out with --only target=NAME";
    if (missing.size() == 1) {
      String name = missing.keySet().iterator().next();
      return "environment variable " + name + " is not set; it is referenced as ${" + name + "}" + ways;
    }
    List<String> each = new ArrayList<>();
    missing.forEach((v, ts) -> each.add(v + " (" + String.join(", ", ts) + ")"));
    return missing.size() + " environment variables are not set: " + String.join(", ", each) + ways;
  }

  /** Every pattern of {@code --only}'s {@code what}=... must name at least one of {@code names}. */
  private void checkSelection(String what, List<String> patterns, List<String> names) {
    for (String p : patterns) {
      if (names.stream().noneMatch(n -> PlanOverrides.matches(p, n))) {
        throw new PlanException(source, 0, "--only " + what + "=" + p, "the plan has no " + what + " named so; its "
            + what + "s: " + String.join(", ", names) + Section.didYouMean(p, names));
      }
    }
  }

  /** The {@code --set} values, keys normalised, each checked as the plan's own properties are. */
  private Map<String, String> setValues() {
    Map<String, String> out = new LinkedHashMap<>();
    Map<String, String> writtenAs = new HashMap<>();
    overrides.set().forEach((written, value) -> {
      if (SettingOverrides.isSetting(written)) {
        return;  // put into the plan's execution section before it was read
      }
      String key = PropertyRules.normalise(written);
      String where = "--set " + written + "=" + value;
      PropertyRules.keyProblem(key).ifPresent(problem -> {
        throw new PlanException(source, 0, where, problem);
      });
      PropertyRules.valueProblem(key, value).ifPresent(problem -> {
        throw new PlanException(source, 0, where, problem);
      });
      String earlier = writtenAs.putIfAbsent(key, written);
      if (earlier != null) {
        throw new PlanException(source, 0, where, "the same property as --set " + earlier + " (threads is another"
            + " name for threadcount); give one of them");
      }
      out.put(key, value);
    });
    return out;
  }

  /**
   * The dimensions without the properties {@code --set} fixes: a swept property takes its one value in every cell.
   * A member of a zip group cannot be fixed alone (the group's other values were chosen with it).
   */
  private List<Dimension> withoutSet(List<Dimension> dimensions, Map<String, String> set) {
    List<Dimension> out = new ArrayList<>();
    for (Dimension d : dimensions) {
      List<String> fixed = d.keys().stream().filter(set::containsKey).toList();
      if (fixed.isEmpty()) {
        out.add(d);
      } else if (d.keys().size() > 1) {
        throw new PlanException(source, 0, "--set " + fixed.get(0), "varies together with " + String.join(", ",
            d.keys().stream().filter(k -> !fixed.contains(k)).toList()) + " in a zip group of the plan; --set fixes a"
            + " swept or fixed property, not one member of a zip group (edit the group instead)");
      }
    }
    return out;
  }

  private static Map<String, List<String>> withoutKeys(Map<String, List<String>> properties, Map<String, String> set) {
    Map<String, List<String>> out = new LinkedHashMap<>(properties);
    out.keySet().removeAll(set.keySet());
    return out;
  }

  private String uniqueName(Section item, Map<String, Integer> lines, String what) {
    String name = name(item);
    Node.Entry entry = item.required("name", NAME_RULE);
    Integer earlier = lines.putIfAbsent(name, entry.line());
    if (earlier != null) {
      throw item.error(entry, "'" + name + "' is already the name of the " + what + " on line " + earlier + "; "
          + what + " names must be unique");
    }
    return name;
  }

  private String uri(Section target, Node.Entry entry, String template) {
    String uri;
    try {
      uri = EnvSubstitution.apply(template, env);
    } catch (IllegalArgumentException e) {
      throw target.error(entry, e.getMessage());
    }
    return checkedUri(uri, template, problem -> target.error(entry, problem));
  }

  /** A connection string given with {@code --uri}: checked as the plan's, a problem named after the option. */
  private String checkedUri(String uri, String option) {
    return checkedUri(uri, uri, problem -> new PlanException(source, 0, option, problem));
  }

  /**
   * {@code uri} once it is known to be usable; {@code shown} is what a message may quote of it (masked), and
   * {@code error} makes the exception for a problem.
   */
  private String checkedUri(String uri, String shown, java.util.function.Function<String, PlanException> error) {
    // from here on every masked line of this process hides this password, in a connection string or not
    UriMasker.remember(uri);
    if (uri.equals(Target.EMBEDDED)) {
      return uri;
    }
    if (!uri.startsWith("mongodb://") && !uri.startsWith("mongodb+srv://")) {
      // only the scheme is echoed: the masker knows MongoDB URIs, and this one is something else
      int scheme = uri.indexOf("://");
      String what = scheme > 0 ? "the scheme '" + uri.substring(0, scheme + 3) + "'" : "the value";
      throw error.apply(what + " is not a MongoDB connection string; expected " + URI_RULE);
    }
    Optional<String> option = UriOptions.problem(uri);
    if (option.isPresent()) {
      throw error.apply(maskedIn(option.get(), uri));
    }
    if (uri.startsWith("mongodb://")) {
      // mongodb+srv:// is left to the run: parsing it queries DNS
      try {
        new ConnectionString(uri);
      } catch (RuntimeException e) {
        String why = UriMasker.mask(String.valueOf(e.getMessage()));
        for (String secret : UriMasker.passwords(uri)) {
          why = why.replace(secret, UriMasker.MASK);
        }
        throw error.apply("'" + UriMasker.mask(shown) + "' is not a valid connection string (" + why
            + "); expected " + URI_RULE);
      }
    }
    Optional<String> combination = UriOptions.combinationProblem(uri);
    if (combination.isPresent()) {
      throw error.apply("'" + UriMasker.mask(shown) + "' is not usable: " + maskedIn(combination.get(), uri));
    }
    return uri;
  }

  /** {@code text} with the URI's passwords hidden, however they appear in it (decoded or not). */
  private static String maskedIn(String text, String uri) {
    String masked = UriMasker.mask(text);
    for (String secret : UriMasker.passwords(uri)) {
      masked = masked.replace(secret, UriMasker.MASK);
    }
    return masked;
  }

  private static Map<String, String> labels(Section labels) {
    Map<String, String> out = new LinkedHashMap<>();
    for (Node.Entry e : labels.entries()) {
      out.put(e.key(), labels.text(e, "a scalar label value (string, number or boolean)"));
    }
    return out;
  }

  private List<Scenario> scenarios(Section top, boolean connectionCountElsewhere) {
    List<Scenario> scenarios = new ArrayList<>();
    Map<String, Integer> lines = new HashMap<>();
    List<Node> items = items(top, "scenarios", "scenarios (maps with a name)");
    for (int i = 0; i < items.size(); i++) {
      Section s = top.at("scenarios[" + i + "]", items.get(i)).allow(SCENARIO_KEYS);
      String name = uniqueName(s, lines, "scenario");
      ScenarioKind kind = s.entry("kind").map(e -> kind(s, e)).orElse(ScenarioKind.RUN);
      if (kind == ScenarioKind.CONNECTIONS && s.entry("workload").isPresent()) {
        throw s.error(s.entry("workload").orElseThrow(), "a connections scenario runs no YCSB workload; remove it"
            + " (set " + String.join(", ", ConnectionKeys.ALL) + " in properties)");
      }
      Optional<Path> workload = s.entry("workload").map(e -> workload(s, e));
      Map<String, List<String>> properties = s.entry("properties")
          .map(e -> PropertyMapReader.lists(PropertyMapReader.read(s.child(e), Values.SCALARS_OR_LISTS)))
          .orElse(Map.of());
      if (kind == ScenarioKind.CONNECTIONS && !connectionCountElsewhere
          && !properties.containsKey(ConnectionKeys.COUNT)) {
        throw s.error(s.required("name", NAME_RULE), "a connections scenario needs " + ConnectionKeys.COUNT
            + "; set it in the scenario's properties (or the plan's, a sweep, or every target's)");
      }
      scenarios.add(new Scenario(name, kind, workload, properties));
    }
    return scenarios;
  }

  private static ScenarioKind kind(Section scenario, Node.Entry entry) {
    String kind = scenario.text(entry, "run, load or connections");
    return switch (kind) {
      case "run" -> ScenarioKind.RUN;
      case "load" -> ScenarioKind.LOAD;
      case "connections" -> ScenarioKind.CONNECTIONS;
      default -> throw scenario.error(entry, "'" + kind + "' is not a scenario kind; accepted: run, load, connections"
          + Section.didYouMean(kind, List.of("run", "load", "connections")));
    };
  }

  private Path workload(Section scenario, Node.Entry entry) {
    String written = scenario.text(entry, "the path of a YCSB workload file");
    Path dir = source.toAbsolutePath().getParent();
    Path resolved = dir.resolve(written).normalize();
    if (!readable(resolved)) {
      Optional<Path> project = projectWorkload(written);
      if (project.isEmpty()) {
        throw scenario.error(entry, "workload file " + resolved + " does not exist or is not readable; expected a"
            + " YCSB workload file (a relative path is looked up in the plan's directory, " + dir + ", then in the"
            + " project's workloads/plans/ and workloads/" + ProjectWorkloads.directory().map(w -> ", " + w)
            .orElse(" (not found from here)") + ")");
      }
      resolved = project.get();
      notes.add(scenario.keyPath("workload") + " (line " + entry.line() + "): " + written + " is not beside the plan;"
          + " using the project's " + resolved);
    }
    // read as YCSB reads it (Properties.load of the bytes): a malformed unicode escape stops YCSB with a stack trace
    try (java.io.InputStream in = Files.newInputStream(resolved)) {
      new java.util.Properties().load(in);
    } catch (IOException | IllegalArgumentException e) {
      throw scenario.error(entry, "workload file " + resolved + " cannot be read as YCSB reads it ("
          + e.getMessage() + "); expected a Java properties file of key=value lines");
    }
    return resolved;
  }

  private static boolean readable(Path file) {
    return Files.isRegularFile(file) && Files.isReadable(file);
  }

  /**
   * A relative workload path the plan's directory lacks, looked up in the project: as if the plan were still
   * in {@code workloads/plans/} (the shipped plans' {@code ../rw-95-5}), then in {@code workloads/} itself
   * ({@code workloada}).
   */
  private static Optional<Path> projectWorkload(String written) {
    Path path;
    try {
      path = Path.of(written);
    } catch (java.nio.file.InvalidPathException e) {
      return Optional.empty();
    }
    if (path.isAbsolute()) {
      return Optional.empty();
    }
    return ProjectWorkloads.directory().flatMap(w -> java.util.stream.Stream.of(w.resolve("plans"), w)
        .map(d -> d.resolve(path).normalize()).filter(PlanLoader::readable).findFirst());
  }

  // ---- report

  private static List<PlanComparison> comparisons(Section report) {
    report.allow(REPORT_KEYS);
    Node.Entry entry = report.entry("compare").orElse(null);
    if (entry == null) {
      return List.of();
    }
    if (!(entry.value() instanceof Node.Sequence seq)) {
      throw report.error(entry, "expected a list of BY=A,B entries (e.g. - server.chainingAllowed=true,false), found "
          + entry.value().describe());
    }
    // [x=a,b] in flow style reaches us as "x=a" and "b": YAML splits flow lists at commas
    List<String> texts = seq.items().stream().filter(Node.Scalar.class::isInstance).map(n -> ((Node.Scalar) n).text())
        .toList();
    boolean splitAtCommas = texts.stream().anyMatch(t -> t.contains("=") && !t.contains(","))
        && texts.stream().anyMatch(t -> !t.contains("="));
    List<PlanComparison> comparisons = new ArrayList<>();
    for (int i = 0; i < seq.items().size(); i++) {
      Node item = seq.items().get(i);
      String path = report.keyPath("compare") + "[" + i + "]";
      PlanComparison c;
      if (item instanceof Node.Mapping map) {
        splitInFlowMap(report, path, map);
        c = comparisonMap(Section.of(report.source(), path, item).allow(COMPARE_KEYS));
      } else if (item instanceof Node.Scalar scalar) {
        c = new PlanComparison(spec(report, item.line(), path, scalar.text(), splitAtCommas), path, item.line());
      } else {
        throw report.error(item.line(), path, "expected BY=A,B or a map with by, differing and rangesOver, found "
            + item.describe());
      }
      for (PlanComparison earlier : comparisons) {
        if (earlier.spec().equals(c.spec())) {
          throw report.error(item.line(), path, "'" + c.spec() + "' is listed twice (also line " + earlier.line()
              + "); expected each comparison once");
        }
      }
      comparisons.add(c);
    }
    return comparisons;
  }

  private static CompareSpec spec(Section report, int line, String path, String text, boolean splitAtCommas) {
    try {
      return CompareSpec.parse(text);
    } catch (CompareSpecException e) {
      String flow = splitAtCommas ? "; in a [flow list] YAML splits an entry at its commas: write one entry per"
          + " line as - BY=A,B" : "";
      throw report.error(line, path, e.getMessage() + flow);
    }
  }

  /** {by: x=a,b} in flow style reaches us as by "x=a" and a key "b": say so rather than "unknown key b". */
  private static void splitInFlowMap(Section report, String path, Node.Mapping map) {
    Node.Entry by = map.entries().get("by");
    if (by == null || !(by.value() instanceof Node.Scalar s) || s.text().contains(",")) {
      return;
    }
    for (Node.Entry e : map.entries().values()) {
      if (!COMPARE_KEYS.contains(e.key())) {
        throw report.error(e.line(), path + ".by", "'" + s.text() + "' lost its second value: in a {flow map} YAML"
            + " splits an entry at its commas; quote it (by: \"" + s.text() + "," + e.key() + "\") or write the map"
            + " one key per line");
      }
    }
  }

  /** {@code - by: BY=A,B} with the differences it accepts and the keys it takes ranges over. */
  private static PlanComparison comparisonMap(Section c) {
    Node.Entry by = c.required("by", "BY=A,B (e.g. storage=cloud disk,local SSD)");
    CompareSpec spec = spec(c, by.value().line(), c.keyPath("by"), c.text(by, "BY=A,B"), false);
    java.util.Set<CellProperty> differing = new LinkedHashSet<>();
    c.entry("differing").ifPresent(e -> words(c, e, "differing", CellProperty.ACCEPTED).forEach(w -> {
      CellProperty p = CellProperty.named(w.text()).orElseThrow(() -> c.error(w.line(), c.keyPath("differing"), "'"
          + w.text() + "' is not a property a pair may differ in; accepted: " + CellProperty.ACCEPTED
          + Section.didYouMean(w.text(), CellProperty.words())));
      differing.add(p);
    }));
    List<String> rangesOver = c.entry("rangesOver")
        .map(e -> words(c, e, "rangesOver", "target label or coordinate keys such as ratio").stream().map(Word::text)
            .toList())
        .orElse(List.of());
    for (String k : rangesOver) {
      if (k.equals(spec.by()) || k.equals(spec.key())) {
        throw c.error(c.entry("rangesOver").orElseThrow(), "'" + k + "' is BY itself: every pair spans both of its"
            + " values; expected another label or coordinate (e.g. ratio)");
      }
    }
    int rangesLine = c.entry("rangesOver").map(e -> e.value().line()).orElse(c.line());
    return new PlanComparison(spec, new PairingRules(differing, rangesOver), c.path(), c.line(), rangesLine);
  }

  /** A word of a list in a plan, with its line. */
  private record Word(String text, int line) {
  }

  /** A list of words (or one word), each with its line, in order; a repeated word is an error. */
  private static List<Word> words(Section map, Node.Entry entry, String key, String expected) {
    List<Node> items = entry.value() instanceof Node.Sequence seq ? seq.items() : List.of(entry.value());
    List<Word> words = new ArrayList<>();
    for (Node n : items) {
      if (!(n instanceof Node.Scalar s) || s.text().isBlank()) {
        throw map.error(n.line(), map.keyPath(key), "expected a list of " + expected + ", found " + n.describe());
      }
      String text = s.text().strip();
      if (words.stream().anyMatch(w -> w.text().equals(text))) {
        throw map.error(n.line(), map.keyPath(key), "'" + text + "' is listed twice; expected each once");
      }
      words.add(new Word(text, n.line()));
    }
    return words;
  }

  /**
   * {@code report.describes}: target labels that describe a target (its cores, RAM, disk) rather than
   * tell cells apart, so that no comparison matches them when pairing. Each must be a label some target has.
   */
  private static List<String> describes(Section report, List<Target> targets) {
    Node.Entry entry = report.entry("describes").orElse(null);
    if (entry == null) {
      return List.of();
    }
    List<String> labels = targets.stream().flatMap(t -> t.labels().keySet().stream()).distinct().toList();
    List<String> out = new ArrayList<>();
    for (Word w : words(report, entry, "describes", "target label keys such as cores")) {
      if (!labels.contains(w.text())) {
        throw report.error(w.line(), report.keyPath("describes"), "'" + w.text() + "' is not a label of any target; "
            + (labels.isEmpty() ? "no target has labels (give targets labels: {cores: 4})"
            : "accepted: " + String.join(", ", labels) + Section.didYouMean(w.text(), labels)));
      }
      out.add(w.text());
    }
    return out;
  }

  /** {@code report.charts}: {@code splitBy} and {@code colourBy} must each be a label some target has. */
  private static ChartSettings charts(Section report, List<Target> targets) {
    Node.Entry entry = report.entry("charts").orElse(null);
    if (entry == null) {
      return ChartSettings.NONE;
    }
    Section charts = report.child(entry).allow(CHART_KEYS);
    return new ChartSettings(chartLabel(charts, "splitBy", targets), chartLabel(charts, "colourBy", targets));
  }

  private static String chartLabel(Section charts, String key, List<Target> targets) {
    Node.Entry e = charts.entry(key).orElse(null);
    if (e == null) {
      return null;
    }
    String label = charts.text(e, "a target label key such as size");
    List<String> labels = targets.stream().flatMap(t -> t.labels().keySet().stream()).distinct().toList();
    if (!labels.contains(label)) {
      throw charts.error(e, "'" + label + "' is not a label of any target; " + (labels.isEmpty()
          ? "no target has labels (give targets labels: {size: medium})"
          : "accepted: " + String.join(", ", labels) + Section.didYouMean(label, labels)));
    }
    return label;
  }

  /**
   * The {@code report.tables} of a stored plan.yaml (what {@code report RUN_DIR} re-renders); none when
   * it has none. Scenario names are not checked: the run checked them against its plan.
   */
  public static List<TableSpec> tables(String planYaml, Path pretendSource) throws PlanException {
    Optional<Node> root = NodeReader.read(planYaml, pretendSource);
    if (root.isEmpty() || !(root.get() instanceof Node.Mapping m) || !m.entries().containsKey("report")) {
      return List.of();
    }
    Section top = Section.of(pretendSource, "", root.get());
    return TableSpecReader.read(top.child(top.entry("report").orElseThrow()), null);
  }

  // ---- execution

  private static Settings settings(Section exec) {
    exec.allow(EXECUTION_KEYS);
    Settings d = Settings.defaults();
    int repetitions = exec.entry("repetitions").map(e -> positiveInt(exec, e, "repetitions"))
        .orElse(d.repetitions());
    Map<String, String> warmup = exec.entry("warmup")
        .map(e -> PropertyMapReader.scalars(PropertyMapReader.read(exec.child(e), Values.SCALARS)))
        .orElse(Map.of());
    Section load = exec.entry("load").map(exec::child).orElse(null);
    int loadThreads = d.loadThreads();
    int loadClients = d.loadClients();
    ReloadPolicy reload = d.reload();
    boolean verify = d.verifyLoad();
    Map<String, String> loadProperties = Map.of();
    if (load != null) {
      load.allow(LOAD_KEYS);
      loadThreads = load.entry("threads").map(e -> positiveInt(load, e, "a thread count")).orElse(loadThreads);
      loadClients = load.entry("clients").map(e -> clients(load, e)).orElse(loadClients);
      reload = load.entry("reload").map(e -> reload(load, e)).orElse(reload);
      verify = load.entry("verify").map(e -> bool(load, e)).orElse(verify);
      loadProperties = load.entry("properties").map(e -> loadProperties(load.child(e))).orElse(loadProperties);
    }
    Duration phaseTimeout = exec.entry("phaseTimeout").map(e -> duration(exec, e)).orElse(d.phaseTimeout());
    if (phaseTimeout.isZero()) {
      throw exec.error(exec.entry("phaseTimeout").orElseThrow(), "'0' would end every phase at once; expected a"
          + " duration above zero such as 30m or 2h");
    }
    double maxErrorRate = exec.entry("maxErrorRate").map(e -> errorRate(exec, e)).orElse(d.maxErrorRate());
    Duration rampUp = exec.entry("rampUp").map(e -> duration(exec, e)).orElse(d.rampUp());
    Duration statusInterval = exec.entry("statusInterval").map(e -> statusInterval(exec, e))
        .orElse(d.statusInterval());
    Acceptance acceptance = exec.entry("acceptance").map(e -> acceptance(exec.child(e))).orElse(d.acceptance());
    TargetDownPolicy.Action onDown = exec.entry("onTargetDown").map(e -> targetDownAction(exec, e))
        .orElse(d.onTargetDown().action());
    Duration targetWait = exec.entry("targetWait").map(e -> duration(exec, e)).orElse(d.onTargetDown().maxWait());
    Duration downAfter = exec.entry("targetDownAfter").map(e -> duration(exec, e)).orElse(d.onTargetDown().downAfter());
    if (downAfter.toMillis() < 1000) {
      throw exec.error(exec.entry("targetDownAfter").orElseThrow(), "'" + Durations.format(downAfter) + "' is too short to"
          + " tell a dead server from a slow reply; expected 1s or more");
    }
    return new Settings(repetitions, warmup, loadThreads, loadProperties, reload, verify, phaseTimeout, maxErrorRate,
        rampUp, statusInterval, acceptance, new TargetDownPolicy(onDown, targetWait, downAfter), distribution(exec),
        loadClients);
  }

  // ---- client processes: execution.clients, backend, kubernetes

  /**
   * The cells' default distribution. The kubernetes section is read whenever it is there, so a plan
   * switches backends with one line; with the local backend it is checked but unused (validate says so).
   */
  private static Distribution distribution(Section exec) {
    int clients = exec.entry("clients").map(e -> clients(exec, e)).orElse(Defaults.CLIENTS);
    Backend backend = exec.entry("backend").map(e -> oneOf(exec, e, Backend.ACCEPTED, Map.of("local", Backend.LOCAL,
        "kubernetes", Backend.KUBERNETES), text -> "'" + text + "' is not a backend; accepted: local (client"
        + " processes on this host), kubernetes (pods of an Indexed Job, set up in execution.kubernetes)"
        + Section.didYouMean(text, List.of("local", "kubernetes")))).orElse(Defaults.BACKEND);
    Optional<KubernetesSettings> kubernetes = exec.entry("kubernetes").map(e -> kubernetes(exec.child(e)));
    if (backend == Backend.KUBERNETES && kubernetes.isEmpty()) {
      throw exec.error(exec.entry("backend").orElseThrow(), "'kubernetes' needs an execution.kubernetes section"
          + " with at least namespace and image (where the client pods run, and what they run)");
    }
    return new Distribution(clients, backend, kubernetes);
  }

  private static int clients(Section map, Node.Entry entry) {
    if (entry.value() instanceof Node.Sequence && map.path().equals("execution")) {
      throw map.error(entry, "expected a whole number from 1 to " + Defaults.MAX_CLIENTS + ", found a list; sweep"
          + " clients (sweep: {clients: [1, 2]}) to vary it");
    }
    String text = map.text(entry, "a whole number from 1 to " + Defaults.MAX_CLIENTS);
    return PropertyRules.clientCount(text).orElseThrow(() -> map.error(entry, PropertyRules.clientsProblem(text)));
  }

  private static KubernetesSettings kubernetes(Section k) {
    k.allow(KUBERNETES_KEYS);
    String namespace = checked(k, k.required("namespace", "a namespace (a DNS-1123 label such as bench)"),
        KubernetesNames::checkNamespace);
    String image = checked(k, k.required("image", "the client image, such as"
        + " registry.example.com/ycsb-mongodb-client:0.1.0"), KubernetesNames::checkImage);
    String pullPolicy = k.entry("imagePullPolicy").map(e -> checked(k, e, KubernetesNames::checkImagePullPolicy))
        .orElse(Defaults.IMAGE_PULL_POLICY);
    Optional<String> serviceAccount = k.entry("serviceAccount").map(e -> checked(k, e, KubernetesNames::checkServiceAccount));
    Map<String, String> nodeSelector = k.entry("nodeSelector").map(e -> labelMap(k.child(e), "nodeSelector"))
        .orElse(Map.of());
    Map<String, String> labels = k.entry("labels").map(e -> labelMap(k.child(e), "labels")).orElse(Map.of());
    Section resources = k.entry("resources").map(k::child).orElse(null);
    Map<String, String> requests = Map.of();
    Map<String, String> limits = Map.of();
    if (resources != null) {
      resources.allow(RESOURCES_KEYS);
      requests = resources.entry("requests").map(e -> quantities(resources.child(e), "requests")).orElse(requests);
      limits = resources.entry("limits").map(e -> quantities(resources.child(e), "limits")).orElse(limits);
    }
    Duration pendingTimeout = k.entry("pendingTimeout").map(e -> positiveDuration(k, e, "pods may wait for a node"
        + " and their image that long")).orElse(Defaults.PENDING_TIMEOUT);
    Duration startDelay = k.entry("startDelay").map(e -> positiveDuration(k, e, "the clients' common start lies"
        + " that far after the Job's creation")).orElse(Defaults.START_DELAY);
    Optional<String> context = k.entry("context").map(e -> checked(k, e, KubernetesSettings::checkContext));
    return new KubernetesSettings(namespace, image, pullPolicy, serviceAccount, nodeSelector, labels, requests, limits,
        pendingTimeout, startDelay, context);
  }

  /** The entry's text, which {@code check} (one of the Job's own checks) accepts; its message otherwise. */
  private static String checked(Section map, Node.Entry entry, java.util.function.Consumer<String> check) {
    String text = map.text(entry, "a scalar");
    try {
      check.accept(text);
    } catch (IllegalArgumentException e) {
      throw map.error(entry, e.getMessage());
    }
    return text;
  }

  /** Kubernetes labels (node selector or extra labels), each entry checked as the Job checks it. */
  private static Map<String, String> labelMap(Section map, String what) {
    Map<String, String> out = new LinkedHashMap<>();
    for (Node.Entry e : map.entries()) {
      String value = map.text(e, "a label value (up to 63 letters, digits, '-', '_', '.')");
      try {
        KubernetesNames.checkLabels(what, Map.of(e.key(), value));
      } catch (IllegalArgumentException x) {
        throw map.error(e, x.getMessage());
      }
      out.put(e.key(), value);
    }
    return out;
  }

  /** {@code requests} or {@code limits}: Kubernetes quantities by resource name. */
  private static Map<String, String> quantities(Section map, String what) {
    map.allow(RESOURCE_NAMES);
    Map<String, String> out = new LinkedHashMap<>();
    for (Node.Entry e : map.entries()) {
      String quantity = map.text(e, "a Kubernetes quantity such as 500m, 2 or 4Gi");
      try {
        new ContainerResources(what.equals("requests") ? Map.of(e.key(), quantity) : Map.of(),
            what.equals("limits") ? Map.of(e.key(), quantity) : Map.of());
      } catch (IllegalArgumentException x) {
        throw map.error(e, x.getMessage());
      }
      out.put(e.key(), quantity);
    }
    return out;
  }

  private static Duration positiveDuration(Section map, Node.Entry entry, String why) {
    Duration d = duration(map, entry);
    if (d.isZero()) {
      throw map.error(entry, "'" + map.text(entry, "") + "' is not accepted; expected a duration above zero such as"
          + " 30s or 5m (" + why + ")");
    }
    return d;
  }

  private static Acceptance acceptance(Section a) {
    a.allow(ACCEPTANCE_KEYS);
    Acceptance d = Acceptance.defaults();
    long minOps = a.entry("minOperations").map(e -> wholeNumber(a, e)).orElse(d.minOperations());
    Duration minWindow = a.entry("minWindow").map(e -> duration(a, e)).orElse(d.minWindow());
    Acceptance.SteadyStateRule rule = a.entry("steadyState").map(e -> steadyState(a, e)).orElse(d.steadyState());
    double maxCv = a.entry("maxCv").map(e -> share(a, e)).orElse(d.maxCv());
    double maxRise = a.entry("maxRise").map(e -> share(a, e)).orElse(d.maxRise());
    Duration maxStall = a.entry("maxStall").map(e -> duration(a, e)).orElse(d.maxStall());
    Duration grace = a.entry("grace").map(e -> duration(a, e)).orElse(d.grace());
    Double precision = a.entry("precision").map(e -> precision(a, e)).orElse(null);
    HostBusyLimits hostBusy = a.entry("hostBusy").map(e -> hostBusy(a, e)).orElse(d.hostBusy());
    return new Acceptance(minOps, minWindow, rule, maxCv, maxRise, maxStall, grace, precision, hostBusy);
  }

  /** {@code hostBusy: off}, or a map of {@code others} and {@code steal}, each a share of the cores or off. */
  private static HostBusyLimits hostBusy(Section a, Node.Entry entry) {
    HostBusyLimits d = HostBusyLimits.defaults();
    if (entry.value() instanceof Node.Scalar) {
      String text = a.text(entry, "off, or a map of others and steal").strip();
      if (text.equals("off") || text.equals("false")) {
        return HostBusyLimits.OFF;
      }
      throw a.error(entry, "'" + text + "' is not accepted; expected off, or a map such as {others: 25%, steal: 10%}"
          + " (shares of the client's cores above 0% and at most 100%, each also off)");
    }
    Section m = a.child(entry).allow(HOST_BUSY_KEYS);
    double others = m.entry("others").map(e -> coresShare(m, e)).orElse(d.maxOthersShare());
    double steal = m.entry("steal").map(e -> coresShare(m, e)).orElse(d.maxStealShare());
    return new HostBusyLimits(others, steal);
  }

  /** A share of the client's cores: above 0% and at most 100% (no process can take more), or off. */
  private static double coresShare(Section map, Node.Entry entry) {
    String text = map.text(entry, "a percentage such as 25%, or off").strip();
    double v = share(map, entry);
    if (Double.isInfinite(v) || (v > 0 && v <= 1)) {
      return v;
    }
    throw map.error(entry, "'" + text + "' is not accepted; expected a share of the client's cores above 0% and at"
        + " most 100% such as 25%, or off");
  }

  private static long wholeNumber(Section map, Node.Entry entry) {
    String text = map.text(entry, "a whole number >= 0");
    try {
      long v = Long.parseLong(text.strip());
      if (v >= 0) {
        return v;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw map.error(entry, "'" + text + "' is not a whole number >= 0");
  }

  private static Acceptance.SteadyStateRule steadyState(Section map, Node.Entry entry) {
    return oneOf(map, entry, "auto or fixed", Map.of("auto", Acceptance.SteadyStateRule.AUTO,
        "fixed", Acceptance.SteadyStateRule.FIXED), text -> "'" + text + "' is not a steady-state rule; accepted: auto"
        + " (the window starts where throughput settled, at least rampUp in), fixed (exactly at rampUp)");
  }

  private static TargetDownPolicy.Action targetDownAction(Section map, Node.Entry entry) {
    return oneOf(map, entry, "stop or wait", Map.of("stop", TargetDownPolicy.Action.STOP,
        "wait", TargetDownPolicy.Action.WAIT), text -> "'" + text + "' is not accepted; expected stop (stop the plan,"
        + " resume later) or wait (wait up to execution.targetWait for the target to answer again)");
  }

  /** The value {@code entry}'s word names among {@code choices}; otherwise the error {@code refusal} words. */
  private static <T> T oneOf(Section map, Node.Entry entry, String hint, Map<String, T> choices,
      java.util.function.Function<String, String> refusal) {
    String text = map.text(entry, hint);
    T value = choices.get(text);
    if (value == null) {
      throw map.error(entry, refusal.apply(text));
    }
    return value;
  }

  /** A precision: {@code 3%} or {@code 0.03}, above 0 and below 100%, or {@code off}. */
  private static double precision(Section map, Node.Entry entry) {
    String text = map.text(entry, "a percentage such as 3%, or off").strip();
    Double v = shareOf(text);
    if (v != null && (v.isInfinite() || (v > 0 && v < 1))) {
      return v;
    }
    throw map.error(entry, "'" + text + "' is not a precision; expected a percentage above 0% and below 100% such as"
        + " 3%, a share such as 0.03, or off");
  }

  /** {@code 25%} or {@code 0.25} as 0.25, {@code off} (or false) as infinity; null when the text is neither. */
  private static Double shareOf(String text) {
    if (text.equals("off") || text.equals("false")) {
      return Double.POSITIVE_INFINITY;
    }
    try {
      double v = text.endsWith("%") ? Double.parseDouble(text.substring(0, text.length() - 1).strip()) / 100
          : Double.parseDouble(text);
      return Double.isFinite(v) ? v : null;  // "Infinity" is not how a plan says off
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** A stability limit: a percentage (above 100% allowed: a throughput can more than double) or off. */
  private static double share(Section map, Node.Entry entry) {
    String text = map.text(entry, "a percentage such as 25%, or off").strip();
    Double v = shareOf(text);
    if (v != null && (v.isInfinite() || v >= 0)) {
      return v;
    }
    throw map.error(entry, "'" + text + "' is not a limit; expected a percentage >= 0% such as 25%, a share such as"
        + " 0.25, or off");
  }

  private static Map<String, String> loadProperties(Section props) {
    Map<String, Prop> read = PropertyMapReader.read(props, Values.SCALARS);
    Prop threads = read.get(Keys.THREAD_COUNT);
    if (threads != null) {
      throw props.error(threads.line(), threads.path(), "the load's threads are set by execution.load.threads;"
          + " remove it here");
    }
    Prop clients = read.get(PropertyRules.CLIENTS);
    if (clients != null) {
      throw props.error(clients.line(), clients.path(), "the load's clients are set by execution.load.clients;"
          + " remove it here");
    }
    return PropertyMapReader.scalars(read);
  }

  private static int positiveInt(Section map, Node.Entry entry, String what) {
    String text = map.text(entry, "a whole number >= 1");
    if (!PropertyRules.wholeNumberAtLeastOne(text)) {
      throw map.error(entry, "'" + text + "' is not valid for " + what + "; expected a whole number >= 1");
    }
    return Integer.parseInt(text.strip());
  }

  private static ReloadPolicy reload(Section load, Node.Entry entry) {
    return oneOf(load, entry, "per-data-set or per-cell", Map.of("per-data-set", ReloadPolicy.PER_DATA_SET,
        "per-cell", ReloadPolicy.PER_CELL), text -> "'" + text + "' is not a reload policy; accepted: per-data-set,"
        + " per-cell" + Section.didYouMean(text, List.of("per-data-set", "per-cell")));
  }


  private static boolean bool(Section map, Node.Entry entry) {
    String text = map.text(entry, "true or false").toLowerCase(Locale.ROOT);
    if (!text.equals("true") && !text.equals("false")) {
      throw map.error(entry, "'" + text + "' is not a boolean; expected true or false");
    }
    return Boolean.parseBoolean(text);
  }

  private static Duration duration(Section map, Node.Entry entry) {
    try {
      return Durations.parse(map.text(entry, Durations.ACCEPTED));
    } catch (IllegalArgumentException e) {
      throw map.error(entry, e.getMessage());
    }
  }

  private static Duration statusInterval(Section map, Node.Entry entry) {
    Duration d = duration(map, entry);
    if (d.toMillis() < 1000 || d.toMillis() % 1000 != 0) {
      throw map.error(entry, "'" + map.text(entry, "") + "' is not a whole number of seconds; expected 1s or more in"
          + " whole seconds (YCSB's status.interval is in seconds)");
    }
    return d;
  }

  private static double errorRate(Section map, Node.Entry entry) {
    try {
      return ErrorRates.parse(map.text(entry, ErrorRates.ACCEPTED));
    } catch (IllegalArgumentException e) {
      throw map.error(entry, e.getMessage());
    }
  }
}

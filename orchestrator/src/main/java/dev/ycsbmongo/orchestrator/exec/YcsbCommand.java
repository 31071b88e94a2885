package dev.ycsbmongo.orchestrator.exec;

import dev.ycsbmongo.binding.Keys;
import dev.ycsbmongo.binding.UriMasker;
import dev.ycsbmongo.binding.launch.ParentWatch;
import dev.ycsbmongo.orchestrator.plan.Phase;
import dev.ycsbmongo.orchestrator.plan.PhaseKind;
import dev.ycsbmongo.orchestrator.process.ChildJvm;
import dev.ycsbmongo.orchestrator.process.ShellWords;
import dev.ycsbmongo.orchestrator.results.YcsbOutput;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The child JVM of one phase: {@code site.ycsb.Client} (through the binding's masking entry
 * point) with our binding, YCSB's HdrHistogram measurements exported as JSON, and interval logs.
 *
 * @param argv the exact process arguments; holds no connection string (that is in the -P file)
 * @param display the same invocation as a {@code scripts/ycsb} command anyone can paste, with the
 *     connection string masked: what results and reports show
 */
public record YcsbCommand(List<String> argv, String display) {

  static final String MAIN_CLASS = "dev.ycsbmongo.binding.launch.YcsbMain";
  static final String DB_CLASS = "dev.ycsbmongo.binding.MongoDbClient";

  public YcsbCommand {
    argv = List.copyOf(argv);
  }

  /** This command with {@code option} among the child JVM's options (before the main class); display unchanged. */
  YcsbCommand withJvmOption(String option) {
    List<String> a = new ArrayList<>(argv);
    a.add(a.indexOf(MAIN_CLASS), option);
    return new YcsbCommand(a, display);
  }

  /**
   * Builds the command of {@code phase}.
   *
   * @param connectionFile the 0600 properties file holding {@code mongodb.url}
   * @param maskedUri the target's connection string with its password masked, for {@code display}
   */
  public static YcsbCommand of(Phase phase, Path phaseDir, Path connectionFile, String maskedUri,
      Duration statusInterval, ChildJvm jvm) {
    Map<String, String> props = new LinkedHashMap<>(phase.ycsbProperties());
    props.remove(Keys.THREAD_COUNT);  // given as -threads, the spelling people know
    props.putAll(measurementProperties(phaseDir, statusInterval));

    List<Path> files = new ArrayList<>();
    phase.workload().ifPresent(files::add);
    files.add(connectionFile);
    List<String> ycsbArgs = ycsbArgs(phase, files, props);

    List<String> argv = new ArrayList<>(jvm.command(phase.threads()));
    // one line per collection: names a long pause as what froze the client (SteadyState)
    argv.add(GcLog.option(phaseDir.resolve(GcLog.FILE)));
    // the child deletes the connection file's directory if it outlives the orchestrator (kill -9)
    argv.add("-D" + ParentWatch.TEMP_DIR + "=" + connectionFile.getParent());
    argv.add(MAIN_CLASS);
    argv.add("client");
    argv.addAll(ycsbArgs);
    return new YcsbCommand(argv, display(phase, props, maskedUri));
  }

  /**
   * YCSB's arguments for {@code phase} after its mode, as the one-client and the N-client runners both pass them:
   * the binding, each property file as {@code -P}, each property as {@code -p}, then the phase's threads as
   * {@code -threads} (a {@code threadcount} among {@code props} is left out: the typed count is the one that runs),
   * {@code -s} and {@code -load} or {@code -t}.
   */
  static List<String> ycsbArgs(Phase phase, List<Path> files, Map<String, String> props) {
    List<String> args = new ArrayList<>(List.of("-db", DB_CLASS));
    files.forEach(f -> args.addAll(List.of("-P", f.toString())));
    Map<String, String> without = new LinkedHashMap<>(props);
    without.remove(Keys.THREAD_COUNT);
    args.addAll(propertyArgs(without));
    args.addAll(List.of("-threads", Integer.toString(phase.threads()), "-s",
        phase.kind() == PhaseKind.LOAD ? "-load" : "-t"));
    return args;
  }

  static List<String> propertyArgs(Map<String, String> props) {
    List<String> args = new ArrayList<>();
    props.forEach((k, v) -> args.addAll(List.of("-p", k + "=" + v)));
    return args;
  }

  static Map<String, String> measurementProperties(Path phaseDir, Duration statusInterval) {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("measurementtype", "hdrhistogram");
    m.put("hdrhistogram.fileoutput", "true");
    m.put("hdrhistogram.output.path", phaseDir.resolve(YcsbOutput.HDR_DIR) + "/");
    m.put("exporter", "site.ycsb.measurements.exporter.JSONArrayMeasurementsExporter");
    m.put("exportfile", phaseDir.resolve(YcsbOutput.MEASUREMENTS_FILE).toString());
    m.put("status.interval", Long.toString(Math.max(1, statusInterval.toSeconds())));
    return m;
  }

  static String display(Phase phase, Map<String, String> props, String maskedUri) {
    List<String> words = new ArrayList<>(List.of("scripts/ycsb", phase.kind() == PhaseKind.LOAD ? "load" : "run",
        "mongodb", "-s"));
    phase.workload().ifPresent(w -> words.addAll(List.of("-P", w.toString())));
    words.addAll(propertyArgs(props));
    words.add("-p");
    words.add(Keys.URL + "=" + UriMasker.mask(maskedUri));
    words.add("-threads");
    words.add(Integer.toString(phase.threads()));
    return ShellWords.join(words);
  }
}

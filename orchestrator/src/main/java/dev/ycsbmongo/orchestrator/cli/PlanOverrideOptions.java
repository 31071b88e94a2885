package dev.ycsbmongo.orchestrator.cli;

import dev.ycsbmongo.orchestrator.plan.PlanOverrides;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import picocli.CommandLine.Option;

/**
 * {@code --uri}, {@code --uri-file}, {@code --only} and {@code --set}, the same for {@code run} and
 * {@code validate}: a study pointed at one's own deployment without editing the plan. The connection strings go
 * the way a plan's {@code ${VAR}} ones go (remembered by the masker, in a 0600 file for each child), never into
 * an argument of a child, an output line or a file.
 */
final class PlanOverrideOptions {

  @Option(names = "--uri", paramLabel = "TARGET=URI", description = "the connection string of the plan's target "
      + "TARGET, instead of its uri (repeatable). TARGET=env:NAME reads it from environment variable NAME; a URI "
      + "in an argument is visible in ps to other users of this machine until scripts/orchestrator hands it to "
      + "Java in the environment: prefer --uri-file or env:NAME where that matters")
  List<String> uris = new ArrayList<>();

  @Option(names = "--uri-file", paramLabel = "FILE", description = "TARGET=URI lines, as --uri takes them (blank "
      + "lines and # comments allowed; keep the file readable by you only)")
  List<Path> uriFiles = new ArrayList<>();

  @Option(names = "--only", paramLabel = "target=A,B,scenario=C", description = "run only these targets and/or "
      + "scenarios of the plan (names, * and ? as in a shell; repeatable), e.g. --only target=small,scenario=rw-95-5")
  List<String> only = new ArrayList<>();

  @Option(names = "--set", paramLabel = "KEY=VALUE", description = "give every cell this property value, checked as "
      + "the plan's properties are; it replaces the plan's value of KEY wherever the plan sets or sweeps it "
      + "(repeatable), e.g. --set maxexecutiontime=60. A KEY of execution.* sets that value of the plan's execution "
      + "section, e.g. --set execution.repetitions=1")
  List<String> set = new ArrayList<>();

  /** True when the command line gave --only or --set (a resumed run keeps the ones it started with). */
  boolean selectsOrSets() {
    return !only.isEmpty() || !set.isEmpty();
  }

  /** The overrides given, connection strings resolved ({@code env:NAME}, files read). */
  PlanOverrides resolve(Function<String, String> env) {
    PlanOverrides o = PlanOverrides.NONE;
    try {
      for (Map.Entry<String, String> e : connectionStrings(env).entrySet()) {
        o = o.withUri(e.getKey(), e.getValue());
      }
      for (String text : only) {
        o = o.withOnly(text);
      }
      for (String text : set) {
        o = o.withSet(text);
      }
    } catch (IllegalArgumentException e) {
      throw new BadInputException(e.getMessage());
    }
    return o;
  }

  /**
   * The overrides of a resumed run: the selection and values it started with, and the connection strings given
   * again for the targets that had {@code --uri} then (never stored); a different --only or --set would make
   * another matrix than the one recorded, so neither is taken here.
   */
  PlanOverrides forResume(PlanOverrides.Recorded started, Function<String, String> env, Path runDir) {
    if (selectsOrSets()) {
      String kept = started.describe();
      throw new BadInputException("run --resume: a resumed run keeps the --only and --set it started with ("
          + (kept.isEmpty() ? "none" : kept) + ", in " + runDir.resolve("run.json") + "); leave them out, or start"
          + " a new run");
    }
    Map<String, String> given = connectionStrings(env);
    List<String> lacking = started.uriTargets().stream().filter(t -> !given.containsKey(t)).toList();
    if (!lacking.isEmpty()) {
      throw new BadInputException("run --resume " + runDir + ": target" + (lacking.size() == 1 ? " " : "s ")
          + String.join(", ", lacking) + " had " + (lacking.size() == 1 ? "its" : "their") + " connection string"
          + " from --uri, which runs never store; give " + (lacking.size() == 1 ? "it" : "them") + " again (--uri "
          + lacking.get(0) + "=URI or --uri-file FILE)");
    }
    PlanOverrides o = PlanOverrides.NONE;
    try {
      for (Map.Entry<String, String> e : given.entrySet()) {
        o = o.withUri(e.getKey(), e.getValue());
      }
    } catch (IllegalArgumentException e) {
      throw new BadInputException(e.getMessage());
    }
    return started.with(o.uris());
  }

  /** Only the connection strings (a resume takes its selection and values from the run directory). */
  Map<String, String> connectionStrings(Function<String, String> env) {
    Map<String, String> out = new java.util.LinkedHashMap<>();
    for (Path file : uriFiles) {
      List<String> lines = readLines(file);
      for (int i = 0; i < lines.size(); i++) {
        String line = lines.get(i).strip();
        if (!line.isEmpty() && !line.startsWith("#")) {
          put(out, line, file + ":" + (i + 1) + ": ", env);
        }
      }
    }
    for (String given : uris) {
      put(out, given, "", env);
    }
    return out;
  }

  private static void put(Map<String, String> out, String given, String where, Function<String, String> env) {
    int eq = given.indexOf('=');
    String target = eq > 0 ? given.substring(0, eq).strip() : "";
    if (target.isEmpty() || target.contains(":") || target.contains("/")) {
      // the text is not echoed: it may be a bare connection string with its password
      throw new BadInputException(where + "--uri: expected TARGET=URI, the name of a target of the plan and its"
          + " connection string (e.g. --uri small=mongodb://host:27017), or TARGET=env:NAME");
    }
    String uri = given.substring(eq + 1).strip();
    uri = EnvUri.resolve(uri, env, where + "--uri " + target + "=" + uri, "TARGET=URI or TARGET=env:NAME").strip();

    if (out.containsKey(target)) {
      throw new BadInputException(where + "--uri " + target + ": given twice; expected one connection string per"
          + " target");
    }
    out.put(target, uri);
  }

  private static List<String> readLines(Path file) {
    if (!Files.isRegularFile(file)) {
      throw new BadInputException("--uri-file " + file + ": no such file; expected TARGET=URI lines");
    }
    try {
      return Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new BadInputException("--uri-file " + file + ": cannot read it (" + e.getMessage() + "); expected a"
          + " UTF-8 file of TARGET=URI lines");
    }
  }
}

package dev.ycsbmongo.orchestrator.cli;

import dev.ycsbmongo.binding.UriMasker;
import dev.ycsbmongo.orchestrator.plan.PlanLoader;
import dev.ycsbmongo.orchestrator.plan.Target;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code init --study STUDY --uri URI}: writes a plan that asks one question of one's own deployment, to run as
 * it is or to edit. A connection string with a password is written as {@code ${VAR}}, never literally.
 */
@Command(name = "init", mixinStandardHelpOptions = true, showDefaultValues = true,
    description = "Writes a starting plan for one question about your own deployment, to validate, run or edit.",
    footer = {"", "Studies:",
        "  quick         two read:write mixes at 1 and 8 threads, at most 60 s a run",
        "  thread-sweep  one 95:5 read:update mix at 1 to 64 client threads",
        "  mixes         the load and five read:write mixes (100:0 to 0:100), 16 threads",
        "", "Example:",
        "  scripts/orchestrator init --study quick --uri mongodb://db1:27017 -o q.yaml",
        "  scripts/orchestrator validate q.yaml && scripts/orchestrator run q.yaml",
        "", "Exit status: 0 the plan was written, 2 bad input (nothing written)."})
final class InitCommand implements Callable<Integer> {

  /** The studies init writes, with the question each answers, in the order --help lists them. */
  static final Map<String, String> STUDIES = studies();

  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]+");

  @Spec
  CommandSpec spec;

  @Option(names = "--study", required = true, paramLabel = "STUDY", description = "quick, thread-sweep or mixes"
      + " (see Studies below)")
  String study;

  @Option(names = "--uri", paramLabel = "URI|env:NAME", description = "the deployment's connection string, or"
      + " env:NAME to read it from environment variable NAME. One with a password (and, without --uri, the plan) reads"
      + " it from environment variable TARGET_URI when it runs (MINE_URI for target mine): the password is never"
      + " written in the file")
  String uri;

  @Option(names = "--target", paramLabel = "NAME", defaultValue = "mine", description = "the target's name in the"
      + " plan (in tables, phase ids and --uri NAME=...)")
  String target;

  @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "the plan file to write (default:"
      + " STUDY.yaml here); an existing file is left alone")
  Path output;

  private static Map<String, String> studies() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("quick", "two read:write mixes at 1 and 8 client threads");
    m.put("thread-sweep", "one read-mostly mix at 1 to 64 client threads");
    m.put("mixes", "the load and five read:write mixes at 16 client threads");
    return m;
  }

  @Override
  public Integer call() throws IOException {
    PrintWriter out = spec.commandLine().getOut();
    if (!STUDIES.containsKey(study)) {
      throw new BadInputException("init --study " + study + ": not a study init writes; accepted: "
          + String.join(", ", STUDIES.keySet()) + dev.ycsbmongo.binding.DidYouMean.closest(study,
          java.util.List.copyOf(STUDIES.keySet())).map(c -> " (did you mean '" + c + "'?)").orElse(""));
    }
    if (!NAME.matcher(target).matches()) {
      throw new BadInputException("init --target " + target + ": not a valid name; expected letters, digits, '.',"
          + " '_' and '-'");
    }
    Path file = output != null ? output : Path.of(study + ".yaml");
    String variable = target.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]", "_") + "_URI";
    if (file.getFileName().toString().endsWith(".json")) {
      throw new BadInputException("init -o " + file + ": init writes YAML; name the file .yaml");
    }
    String given = uri == null ? null : resolved(uri);
    if (given != null) {
      UriMasker.remember(given);
    }
    boolean secret = given != null && !UriMasker.passwords(given).isEmpty();
    // written literally only when nothing in it is secret: otherwise the plan reads it from the environment
    String written = given == null || secret ? "${" + variable + "}" : yamlQuoted(given);
    String text = template(study).replace("@TARGET@", target).replace("@NAME@", planName(file))
        .replace("@FILE@", file.toString()).replace("@URI@", written);
    Map<String, String> env = new LinkedHashMap<>(System.getenv());
    env.put(variable, given == null ? "mongodb://127.0.0.1:27017" : given);  // only to check the plan it writes
    PlanLoader.load(text, file.toAbsolutePath(), env);
    try {
      Files.writeString(file, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
    } catch (FileAlreadyExistsException e) {
      throw new BadInputException("init: " + file + " already exists and is left alone; give another file with -o"
          + " FILE");
    } catch (java.nio.file.NoSuchFileException e) {
      throw new BadInputException("init: cannot write " + file + ": its directory does not exist");
    }
    out.println("wrote " + file + ": " + STUDIES.get(study) + " against target " + target
        + (given == null ? "" : " (" + (Target.EMBEDDED.equals(given) ? given : UriMasker.mask(given)) + ")"));
    if (given == null || secret) {
      out.println("it reads the connection string from ${" + variable + "}" + (secret ? ", so the password stays out"
          + " of the file" : "") + ": export " + variable + "=... before running it, or give it to run with --uri "
          + target + "=env:NAME or --uri-file FILE");
    }
    out.println("next: scripts/orchestrator validate " + file + "   (checks the plan and that " + target + " answers),"
        + " then: scripts/orchestrator run " + file);
    out.flush();
    return Main.OK;
  }

  /** {@code --uri}'s value, read from the environment for {@code env:NAME}. */
  private static String resolved(String given) {
    return EnvUri.resolve(given, System::getenv, "init --uri " + given, "--uri mongodb://... or --uri env:NAME")
        .strip();
  }

  /** The plan's name: the file's, when it makes a valid one (run directories are named after it). */
  private String planName(Path file) {
    String stem = file.getFileName().toString().replaceFirst("\\.(ya?ml|json)$", "");
    return NAME.matcher(stem).matches() ? stem : study;
  }

  /** A YAML double-quoted scalar's content, and no ${ for the plan's variable substitution to read. */
  private static String yamlQuoted(String value) {
    return value.replace("\\", "\\\\").replace("\"", "\\\"").replace("${", "$${");
  }

  static String template(String study) throws IOException {
    try (InputStream in = InitCommand.class.getResourceAsStream("studies/" + study + ".yaml")) {
      if (in == null) {
        throw new IllegalStateException("the template of study " + study + " is missing from the orchestrator's jar");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}

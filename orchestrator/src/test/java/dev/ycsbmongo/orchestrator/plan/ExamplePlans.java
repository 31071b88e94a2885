package dev.ycsbmongo.orchestrator.plan;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** The example plans in workloads/plans/, for the tests that load them: their ${VAR}s given dummy values. */
public final class ExamplePlans {

  public static final Path DIR = Path.of("..", "workloads", "plans");

  private static final Pattern VARIABLE = Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*)}");

  private ExamplePlans() {
  }

  /** Every example plan, by name. */
  public static List<Path> all() throws IOException {
    try (Stream<Path> files = Files.list(DIR)) {
      return files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList();
    }
  }

  /** An environment giving each ${VAR} of a plan's text a local URL with credentials (a plan's URLs are variables). */
  public static Map<String, String> dummyEnv(String planText) {
    Map<String, String> env = new HashMap<>();
    Matcher m = VARIABLE.matcher(planText);
    while (m.find()) {
      env.put(m.group(1), "mongodb://bench:pw@127.0.0.1:27017/ycsb");
    }
    return env;
  }

  /** A plan loaded with {@link #dummyEnv} and expanded. */
  public static Matrix expand(Path plan) throws IOException {
    return PlanExpander.expand(PlanLoader.load(plan, dummyEnv(Files.readString(plan))));
  }
}

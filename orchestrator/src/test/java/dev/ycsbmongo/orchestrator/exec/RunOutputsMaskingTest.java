package dev.ycsbmongo.orchestrator.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.ConnectionString;
import dev.ycsbmongo.binding.UriMasker;
import dev.ycsbmongo.orchestrator.Causes;
import dev.ycsbmongo.orchestrator.kubernetes.FleetSpec;
import dev.ycsbmongo.orchestrator.kubernetes.JobManifests;
import dev.ycsbmongo.orchestrator.kubernetes.SecretValues;
import dev.ycsbmongo.orchestrator.plan.ConnectionKeys;
import dev.ycsbmongo.orchestrator.plan.ContainerResources;
import dev.ycsbmongo.orchestrator.plan.Matrix;
import dev.ycsbmongo.orchestrator.plan.Plan;
import dev.ycsbmongo.orchestrator.plan.PlanExpander;
import dev.ycsbmongo.orchestrator.plan.PlanLoader;
import dev.ycsbmongo.orchestrator.plan.Target;
import dev.ycsbmongo.orchestrator.report.SummaryMarkdown;
import dev.ycsbmongo.orchestrator.report.html.HtmlReport;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.ResultFixtures;
import dev.ycsbmongo.orchestrator.results.ResultsJson;
import dev.ycsbmongo.orchestrator.results.ResultsWriter;
import dev.ycsbmongo.orchestrator.results.RunDirectory;
import dev.ycsbmongo.orchestrator.results.TargetRecord;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.AnnotatedElementContext;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.io.TempDirFactory;

/**
 * 3,000 random passwords, each given the three ways a plan takes one (the password in ${VAR}, the whole
 * connection string in ${VAR}, written in the plan), through the writers of every output a run makes of
 * its targets: the run directory's plan.source.yaml, plan.yaml, matrix.txt and run.json as a run writes
 * them, a results.jsonl record (target, command, cause), summary.md, report.html, the YCSB and
 * connection-stress command lines, a driver message as a cause, and the Kubernetes Job spec. No form of
 * the password (raw, percent-encoded or -decoded, JSON-, YAML-, HTML-, shell-escaped) may be in any of
 * them, and the host must still be shown. A password shorter than three characters is masked in connection
 * strings only, so only that is checked for it. The seed is fixed so a failure repeats.
 */
class RunOutputsMaskingTest {

  /**
   * Each password goes through the plan loader and every writer (74 s of a CI run at 10,000). The masking of
   * every form of a string is the binding's UriMaskerPropertyTest's (10,000 passwords a layer); what matters
   * here is that every writer goes through the masker, which 1,000 passwords per plan form check with every
   * character class of {@link Passwords} many times over.
   */
  static final int PASSWORDS = 3_000;
  static final String HOST = "127.0.0.1:27017";

  private static final KubernetesSerialization KUBERNETES = new KubernetesSerialization();

  private static final String PLAN = """
      name: masking
      targets:
        - {name: t, uri: URI}
      scenarios:
        - {name: a, workload: ../workloads/rw-50-50}
      """;

  @Test
  void noOutputOfARunHoldsThePasswordInAnyForm(@TempDir(factory = InMemory.class) Path root) throws IOException {
    Random random = new Random(24_0001L);
    String innocent = outputs(root, "'mongodb://bench:x@" + HOST + "/ycsb'", Map.of(), "x", true);
    assertTrue(innocent.contains("bench:****@" + HOST), "the writers show no masked URI:\n" + innocent);
    int checked = 0;
    for (int i = 0; i < PASSWORDS; i++) {
      String password = Passwords.next(random);
      String written = Passwords.uriForm(password, random);
      String full = "mongodb://bench:" + written + "@" + HOST + "/ycsb";
      String planUri;
      Map<String, String> env;
      switch (i % 3) {
        case 0 -> {
          planUri = "\"mongodb://bench:${PW}@" + HOST + "/ycsb\"";
          env = Map.of("PW", written);
        }
        case 1 -> {
          planUri = "\"${URI}\"";
          env = Map.of("URI", full);
        }
        default -> {
          planUri = "'" + full.replace("'", "''") + "'";
          env = Map.of();
        }
      }
      assertEquals(password, new String(new ConnectionString(full).getPassword()), "the test's URL means its password");
      String out;
      try {
        out = outputs(root, planUri, env, password, i % 100 == 0);
      } finally {
        UriMasker.forget(full);
      }
      // a password shorter than 3 characters is masked in connection strings only: its bare forms are not checked
      Set<String> forms = new java.util.LinkedHashSet<>();
      if (password.length() >= 3) {
        forms.addAll(UriMasker.forms(password));
        forms.addAll(UriMasker.forms(written));
      }
      boolean overlaps = false;
      for (String form : forms) {
        if (form.length() < 3) {
          continue;
        }
        if (innocent.contains(form)) {
          overlaps = true;
          continue;
        }
        int at = out.indexOf(form);
        assertTrue(at < 0, "password #" + i + " form '" + form + "' in the outputs near '"
            + out.substring(Math.max(0, at - 120), Math.min(out.length(), at + form.length() + 60)) + "'");
      }
      if (!overlaps) {
        assertTrue(out.contains("bench:****@" + HOST), "password #" + i + ": host not shown");
        checked++;
      }
    }
    assertTrue(checked > PASSWORDS * 9 / 10, "host check skipped for " + (PASSWORDS - checked) + " passwords");
  }

  /** Every output the run makes of its target, as the run's own writers make it, joined. */
  private static String outputs(Path root, String planUri, Map<String, String> env, String password,
      boolean writeResults) throws IOException {
    String source = PLAN.replace("URI", planUri);
    Plan plan = PlanLoader.load(source, Path.of("plan.yaml"), env);
    Matrix matrix = PlanExpander.expand(plan);
    Target target = plan.targets().get(0);
    Path dirPath = root.resolve("run");
    RunDirectory dir = new RunDirectory(Files.createDirectories(dirPath));
    // the run's own writer of its plan files, each rewritten for every password
    RunSession.writePlanFiles(dir, matrix, source);

    var phase = matrix.phases().get(0);
    String command = YcsbCommand.display(phase, phase.effectiveProperties(), target.maskedUri());
    String stress = ConnectionPhase.command(target.maskedUri(),
        new ConnectionKeys.Settings(100, 10.0, Duration.ofSeconds(5), Duration.ofSeconds(30)));
    // the driver's own rendering of a connection string holds the password; a cause quoting it must not
    String cause = Causes.rootMessage(new IllegalStateException("cannot reach " + new ConnectionString(target.uri())
        + " as " + password));
    PhaseResult fixture = ResultFixtures.run(1, "t", "a", 8, 1, 300, 900, 6000, 6000, ResultFixtures.EMBEDDED);
    PhaseResult record = fixture.toBuilder()
        .target(new TargetRecord(target.name(), target.maskedUri(), target.labels())).command(command)
        .parametersFromProperties().cause(cause).clients(null).build();
    // results.jsonl's line as its writer makes it; the writer itself (which syncs every record to the disk)
    // writes one password in a hundred
    String line = ResultsJson.line(record);
    Files.deleteIfExists(dir.file(RunDirectory.RESULTS));
    if (writeResults) {
      try (ResultsWriter results = ResultsWriter.open(dir.path())) {
        results.append(record);
      }
    }
    List<PhaseResult> records = List.of(record);
    String summary = SummaryMarkdown.render(records);
    String html = HtmlReport.render(new HtmlReport.Input(plan.name(), null, dir.runId(),
        Files.readString(dir.file(RunDirectory.PLAN)), records, summary, List.of(), List.of(), "test"));
    String job = KUBERNETES.asJson(JobManifests.job(new FleetSpec("cell-0001", "bench",
        "registry.example.com/ycsb-mongodb-client:0.1.0", "IfNotPresent",
        new ContainerResources(Map.of("cpu", "2"), Map.of()), Map.of(), Optional.empty(), Map.of(), 2,
        List.of("/app/bin/ycsb-client"), List.of("run", "-P", "workloads/workloada"),
        SecretValues.of(Map.of("MONGODB_URI", target.uri())), Duration.ofMinutes(2), Duration.ofMinutes(10))));

    List<String> all = new ArrayList<>();
    try (Stream<Path> files = Files.walk(dirPath)) {
      for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
        all.add(dirPath.relativize(f) + ":\n" + Files.readString(f, StandardCharsets.UTF_8));
      }
    }
    Map<String, String> rendered = new LinkedHashMap<>();
    rendered.put("results.jsonl line", line);
    rendered.put("summary.md", summary);
    rendered.put("report.html", html);
    rendered.put("ycsb command", command);
    rendered.put("connection-stress command", stress);
    rendered.put("cause", cause);
    rendered.put("Job spec", job);
    rendered.put("target", target.toString());
    rendered.forEach((name, text) -> all.add(name + ":\n" + text));
    return String.join("\n", all);
  }

  /**
   * The run directory in memory (tmpfs) where the machine has one: the run's writers force every file to
   * the disk before renaming it, four files per password here, and those 40,000 syncs were this test's
   * largest cost on a busy disk (measured on the 2-core CI machine under load: a small write and force took
   * 4.2 ms on /tmp's disk, 0.11 ms on /dev/shm). The same writers still write, force and rename the same
   * bytes; only the medium differs, which masking does not depend on.
   */
  static final class InMemory implements TempDirFactory {
    @Override
    public Path createTempDirectory(AnnotatedElementContext element, ExtensionContext context) throws IOException {
      Path memory = Path.of("/dev/shm");
      return Files.isDirectory(memory) && Files.isWritable(memory)
          ? Files.createTempDirectory(memory, "junit-") : Files.createTempDirectory("junit-");
    }
  }
}

package dev.ycsbmongo.orchestrator.results;

import dev.ycsbmongo.orchestrator.FileNames;
import dev.ycsbmongo.orchestrator.plan.Phase;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * One run's directory, {@code results/<plan>-<yyyyMMdd-HHmmss>/}: every file of the run is named here.
 * <pre>
 * plan.yaml          the plan as resolved (defaults filled in, passwords masked)
 * plan.source.yaml   the plan file as written (passwords masked), what --resume re-reads
 * run.json           where the plan came from, when the run started
 * matrix.txt         the expanded phases, as validate prints them
 * results.jsonl      one record per phase, appended as each phase ends
 * summary.csv/.md    the tables, rendered from results.jsonl only
 * summary-long.csv   the client figures one per row (phase, window, operation, figure), for notebooks
 * report.html        one self-contained page: environment, charts, tables, failures, commands, plan
 * phases/NNN-kind-.../  each phase's command, YCSB output, exported measurements, HDR logs
 * </pre>
 */
public record RunDirectory(Path path) {

  public static final String PLAN = "plan.yaml";
  public static final String PLAN_SOURCE = "plan.source.yaml";
  public static final String RUN_INFO = "run.json";
  public static final String MATRIX = "matrix.txt";
  public static final String RESULTS = "results.jsonl";
  public static final String SUMMARY_CSV = "summary.csv";
  public static final String SUMMARY_MD = "summary.md";
  public static final String REPORT_HTML = "report.html";
  /** The comparisons {@code report --compare} made within the run, one BY=A,B a line: redrawn with the tables. */
  public static final String COMPARISONS = "comparisons.txt";
  static final String PHASES = "phases";
  public static final String COMMAND = "command.txt";

  public RunDirectory {
    path = path.toAbsolutePath().normalize();
  }

  private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT);

  /** Creates a new, empty run directory under {@code root}; never reuses one. */
  public static RunDirectory create(Path root, String planName, LocalDateTime now) {
    try {
      Files.createDirectories(root);
      String base = FileNames.bounded(planName) + "-" + STAMP.format(now);
      for (int n = 1; ; n++) {
        Path candidate = root.resolve(n == 1 ? base : base + "-" + n);
        try {
          return new RunDirectory(Files.createDirectory(candidate));
        } catch (java.nio.file.FileAlreadyExistsException e) {
          // two runs of one plan in the same second: take the next suffix
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create the run directory under " + root + ": " + e.getMessage(), e);
    }
  }

  public String runId() {
    return path.getFileName().toString();
  }

  public Path file(String name) {
    return path.resolve(name);
  }

  /** {@code phases/007-run-rw-50-50-threadcount-8-rep-1}: sorted like the plan, readable, file-system safe. */
  public Path phaseDir(Phase phase) {
    String slug = phase.id().replaceAll("[^A-Za-z0-9._=-]+", "-").replace('=', '-').replaceAll("-+", "-");
    if (slug.length() > 120) {
      slug = slug.substring(0, 120);
    }
    return path.resolve(PHASES).resolve(String.format(Locale.ROOT, "%03d-%s", phase.index(), slug));
  }

  /**
   * A fresh directory for a phase's new attempt; an earlier attempt's files are kept beside it
   * ({@code ...prev-1}), because nothing measured is ever thrown away.
   */
  public Path freshPhaseDir(Phase phase) throws IOException {
    Path dir = phaseDir(phase);
    if (Files.exists(dir)) {
      for (int n = 1; ; n++) {
        Path aside = dir.resolveSibling(dir.getFileName() + ".prev-" + n);
        if (!Files.exists(aside)) {
          Files.move(dir, aside);
          break;
        }
      }
    }
    return Files.createDirectories(dir);
  }
}

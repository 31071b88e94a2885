package dev.ycsbmongo.orchestrator.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ycsbmongo.orchestrator.plan.CompareSpec;
import dev.ycsbmongo.orchestrator.plan.Plan;
import dev.ycsbmongo.orchestrator.plan.PlanLoader;
import dev.ycsbmongo.orchestrator.plan.PublishedTable;
import dev.ycsbmongo.orchestrator.report.SummaryFiles;
import dev.ycsbmongo.orchestrator.report.compare.Comparison;
import dev.ycsbmongo.orchestrator.report.compare.Figure;
import dev.ycsbmongo.orchestrator.report.compare.Pair;
import dev.ycsbmongo.orchestrator.report.compare.Range;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.ResultsReader;
import dev.ycsbmongo.orchestrator.results.RunDirectory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * A shipped published table ({@code workloads/published/}) replayed on its plan into {@code dir} through the whole
 * report pipeline, as {@code report --replay} does: the records as read back from results.jsonl, and the files.
 */
record Replayed(Path dir, Plan plan, List<PhaseResult> records, List<String> warnings) {

  static final Path PUBLISHED = Path.of("..", "workloads", "published");

  static Replayed of(String published, Path dir) throws IOException {
    return of(published, dir, UnaryOperator.identity());
  }

  /** With the plan's text changed by {@code planEdit} first (a swapped label, to see a finding turn over). */
  static Replayed of(String published, Path dir, UnaryOperator<String> planEdit) throws IOException {
    PublishedTable table = PublishedTable.read(PUBLISHED.resolve(published));
    Path planFile = table.plan().orElseThrow();
    Plan plan = PlanLoader.load(planEdit.apply(Files.readString(planFile, StandardCharsets.UTF_8)), planFile,
        Replay.ANY_ENVIRONMENT);
    List<PhaseResult> records = Replay.records(Replay.expand(plan), table);
    assertEquals(table.cells().size(), records.size(), "one record per published cell");
    Replay.write(new RunDirectory(dir), plan, records);
    List<String> warnings = SummaryFiles.write(new RunDirectory(dir));
    return new Replayed(dir, plan, ResultsReader.read(dir).results(), warnings);
  }

  /** The comparison as the report pipeline makes it: the plan's own pairing rules for it. */
  Comparison compare(String by) throws IOException {
    CompareSpec spec = CompareSpec.parse(by);
    return Comparison.of(records, spec, SummaryFiles.planRules(new RunDirectory(dir), spec));
  }

  String file(String name) throws IOException {
    return Files.readString(dir.resolve(name), StandardCharsets.UTF_8);
  }

  List<String> lines(String name) throws IOException {
    return Files.readAllLines(dir.resolve(name), StandardCharsets.UTF_8);
  }

  static Range across(Comparison c, String group, Figure f) {
    return c.rangesAcross().stream().filter(r -> r.group().equals(group) && r.figure() == f).findFirst()
        .orElseThrow(() -> new AssertionError("no range " + group + " " + f + " in " + c.rangesAcross()));
  }

  static double change(Pair p, Figure f) {
    Double v = p.change(f).percent();
    if (v == null) {
      throw new AssertionError("no " + f + " change in " + p);
    }
    return v;
  }
}

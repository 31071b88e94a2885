package dev.ycsbmongo.orchestrator.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** {@code report.tables}: read with the plan; its syntax refused at the line and key path that is wrong. */
class TableSpecReaderTest {

  /** Lines 1-10, then the tables from line 11. */
  private static final String PLAN = """
      name: q
      targets:
        - {name: ssd, uri: embedded, labels: {storage: local SSD, ratio: "1:2"}}
      scenarios:
        - {name: a, workload: ../workloads/rw-50-50}
        - {name: b, workload: ../workloads/rw-50-50}
      properties:
        recordcount: 10
      report:
        tables:
      """;

  private static Plan load(String tables) {
    return PlanLoader.load(PLAN + tables, Path.of("plan.yaml"), Map.of());
  }

  private static void assertRejected(String tables, String expected) {
    PlanException e = assertThrows(PlanException.class, () -> load(tables));
    assertEquals(expected, e.getMessage());
  }

  @Test
  void readsKeysHeadingsAndTheirLines() {
    TableSpec t = load("""
            - name: by-size
              title: 性能比較
              scenarios: [a]
              per: [scenario, storage]
              rows: [{ratio: "CPU: メモリ"}, target]
              across: {server.chainingAllowed: chaining}
              acrossHeaders: {"true": enabled}
              columns: [recordcount, {threads: スレッド}, throughput]
        """).tables().get(0);
    assertEquals("by-size", t.name());
    assertEquals(Optional.of("性能比較"), t.title());
    assertEquals(List.of("a"), t.scenarios());
    assertEquals(List.of("scenario", "storage"), t.per().stream().map(TableSpec.Key::written).toList());
    assertEquals(Optional.of("CPU: メモリ"), t.rows().get(0).header());
    assertEquals("report.tables[0].rows[0]", t.rows().get(0).path());
    assertEquals(15, t.rows().get(0).line());
    assertEquals("server.chainingAllowed", t.across().orElseThrow().key());
    assertEquals(Map.of("true", "enabled"), t.acrossHeaders());
    assertEquals("threadcount", t.columns().get(1).key());
    assertEquals("threads", t.columns().get(1).written());
    assertTrue(load("").tables().isEmpty());
  }

  @Test
  void validatePrintsEachTableInOneLineUnderTheExecutionLine() {
    String printed = MatrixPrinter.render(PlanExpander.expand(load("""
            - {name: by-size, scenarios: [a], per: [scenario], rows: [{ratio: "CPU: メモリ"}], columns: [threads, ral]}
            - {name: chaining, across: target, columns: [throughput]}
        """)));
    assertTrue(printed.contains("\ntable: by-size: scenarios a; per scenario; rows ratio; columns threads, ral ->"
        + " tables/by-size.md\ntable: chaining: across target; columns throughput -> tables/chaining.md\n\n"), printed);
  }

  @Test
  void rejectsAListThatIsNotOne() {
    assertRejected("    name: x\n", "plan.yaml:11: report.tables: expected a list of tables (maps with name and"
        + " columns), found a map");
  }

  @Test
  void rejectsATableWithoutColumns() {
    assertRejected("    - {name: t, rows: [ratio]}\n", "plan.yaml:11: report.tables[0].columns: required key is"
        + " missing; expected a list of keys (figures such as throughput, ral, wal, or properties and labels)");
  }

  @Test
  void rejectsAKeyInPerAndRows() {
    assertRejected("    - {name: t, per: [storage], rows: [storage], columns: [throughput]}\n",
        "plan.yaml:11: report.tables[0].rows[0]: 'storage' is also report.tables[0].per[0] (line 11); a key places"
            + " cells once: per, rows and across take different keys");
  }

  @Test
  void rejectsThreadsTwiceHoweverSpelt() {
    assertRejected("    - {name: t, rows: [threads], columns: [threadcount]}\n",
        "plan.yaml:11: report.tables[0].columns[0]: 'threadcount' is already report.tables[0].rows[0] (line 11),"
            + " shown once per row or table; remove it from columns");
  }

  @Test
  void rejectsAColumnListedTwice() {
    assertRejected("    - {name: t, columns: [ral, ral]}\n", "plan.yaml:11: report.tables[0].columns[1]: 'ral' is"
        + " listed twice (also report.tables[0].columns[0], line 11); expected each column once");
  }

  @Test
  void rejectsAHeadingThatIsNotText() {
    assertRejected("    - {name: t, columns: [{ral: [a, b]}]}\n", "plan.yaml:11: report.tables[0].columns[0]: the"
        + " heading of 'ral' must be text, found a list; expected a KEY or a one-entry map {KEY: \"Header text\"}");
  }

  @Test
  void rejectsAcrossHeadersWithoutAcross() {
    assertRejected("    - {name: t, acrossHeaders: {a: b}, columns: [ral]}\n", "plan.yaml:11:"
        + " report.tables[0].acrossHeaders: headings for across's values need across; add across: KEY or remove"
        + " acrossHeaders");
  }

  @Test
  void rejectsAMisspeltScenario() {
    assertRejected("    - {name: t, columns: [ral], scenarios: [aa]}\n", "plan.yaml:11: report.tables[0].scenarios[0]:"
        + " 'aa' is not a scenario of this plan; accepted: a, b (did you mean 'a'?)");
  }

  @Test
  void readsWhichFiguresATableShowsTheWholeRunByDefault() {
    assertEquals(TableSpec.Figures.WHOLE, load("    - {name: t, columns: [throughput]}\n").tables().get(0).figures());
    assertEquals(TableSpec.Figures.STEADY, load("    - {name: t, columns: [throughput], figures: steady}\n").tables()
        .get(0).figures());
    assertEquals(TableSpec.Figures.BOTH, load("    - {name: t, columns: [throughput], figures: both}\n").tables()
        .get(0).figures());
  }

  @Test
  void refusesAFiguresValueItDoesNotKnowWithTheAcceptedOnes() {
    String accepted = "accepted: whole, steady, both (whole: the whole run, as YCSB prints it and the documents publish"
        + " it; steady: the window after the ramp-up; both: side by side)";
    assertRejected("    - {name: t, columns: [throughput], figures: mser}\n",
        "plan.yaml:11: report.tables[0].figures: 'mser' is not a figures value; " + accepted);
    assertRejected("    - {name: t, columns: [throughput], figures: Whole}\n",
        "plan.yaml:11: report.tables[0].figures: 'Whole' is not a figures value; " + accepted);
    PlanException e = assertThrows(PlanException.class,
        () -> load("    - {name: t, columns: [throughput], figures: [whole, steady]}\n"));
    assertTrue(e.getMessage().startsWith("plan.yaml:11: report.tables[0].figures: expected one of whole, steady, both"),
        e.getMessage());
  }
}

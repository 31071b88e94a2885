package dev.ycsbmongo.orchestrator.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code report.compare}: read with the plan, checked against its expanded cells before anything runs. */
class PlanComparisonsTest {

  /** Two targets told apart by a label, two chaining settings, two thread counts: lines 1-14. */
  private static final String PLAN = """
      name: q
      targets:
        - {name: ssd, uri: embedded, labels: {storage: local SSD, engine: "4.2"}}
        - {name: disk, uri: embedded, labels: {storage: cloud disk, engine: "4.4"}}
      scenarios:
        - {name: a, workload: ../workloads/rw-50-50}
        - {name: hold, kind: connections, properties: {connections.count: 10}}
      sweep:
        threads: [1, 8]
        server.chainingAllowed: [true, false]
      properties:
        recordcount: 10
      report:
        compare:
      """;

  private static Matrix expand(String yaml) {
    return PlanExpander.expand(PlanLoader.load(yaml, Path.of("plan.yaml"), Map.of()));
  }

  private static void assertRejected(String compare, String expected) {
    PlanException e = assertThrows(PlanException.class, () -> expand(PLAN + compare));
    assertEquals(expected, e.getMessage());
    assertFalse(e.getMessage().contains("\n"), "one line");
  }

  @Test
  void readsEachEntryAsBYEqualsAB() {
    Plan p = expand(PLAN + """
            - server.chainingAllowed=true,false
            - threads=1,8
            - storage=local SSD,cloud disk
            - target=ssd,disk
        """).plan();
    assertEquals(List.of("server.chainingAllowed=true,false", "threads=1,8", "storage=local SSD,cloud disk",
        "target=ssd,disk"), p.comparisons().stream().map(c -> c.spec().toString()).toList());
    assertEquals("threadcount", p.comparisons().get(1).spec().key());
    assertEquals(15, p.comparisons().get(0).line());
    assertEquals(List.of(), expand(PLAN.replace("  compare:\n", "  compare: []\n")).plan().comparisons());
  }

  @Test
  void validatePrintsThemUnderTheExecutionLine() {
    String printed = MatrixPrinter.render(expand(PLAN + "    - threads=1,8\n    - storage=local SSD,cloud disk\n"));
    assertEquals("compare: threads=1,8; storage=local SSD,cloud disk", printed.lines()
        .filter(l -> l.startsWith("compare: ")).findFirst().orElseThrow());
  }

  @Test
  void rejectsAnEntryThatIsNotBYEqualsAB() {
    assertRejected("    - threads\n", "plan.yaml:15: report.compare[0]: 'threads': expected BY=A,B (e.g."
        + " server.chainingAllowed=true,false or storage=ssd,cloud)");
    assertRejected("    - threads=8,8\n", "plan.yaml:15: report.compare[0]: threads=8,8: A and B are the same value");
    assertRejected("    - {by: threads}\n", "plan.yaml:15: report.compare[0].by: 'threads': expected BY=A,B (e.g."
        + " server.chainingAllowed=true,false or storage=ssd,cloud)");
    assertRejected("    - [threads]\n", "plan.yaml:15: report.compare[0]: expected BY=A,B or a map with by, differing"
        + " and rangesOver, found a list");
    assertRejected("    - threads=1,8\n    - threads=1,8\n", "plan.yaml:16: report.compare[1]: 'threads=1,8' is"
        + " listed twice (also line 15); expected each comparison once");
  }

  @Test
  void saysWhyAFlowListBrokeAnEntryApart() {
    PlanException e = assertThrows(PlanException.class, () -> expand(PLAN.replace("  compare:\n",
        "  compare: [server.chainingAllowed=true,false]\n")));
    assertEquals("plan.yaml:14: report.compare[0]: 'server.chainingAllowed=true': expected BY=A,B (e.g."
        + " server.chainingAllowed=true,false or storage=ssd,cloud); in a [flow list] YAML splits an entry at its"
        + " commas: write one entry per line as - BY=A,B", e.getMessage());
  }

  @Test
  void rejectsWhatIsNotAListAndUnknownKeys() {
    PlanException notList = assertThrows(PlanException.class, () -> expand(PLAN.replace("  compare:\n",
        "  compare: threads=1,8\n")));
    assertEquals("plan.yaml:14: report.compare: expected a list of BY=A,B entries (e.g. -"
        + " server.chainingAllowed=true,false), found the text 'threads=1,8'", notList.getMessage());
    PlanException unknown = assertThrows(PlanException.class, () -> expand(PLAN.replace("  compare:\n",
        "  compair: []\n")));
    assertEquals("plan.yaml:14: report.compair: unknown key; accepted: compare, describes, charts, tables (did you mean 'compare'?)",
        unknown.getMessage());
  }

  @Test
  void rejectsABYThePlanDoesNotVaryWithItsChoices() {
    assertRejected("    - chainingAllowed=true,false\n", "plan.yaml:15: report.compare[0]:"
        + " 'chainingAllowed=true,false': BY 'chainingAllowed' is not a coordinate, a target label or target of this"
        + " plan; did you mean 'server.chainingAllowed'? BY can be: threadcount, server.chainingAllowed, storage,"
        + " engine, target");
    assertRejected("    - run=a,b\n", "plan.yaml:15: report.compare[0]: 'run=a,b': run compares two run"
        + " directories, which only 'report RUN_DIR --against RUN_DIR_B' can; expected a coordinate, a target label"
        + " or target");
  }

  @Test
  void rejectsAValueNoCellHas() {
    assertRejected("    - threads=1,16\n", "plan.yaml:15: report.compare[0]: 'threads=1,16': threadcount has"
        + " no value '16' in the compared cells; threadcount takes: 1, 8");
    assertRejected("    - storage=local SSD,clud disk\n", "plan.yaml:15: report.compare[0]:"
        + " 'storage=local SSD,clud disk': storage has no value 'clud disk' in the compared cells; did you mean"
        + " 'cloud disk'? storage takes: local SSD, cloud disk");
  }

  @Test
  void listsAtMostTwelveValuesAnAxisTakes() {
    String sweep = "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]";
    PlanException e = assertThrows(PlanException.class, () -> expand(PLAN.replace("threads: [1, 8]", "threads: " + sweep)
        + "    - threads=1,16\n"));
    assertEquals("plan.yaml:15: report.compare[0]: 'threads=1,16': threadcount has no value '16' in the compared"
        + " cells; threadcount takes: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 and 2 more", e.getMessage());
  }

  @Test
  void acceptsAComparisonOfConnectionStressCells() {
    Plan p = expand("""
        name: q
        targets:
          - {name: t, uri: embedded}
        scenarios:
          - {name: hold, kind: connections}
        sweep:
          connections.count: [10, 20]
        report:
          compare:
            - connections.count=10,20
        """).plan();
    assertEquals("connections.count=10,20", p.comparisons().get(0).spec().toString());
  }

  @Test
  void readsTheMappingFormWithItsAcceptedDifferencesAndRangesOver() {
    Plan p = expand(PLAN + """
            - server.chainingAllowed=true,false
            - by: storage=local SSD,cloud disk
              differing: [threads, recordcount]
              rangesOver: [engine]
            - {by: "target=ssd,disk", differing: threadcount}
        """).plan();
    PlanComparison scalar = p.comparisons().get(0);
    assertEquals(PairingRules.NONE, scalar.rules());
    PlanComparison storage = p.comparisons().get(1);
    assertEquals("storage=local SSD,cloud disk", storage.spec().toString());
    assertEquals(java.util.Set.of(CellProperty.THREADS, CellProperty.RECORDCOUNT), storage.rules().differing());
    assertEquals(List.of("engine"), storage.rules().rangesOver());
    assertEquals(16, storage.line());
    assertEquals(18, storage.rangesOverLine());
    assertEquals(java.util.Set.of(CellProperty.THREADS), p.comparisons().get(2).rules().differing(),
        "threadcount is threads, and one word needs no list");
    String printed = MatrixPrinter.render(expand(PLAN.replace("  compare:\n", "  charts: {splitBy: storage}\n  compare:\n")
        + "    - by: storage=local SSD,cloud disk\n      differing: [recordcount, threads]\n      rangesOver: [engine]\n"));
    assertEquals(List.of("compare: storage=local SSD,cloud disk (differing: threads, recordcount; rangesOver: engine)",
        "charts: split by storage"), printed.lines().filter(l -> l.startsWith("compare: ") || l.startsWith("charts: "))
        .toList(), "validate prints the rules as read");
  }

  @Test
  void rejectsAnUnknownDifferenceAtItsLineWithTheAcceptedOnes() {
    assertRejected("    - by: storage=local SSD,cloud disk\n      differing: [threads, cores]\n",
        "plan.yaml:16: report.compare[0].differing: 'cores' is not a property a pair may differ in; accepted:"
            + " threads (threadcount), clients, recordcount, operationcount");
    assertRejected("    - by: storage=local SSD,cloud disk\n      differing: [thread]\n",
        "plan.yaml:16: report.compare[0].differing: 'thread' is not a property a pair may differ in; accepted:"
            + " threads (threadcount), clients, recordcount, operationcount (did you mean 'threads'?)");
    assertRejected("    - by: storage=local SSD,cloud disk\n      differing: [threads, threads]\n",
        "plan.yaml:16: report.compare[0].differing: 'threads' is listed twice; expected each once");
  }

  @Test
  void rejectsARangesOverKeyThePlansCellsDoNotHave() {
    assertRejected("    - by: storage=local SSD,cloud disk\n      rangesOver: [engin]\n",
        "plan.yaml:16: report.compare[0].rangesOver: 'engin' is not a target label or coordinate of the compared"
            + " cells; rangesOver can be: storage, engine, threadcount, server.chainingAllowed"
            + " (did you mean 'engine'?)");
    assertRejected("    - by: storage=local SSD,cloud disk\n      rangesOver: storage\n",
        "plan.yaml:16: report.compare[0].rangesOver: 'storage' is BY itself: every pair spans both of its values;"
            + " expected another label or coordinate (e.g. ratio)");
  }

  @Test
  void rejectsUnknownKeysAndAMissingByInTheMappingForm() {
    assertRejected("    - by: storage=local SSD,cloud disk\n      rangeOver: [engine]\n",
        "plan.yaml:16: report.compare[0].rangeOver: unknown key; accepted: by, differing, rangesOver (did you mean"
            + " 'rangesOver'?)");
    assertRejected("    - differing: [threads]\n", "plan.yaml:15: report.compare[0].by: required key is missing;"
        + " expected BY=A,B (e.g. storage=cloud disk,local SSD)");
  }

  @Test
  void saysWhyAFlowMapBrokeByApart() {
    assertRejected("    - {by: target=ssd,disk, differing: threads}\n", "plan.yaml:15: report.compare[0].by:"
        + " 'target=ssd' lost its second value: in a {flow map} YAML splits an entry at its commas; quote it (by:"
        + " \"target=ssd,disk\") or write the map one key per line");
  }

  @Test
  void readsChartsSplitByALabelOfTheTargets() {
    Plan p = expand(PLAN.replace("  compare:\n", "  charts: {splitBy: storage}\n")).plan();
    assertEquals("storage", p.charts().splitBy());
    assertEquals(ChartSettings.NONE, expand(PLAN.replace("report:\n  compare:\n", "")).plan().charts());
  }

  @Test
  void readsChartsColourByALabelOfTheTargetsAndRejectsOneNoneHas() {
    Plan p = expand(PLAN.replace("  compare:\n", "  charts: {colourBy: engine}\n")).plan();
    assertEquals(new ChartSettings(null, "engine"), p.charts());
    PlanException e = assertThrows(PlanException.class, () -> expand(PLAN.replace("  compare:\n",
        "  charts: {colourBy: engin}\n")));
    assertEquals("plan.yaml:14: report.charts.colourBy: 'engin' is not a label of any target; accepted: storage,"
        + " engine (did you mean 'engine'?)", e.getMessage());
  }

  @Test
  void rejectsASplitByNoTargetHasWithTheLabelsItCouldBe() {
    PlanException e = assertThrows(PlanException.class, () -> expand(PLAN.replace("  compare:\n",
        "  charts: {splitBy: storag}\n")));
    assertEquals("plan.yaml:14: report.charts.splitBy: 'storag' is not a label of any target; accepted: storage,"
        + " engine (did you mean 'storage'?)", e.getMessage());
    PlanException key = assertThrows(PlanException.class, () -> expand(PLAN.replace("  compare:\n",
        "  charts: {split: storage}\n")));
    assertEquals("plan.yaml:14: report.charts.split: unknown key; accepted: splitBy, colourBy (did you mean 'splitBy'?)",
        key.getMessage());
  }
}

package dev.ycsbmongo.orchestrator.report.tables;

import static dev.ycsbmongo.orchestrator.report.tables.TableFixtures.cell;
import static dev.ycsbmongo.orchestrator.report.tables.TableFixtures.spec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.plan.PhaseKind;
import dev.ycsbmongo.orchestrator.plan.TableSpec;
import dev.ycsbmongo.orchestrator.report.tables.TableShaper.Shaped;
import dev.ycsbmongo.orchestrator.report.tables.TableShaper.Table;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.PhaseStatus;
import dev.ycsbmongo.orchestrator.results.ResultFixtures;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Tables laid out as the studies publish theirs, from result records. */
class TableShaperTest {

  private static final String STUDY_1 = """
        - name: by-size
          per: [scenario, storage]
          rows: [{ratio: "CPU: メモリ"}, {instance: インスタンスタイプ}]
          columns: [recordcount, {threads: スレッド}, {throughput: スループット}, ral, wal]
      """;

  /** Study 1 in small: three local-SSD sizes over two ratios and one cloud-disk size, two mixes. */
  private static List<PhaseResult> study1() {
    List<PhaseResult> r = new ArrayList<>();
    int i = 1;
    for (String scenario : List.of("rw-100-0", "rw-50-50")) {
      r.add(size(i++, "ssd-1c2g", "local SSD", "1:2", "1 core, 2 GB", 1_000_000, 4, scenario, 3.5));
      r.add(size(i++, "ssd-2c4g", "local SSD", "1:2", "2 cores, 4 GB", 2_000_000, 8, scenario, 7.6));
      r.add(size(i++, "ssd-8c32g", "local SSD", "1:4", "8 cores, 32 GB", 16_000_000, 32, scenario, 29.1));
      r.add(size(i++, "disk-4c8g", "cloud disk", "1:2", "4 cores, 8 GB", 4_000_000, 16, scenario, 18.2));
    }
    return r;
  }

  private static PhaseResult size(int index, String target, String storage, String ratio, String instance,
      long records, int threads, String scenario, double kOps) {
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put("storage", storage);
    labels.put("ratio", ratio);
    labels.put("instance", instance);
    return cell(index, target, labels, scenario, Map.of(), Map.of("recordcount", Long.toString(records),
        "threadcount", Integer.toString(threads)), kOps, 600);
  }

  private static List<String> texts(List<TableColumns.Value> row) {
    return row.stream().map(TableColumns.Value::text).toList();
  }

  @Test
  void shapesStudy1OneTablePerScenarioAndStorageWithRowsByRatioAndSize() {
    Shaped s = TableShaper.shape(spec(STUDY_1), study1());
    assertEquals(4, s.tables().size());
    assertEquals(List.of("scenario: rw-100-0, storage: local SSD", "scenario: rw-100-0, storage: cloud disk",
        "scenario: rw-50-50, storage: local SSD", "scenario: rw-50-50, storage: cloud disk"),
        s.tables().stream().map(t -> t.per().get(0).label() + ": " + t.per().get(0).value() + ", "
            + t.per().get(1).label() + ": " + t.per().get(1).value()).toList());
    Table ssd = s.tables().get(0);
    assertEquals(List.of("CPU: メモリ", "インスタンスタイプ", "recordcount", "スレッド", "スループット, whole run",
        "RAL, whole run (µs)", "WAL, whole run (µs)"), ssd.header());
    // the whole run by default: YCSB's own throughput (1.01x the steady window's in these fixtures), its latencies
    assertEquals(List.of("1:2", "1 core, 2 GB", "1000000", "4", "3,535", "667", "1,000"), texts(ssd.rows().get(0)));
    assertEquals(List.of("1:4", "8 cores, 32 GB", "16000000", "32", "29,391", "667", "1,000"),
        texts(ssd.rows().get(2)));
    assertTrue(s.notes().stream().noneMatch(n -> n.startsWith("Added")), "no key added: " + s.notes());
  }

  @Test
  void printsTheFirstRowKeyOncePerGroupInMarkdownAndOnEveryRowInCsv() {
    Shaped s = TableShaper.shape(spec(STUDY_1), study1());
    String md = ShapedTableFiles.markdown(s, false);
    assertTrue(md.contains("""
        | CPU: メモリ | インスタンスタイプ | recordcount | スレッド | スループット, whole run | RAL, whole run (µs) | WAL, whole run (µs) |
        |:---|:---|---:|---:|---:|---:|---:|
        | 1:2 | 1 core, 2 GB | 1000000 | 4 | 3,535 | 667 | 1,000 |
        |  | 2 cores, 4 GB | 2000000 | 8 | 7,676 | 667 | 1,000 |
        | 1:4 | 8 cores, 32 GB | 16000000 | 32 | 29,391 | 667 | 1,000 |
        """), md);
    String csv = ShapedTableFiles.csv(TableShaper.shape(spec(STUDY_1).withFigures(TableSpec.Figures.BOTH), study1())
        .tables().get(0));
    // the CSV beside the table carries both definitions, whatever the Markdown shows (headings with a comma quoted)
    assertEquals("CPU: メモリ,インスタンスタイプ,recordcount,スレッド,\"スループット, whole run\",\"スループット, steady\","
        + "\"RAL, whole run (µs)\",\"RAL, steady (µs)\",\"WAL, whole run (µs)\",\"WAL, steady (µs)\"\n"
        + "1:2,\"1 core, 2 GB\",1000000,4,3535,3500,666.67,600,1000,900\n"
        + "1:2,\"2 cores, 4 GB\",2000000,8,7676,7600,666.67,600,1000,900\n"
        + "1:4,\"8 cores, 32 GB\",16000000,32,29391,29100,666.67,600,1000,900\n", csv);
  }

  @Test
  void markdownSpellsOutRalAndWalOnceAndWarnsOfTheEmbeddedServer() {
    Shaped s = TableShaper.shape(spec(STUDY_1), study1());
    String md = ShapedTableFiles.markdown(s, true);
    assertTrue(md.startsWith("# by-size\n\nRAL = read average latency"), md);
    assertEquals(1, md.split("RAL = read average latency", -1).length - 1);
    assertTrue(md.contains("Measured against the embedded MongoDB-wire test server"), md);
    assertFalse(ShapedTableFiles.markdown(s, false).contains("embedded"));
    assertTrue(md.contains("\n## scenario: rw-100-0, storage: local SSD\n"), md);
  }

  @Test
  void namesOneCsvPerTableByItsPerValues() {
    Shaped s = TableShaper.shape(spec(STUDY_1), study1());
    assertEquals(List.of("by-size-rw-100-0-local_SSD.csv", "by-size-rw-100-0-cloud_disk.csv",
        "by-size-rw-50-50-local_SSD.csv", "by-size-rw-50-50-cloud_disk.csv"), ShapedTableFiles.csvNames(s));
    Shaped single = TableShaper.shape(spec("    - {name: all, rows: [target], columns: [throughput], scenarios: [rw-50-50]}\n"),
        study1());
    assertEquals(List.of("all.csv"), ShapedTableFiles.csvNames(single));
  }

  /** Study 3 in small: one set, chaining on/off x writeConcern 1/majority, with server figures. */
  private static List<PhaseResult> study3() {
    List<PhaseResult> r = new ArrayList<>();
    int i = 1;
    for (String chaining : List.of("true", "false")) {
      for (String wc : List.of("1", "majority")) {
        Map<String, String> coords = new LinkedHashMap<>();
        coords.put("server.chainingAllowed", chaining);
        coords.put("mongodb.writeConcern", wc);
        PhaseResult c = cell(i, "rs3", Map.of("members", "3"), "load", coords, Map.of(),
            (wc.equals("1") ? 15 : 5) + (chaining.equals("true") ? 0.3 : 0), 500);
        r.add(ResultFixtures.with(c, PhaseKind.RUN, coords, c.phaseId(), PhaseStatus.SUCCEEDED, null,
            ResultFixtures.serverMetrics(), null));
        i++;
      }
    }
    return r;
  }

  @Test
  void transposesStudy3WithTheFiguresDownTheFirstColumnAndOneColumnPerSetting() {
    Shaped s = TableShaper.shape(spec("""
            - name: chaining
              per: [target, {mongodb.writeConcern: writeConcern}]
              across: server.chainingAllowed
              acrossHeaders: {"true": Replikasi berantai diaktifkan, "false": Replikasi berantai dinonaktifkan}
              columns: [{throughput: Throughput (OPS)}, {cpu: Pemanfaatan CPU}, qps]
              figures: steady
        """), study3());
    assertEquals(2, s.tables().size());
    Table w1 = s.tables().get(0);
    assertEquals("writeConcern", w1.per().get(1).label());
    assertEquals("1", w1.per().get(1).value());
    assertEquals(List.of("Item", "Replikasi berantai diaktifkan", "Replikasi berantai dinonaktifkan"), w1.header());
    assertEquals(List.of("Throughput, steady (OPS)", "15,300", "15,000"), texts(w1.rows().get(0)));
    assertEquals("Pemanfaatan CPU", w1.rows().get(1).get(0).text());
    assertEquals("25.0", w1.rows().get(1).get(1).text());
    assertEquals(List.of("Throughput, steady (OPS)", "5,300", "5,000"), texts(s.tables().get(1).rows().get(0)));
    assertTrue(ShapedTableFiles.markdown(s, false).contains("| Item | Replikasi berantai diaktifkan |"));
  }

  @Test
  void headsAcrossValuesWithKeyAndValueWhenThePlanGivesNoHeading() {
    Shaped s = TableShaper.shape(spec("""
            - {name: t, rows: [mongodb.writeConcern], across: server.chainingAllowed, columns: [throughput]}
        """), study3());
    Table t = s.tables().get(0);
    assertEquals(List.of("mongodb.writeConcern", "server.chainingAllowed=true", "server.chainingAllowed=false"),
        t.header());
    assertEquals(List.of("1", "15,453", "15,150"), texts(t.rows().get(0)));
  }

  /** Study 4 in small: one server, two data scales, threads 1..8; rises to 4 threads, latency jumps after 2. */
  private static List<PhaseResult> study4() {
    List<PhaseResult> r = new ArrayList<>();
    int i = 1;
    for (String records : List.of("5000000", "30000000")) {
      double scale = records.equals("5000000") ? 1 : 0.5;
      // 2 -> 4: throughput x1.58, latency x2.29, beyond the knee tolerance (x1.25): the knee is 2
      double[][] points = {{1, 10, 100}, {2, 19, 105}, {4, 30, 240}, {8, 25, 500}};
      for (double[] p : points) {
        Map<String, String> coords = new LinkedHashMap<>();
        coords.put("recordcount", records);
        coords.put("threadcount", Integer.toString((int) p[0]));
        r.add(cell(i++, "ts90", Map.of(), "S2", coords, Map.of("recordcount", records), p[1] * scale, p[2]));
      }
    }
    return r;
  }

  @Test
  void givesOneRowPerCurveWithItsBestThreadCountPeakAndKnee() {
    Shaped s = TableShaper.shape(spec("""
            - name: best
              per: [scenario]
              rows: [{recordcount: 数据量}]
              columns: [{bestThreads: 最佳线程数}, peakThroughput, kneeThreads]
        """), study4());
    Table t = s.tables().get(0);
    assertEquals(List.of("数据量", "最佳线程数", "Peak throughput (ops/s)", "Knee (threads)"), t.header());
    assertEquals(List.of(List.of("5000000", "4", "30,000", "2"), List.of("30000000", "4", "15,000", "2")),
        t.rows().stream().map(TableShaperTest::texts).toList());
    assertTrue(s.notes().stream().anyMatch(n -> n.startsWith("One row per curve")), s.notes().toString());
    assertEquals("5000000,4,30000,2\n", ShapedTableFiles.csv(t).lines().skip(1).findFirst().orElseThrow() + "\n");
  }

  @Test
  void repeatsTheCurveFigureOnEveryCellWhenMixedWithCellFigures() {
    Shaped s = TableShaper.shape(spec("""
            - {name: mixed, rows: [recordcount, threads], columns: [throughput, bestThreads]}
        """), study4());
    Table t = s.tables().get(0);
    assertEquals(8, t.rows().size());
    assertEquals(List.of("5000000", "1", "10,100", "4"), texts(t.rows().get(0)));
    assertEquals(List.of("5000000", "8", "25,250", "4"), texts(t.rows().get(3)));
  }

  @Test
  void appendsAVaryingIdentityAsARowKeyRatherThanMergeCells() {
    Shaped s = TableShaper.shape(spec("""
            - {name: merged, per: [scenario], rows: [ratio], columns: [throughput]}
        """), study1());
    Table t = s.tables().get(0);
    assertEquals(List.of("ratio", "target", "Throughput, whole run (ops/s)"), t.header());
    assertEquals(4, t.rows().size(), "one row per cell");
    assertEquals(List.of("1:2", "ssd-1c2g", "3,535"), texts(t.rows().get(0)));
    assertTrue(s.notes().stream().anyMatch(n -> n.startsWith("Added target as row keys")), s.notes().toString());
  }

  @Test
  void appendsAThreadSweepAsARowKeyWhenTheTableShowsCellFigures() {
    Shaped s = TableShaper.shape(spec("    - {name: t, rows: [recordcount], columns: [throughput]}\n"), study4());
    assertEquals(List.of("recordcount", "threads", "Throughput, whole run (ops/s)"), s.tables().get(0).header());
  }

  @Test
  void splitsATransposedTableByAVaryingIdentityItDoesNotPlace() {
    Shaped s = TableShaper.shape(spec("""
            - {name: t, across: server.chainingAllowed, columns: [throughput]}
        """), study3());
    assertEquals(2, s.tables().size());
    assertEquals("mongodb.writeConcern", s.tables().get(0).per().get(0).label());
    assertTrue(s.notes().get(0).startsWith("Added mongodb.writeConcern to the table headings"), s.notes().toString());
  }

  @Test
  void showsAFailedCellWithDashesAndItsStatus() {
    List<PhaseResult> records = new ArrayList<>(study1());
    records.set(1, TableFixtures.failed(records.get(1), "error rate 5% above maxErrorRate 1%"));
    Shaped s = TableShaper.shape(spec(STUDY_1), records);
    Table ssd = s.tables().get(0);
    assertEquals("Status", ssd.header().get(ssd.header().size() - 1));
    assertEquals(List.of("", "2 cores, 4 GB", "2000000", "8", "-", "-", "-",
        "FAILED: error rate 5% above maxErrorRate 1%"), texts(ssd.rows().get(1)).stream()
        .map(v -> v.equals("1:2") ? "" : v).toList());
    assertEquals("ok", ssd.rows().get(0).get(ssd.header().size() - 1).text());
    assertTrue(s.notes().stream().anyMatch(n -> n.startsWith("Status added")), s.notes().toString());
  }

  @Test
  void showsAnUnstableCellWithoutTheFiguresItDidNotDefend() {
    List<PhaseResult> records = new ArrayList<>(study1());
    PhaseResult r = records.get(0);
    records.set(0, ResultFixtures.with(r, r.kind(), r.coordinates(), r.phaseId(), PhaseStatus.UNSTABLE,
        "throughput still rising", null, null));
    Table t = TableShaper.shape(spec("    - {name: t, per: [scenario, storage], rows: [instance], columns: [throughput,"
        + " status]}\n"), records).tables().get(0);
    assertEquals(List.of("1 core, 2 GB", "-", "UNSTABLE: throughput still rising"), texts(t.rows().get(0)));
  }

  @Test
  void givesATransposedTableAStatusRowWhenACellFailedAndDashesWhereASettingHasNoCell() {
    List<PhaseResult> records = new ArrayList<>(study3());
    records.set(0, TableFixtures.failed(records.get(0), "replSetReconfig refused"));
    records.remove(3);  // chaining off, majority: never run
    Shaped s = TableShaper.shape(spec("""
            - {name: t, per: [mongodb.writeConcern], across: server.chainingAllowed, columns: [throughput]}
        """), records);
    assertEquals(List.of(List.of("Throughput, whole run (ops/s)", "-", "15,150"), List.of("Status",
        "FAILED: replSetReconfig refused", "ok")), s.tables().get(0).rows().stream().map(TableShaperTest::texts).toList());
    assertEquals(List.of(List.of("Throughput, whole run (ops/s)", "5,353", "-"), List.of("Status", "ok", "-")),
        s.tables().get(1).rows().stream().map(TableShaperTest::texts).toList());
  }

  @Test
  void refusesAKeyTheRecordsDoNotHave() {
    TableShaper.TableProblem e = assertThrows(TableShaper.TableProblem.class,
        () -> TableShaper.shape(spec("    - {name: t, rows: [tier], columns: [throughput]}\n"), study1()));
    assertEquals("report.tables[0].rows[0]: 'tier' is not a figure, label, coordinate or property of this run's cells",
        e.getMessage());
  }
}

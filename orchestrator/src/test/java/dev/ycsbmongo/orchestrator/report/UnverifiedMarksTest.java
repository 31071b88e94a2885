package dev.ycsbmongo.orchestrator.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.plan.CompareSpec;
import dev.ycsbmongo.orchestrator.plan.PhaseKind;
import dev.ycsbmongo.orchestrator.plan.PlanLoader;
import dev.ycsbmongo.orchestrator.plan.TableSpec;
import dev.ycsbmongo.orchestrator.report.charts.ChartPlanner;
import dev.ycsbmongo.orchestrator.report.charts.ChartSpec;
import dev.ycsbmongo.orchestrator.report.compare.Comparison;
import dev.ycsbmongo.orchestrator.report.compare.ComparisonCsv;
import dev.ycsbmongo.orchestrator.report.compare.ComparisonMarkdown;
import dev.ycsbmongo.orchestrator.report.tables.ShapedTableFiles;
import dev.ycsbmongo.orchestrator.report.tables.TableShaper;
import dev.ycsbmongo.orchestrator.results.AppliedSettings;
import dev.ycsbmongo.orchestrator.results.AppliedSettings.Check;
import dev.ycsbmongo.orchestrator.results.AppliedSettings.Verification;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.PhaseStatus;
import dev.ycsbmongo.orchestrator.results.ResultFixtures;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Study 3 run in manual mode against servers that cannot say what chaining is set to: every table,
 * comparison and chart that shows those cells marks them, and the comparison's finding says first
 * that the setting was not confirmed. The same cells confirmed on the server carry no mark.
 */
class UnverifiedMarksTest {

  private static final String WHY = "not a replica set (replSetGetConfig: no such command: 'replSetGetConfig')";

  /** rs3's four cells (chaining x write concern), throughput falling with chaining off; verified or not. */
  private static List<PhaseResult> study3(Verification v) {
    List<PhaseResult> out = new ArrayList<>();
    int i = 1;
    for (String chaining : List.of("true", "false")) {
      for (String w : List.of("1", "majority")) {
        double kOps = ("true".equals(chaining) ? 20 : 10) * ("1".equals(w) ? 2 : 1);
        long half = (long) (kOps * 1000 * 50 / 2 * 6 / 5);
        PhaseResult r = ResultFixtures.run(i, "rs3", "load", 8, 1, 300, 450, half, half, ResultFixtures.MONGO);
        Map<String, String> coords = new LinkedHashMap<>();
        coords.put("server.chainingAllowed", chaining);
        coords.put("mongodb.writeConcern", w);
        r = ResultFixtures.with(r, PhaseKind.RUN, coords, "run/rs3/load/" + coords, PhaseStatus.SUCCEEDED, null, null,
            null);
        Check check = new Check("settings.chainingAllowed", v, chaining, v == Verification.VERIFIED ? chaining : null,
            v == Verification.VERIFIED ? "replSetGetConfig" : WHY);
        out.add(withSettings(r, new AppliedSettings(Map.of("server.chainingAllowed", chaining, "server.apply",
            "manual"), "set by hand", List.of(check))));
        i++;
      }
    }
    return out;
  }

  private static PhaseResult withSettings(PhaseResult r, AppliedSettings s) {
    return r.toBuilder().serverSettings(s).clients(null).build();
  }

  private static final String FINDING = "unverified: setting settings.chainingAllowed was not confirmed on the server";
  private static final String FOOTNOTE = "† " + FINDING + " (rs3: " + WHY + "); these cells ran on the plan's word.";

  @Test
  void summaryRowsAndChangeTablesAreMarkedWithTheFootnote() {
    String md = SummaryMarkdown.render(study3(Verification.UNVERIFIED));
    assertTrue(md.contains("| ok † |"), md);
    assertTrue(md.contains("\n" + FOOTNOTE + "\n"), md);
    assertTrue(md.contains("Range over the rows: " + FINDING + "; Throughput, steady "), md);

    String confirmed = SummaryMarkdown.render(study3(Verification.VERIFIED));
    assertFalse(confirmed.contains("†"), confirmed);
    assertFalse(confirmed.contains("unverified"), confirmed);
  }

  @Test
  void aComparisonOfUnconfirmedSettingsSaysSoBeforeItsFinding() {
    Comparison c = Comparison.of(study3(Verification.UNVERIFIED), CompareSpec.parse("server.chainingAllowed=true,false"));
    String md = ComparisonMarkdown.render(c);
    assertTrue(md.contains("\n- " + FINDING + "; Throughput: server.chainingAllowed=false is "), md);
    assertFalse(md.contains("\n- Throughput:"), "no finding line without the mark:\n" + md);
    assertTrue(md.contains("\n" + FOOTNOTE + "\n"), md);
    assertTrue(md.lines().filter(l -> l.startsWith("| ") && !l.startsWith("| mongodb.writeConcern |")
        && !l.startsWith("|:")).allMatch(l -> l.contains("†")), "every pair's row is marked:\n" + md);
    String csv = ComparisonCsv.render(c);
    assertTrue(csv.lines().findFirst().orElseThrow().endsWith(",unverified"), csv);
    assertTrue(csv.lines().skip(1).allMatch(l -> l.endsWith("," + FINDING)), csv);

    Comparison ok = Comparison.of(study3(Verification.VERIFIED), CompareSpec.parse("server.chainingAllowed=true,false"));
    String okMd = ComparisonMarkdown.render(ok);
    assertTrue(okMd.contains("\n- Throughput: server.chainingAllowed=false is "), okMd);
    assertFalse(okMd.contains("†"), okMd);
    assertFalse(ComparisonCsv.render(ok).contains("unverified"), "a confirmed run keeps the CSV's shape");
  }

  @Test
  void publishedShapeTablesMarkEachUnconfirmedFigureAndKeepTheCsvNumeric() {
    TableSpec spec = PlanLoader.tables("""
        report:
          tables:
            - name: chaining
              per: [target, mongodb.writeConcern]
              across: server.chainingAllowed
              columns: [throughput]
        """, Path.of("plan.yaml")).get(0);
    TableShaper.Shaped shaped = TableShaper.shape(spec, study3(Verification.UNVERIFIED));
    String md = ShapedTableFiles.markdown(shaped, false);
    assertTrue(md.contains("- " + FOOTNOTE + "\n"), md);
    assertTrue(md.contains("| Throughput, whole run (ops/s) | 40,400 † | 20,200 † |"), md);
    String csv = ShapedTableFiles.csv(shaped.tables().get(0));
    assertFalse(csv.contains("†"), csv);
    assertFalse(ShapedTableFiles.markdown(TableShaper.shape(spec, study3(Verification.VERIFIED)), false).contains("†"));
  }

  @Test
  void chartsNameTheUnconfirmedSeriesAndSayWhyUnderneath() {
    List<PhaseResult> records = new ArrayList<>(study3(Verification.UNVERIFIED));
    // a second target measured without any setting to confirm: its line stays unmarked
    records.add(ResultFixtures.run(9, "plain", "load", 8, 1, 300, 450, 600_000, 600_000, ResultFixtures.MONGO));
    List<ChartSpec> charts = ChartPlanner.plan(records, Path.of("no-such-run"));
    ChartSpec timeline = charts.stream().filter(c -> c.id().equals("run-timeline")).findFirst().orElseThrow();
    assertEquals(List.of("load (run) †", "load (run)"), timeline.series().stream().map(ChartSpec.Series::name)
        .toList());
    assertTrue(timeline.footer().endsWith(" · † " + FINDING), timeline.footer());
    List<ChartSpec> confirmed = ChartPlanner.plan(study3(Verification.VERIFIED), Path.of("no-such-run"));
    assertTrue(confirmed.stream().noneMatch(c -> c.footer().contains("†")
        || c.series().stream().anyMatch(x -> x.name().contains("†"))));
  }
}

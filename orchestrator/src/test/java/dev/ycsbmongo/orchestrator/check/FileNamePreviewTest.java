package dev.ycsbmongo.orchestrator.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.FileNames;
import dev.ycsbmongo.orchestrator.process.HostLimits;
import dev.ycsbmongo.orchestrator.results.RunDirectory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code validate} accepts names too long for a file name and says which file each becomes. */
class FileNamePreviewTest {

  private static final HostLimits LIMITS = HostLimits.fixed(32_310, "a test machine");
  private static final String TABLE = "t".repeat(300);
  private static final String LABEL = "ローカルSSDストレージ".repeat(20);

  private static PlanCheck.Checked check(String name, String label) {
    return check(name, label, TABLE);
  }

  private static PlanCheck.Checked check(String name, String label, String table) {
    return PlanCheck.load("""
        name: %s
        targets:
          - {name: a, uri: embedded, labels: {storage: "%s"}}
          - {name: b, uri: embedded, labels: {storage: short}}
        scenarios: [{name: rw}]
        properties: {workload: site.ycsb.workloads.CoreWorkload, recordcount: 10, operationcount: 10}
        report:
          compare:
            - "storage=%s,short"
          tables:
            - {name: %s, per: [storage], columns: [throughput]}
        """.formatted(name, label, label, table), Path.of("plan.yaml"), Map.of(), new PlanCheck.Options(false, LIMITS));
  }

  /** The names are pinned, hash included: a redraw of an earlier run must find and replace the same files. */
  @Test
  void namesTheFileEachLongNameBecomes() {
    List<String> warnings = check("p".repeat(150), LABEL).warnings();
    String plan = FileNames.bounded("p".repeat(150));
    assertEquals(List.of(
        "name 'pppppppppppppppppppppppppppppppp…' (150 characters) is too long for a file name: the run directories"
            + " are named " + plan + "-<yyyyMMdd-HHmmss>",
        "plan.yaml:9: report.compare[0]: 'storage=ローカルSSDストレージローカルSSDストレージ…' (254 characters) is too"
            + " long for a file name: it is written as " + FileNames.bounded("comparison-storage-"
            + "____SSD_____".repeat(20) + "-vs-short") + ".md and .csv",
        "plan.yaml:11: report.tables[0].name: 'tttttttttttttttttttttttttttttttt…' (300 characters) is too long for a"
            + " file name: it is written as tables/" + "t".repeat(91) + "-0afa5eb0.md",
        "plan.yaml:11: report.tables[0].per: the per values make 2 CSV names too long for a file name: written as"
            + " tables/" + "t".repeat(41) + "-0afa5eb0-" + "_SSD".repeat(10) + "-b57ab476.csv, tables/" + "t".repeat(41)
            + "-0afa5eb0-short.csv"), warnings);
    for (String w : warnings) {
      assertTrue(w.getBytes(StandardCharsets.UTF_8).length < 400, "one readable line: " + w);
    }
  }

  @Test
  void saysNothingOfNamesThatFit() {
    assertEquals(List.of(), check("study", "local SSD", "by-storage").warnings().stream()
        .filter(w -> w.contains("too long for a file name")).toList());
  }

  @Test
  void theRunDirectoryIsTheNameValidateShows(@TempDir Path tmp) throws IOException {
    RunDirectory dir = RunDirectory.create(tmp, "p".repeat(300), LocalDateTime.of(2026, 11, 26, 3, 0, 0));
    assertEquals(FileNames.bounded("p".repeat(300)) + "-20261126-030000", dir.runId());
  }
}

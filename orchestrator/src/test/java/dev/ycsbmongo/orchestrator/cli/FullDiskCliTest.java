package dev.ycsbmongo.orchestrator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.ycsbmongo.orchestrator.process.ChildJvm;
import dev.ycsbmongo.orchestrator.results.ResultFixtures;
import dev.ycsbmongo.orchestrator.results.ResultsWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code report} in a process whose writes fail at the file system ({@code ulimit -f}: a write past 1 KiB fails
 * with EFBIG, as a full disk fails one with ENOSPC, and no root is needed): the report files written before keep
 * their content, and the failure is one line naming the file and the free space.
 */
class FullDiskCliTest {

  @Test
  void aReportThatCannotBeWrittenKeepsTheEarlierOneAndSaysWhichFile(@TempDir Path tmp) throws Exception {
    assumeTrue(Files.isExecutable(Path.of("/bin/bash")), "needs bash for ulimit");
    Path dir = Files.createDirectories(tmp.resolve("study-20261122-101500"));
    try (ResultsWriter w = ResultsWriter.open(dir)) {
      for (int i = 1; i <= 12; i++) {  // enough rows that summary.csv is well over 1 KiB
        w.append(ResultFixtures.run(i, i % 2 == 0 ? "aws-medium" : "aws-large", "rw-50-50", i, 1, 300, 500,
            100_000, 100_000, ResultFixtures.MONGO));
      }
    }
    assertEquals(0, InProcessCli.run("report", dir.toString()).exit());
    byte[] csv = Files.readAllBytes(dir.resolve("summary.csv"));
    byte[] html = Files.readAllBytes(dir.resolve("report.html"));
    assertTrue(csv.length > 2048, "summary.csv must exceed the limit: " + csv.length);

    ChildJvm jvm = ChildJvm.current();
    List<String> command = new ArrayList<>(List.of("/bin/bash", "-c",
        "ulimit -f 1 && exec \"$0\" -cp \"$1\" dev.ycsbmongo.orchestrator.cli.Main report \"$2\"",
        jvm.java().toString(), jvm.classPath(), dir.toString()));
    Process p = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "report ends");
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);

    assertEquals(1, p.exitValue(), err);
    assertEquals(1, err.lines().count(), "one line: " + err);
    assertTrue(err.matches("orchestrator: cannot write " + java.util.regex.Pattern.quote(
        dir.resolve("summary.csv").toString()) + ": File too large \\([\\d.]+ (bytes|KiB|MiB|GiB|TiB|PiB) free on its"
        + " file system\\); its earlier content is kept; the records are safe in results.jsonl: make room, then"
        + " `orchestrator report .*` writes the report again\n"), err);
    assertTrue(java.util.Arrays.equals(csv, Files.readAllBytes(dir.resolve("summary.csv"))), "summary.csv intact");
    assertTrue(java.util.Arrays.equals(html, Files.readAllBytes(dir.resolve("report.html"))), "report.html intact");
    try (Stream<Path> left = Files.list(dir)) {
      assertEquals(List.of(), left.filter(f -> f.getFileName().toString().endsWith(".tmp")).toList(),
          "nothing half-written is left beside them");
    }
  }
}

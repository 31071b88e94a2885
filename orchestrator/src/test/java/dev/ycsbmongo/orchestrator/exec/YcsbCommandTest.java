package dev.ycsbmongo.orchestrator.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.plan.Phase;
import dev.ycsbmongo.orchestrator.plan.PhaseKind;
import dev.ycsbmongo.orchestrator.process.ChildJvm;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class YcsbCommandTest {

  private static final ChildJvm JVM = new ChildJvm(Path.of("/jdk/bin/java"), "/cp/*", List.of());

  @Test
  void runsYcsbThroughTheMaskingEntryPointWithExportsAndIntervalLogs() {
    Phase run = Phases.of(PhaseKind.RUN, Map.of("threadcount", "8", "operationcount", "1000"), 8,
        Optional.of(Path.of("/w/rw-50-50")));
    YcsbCommand c = YcsbCommand.of(run, Path.of("/runs/r1/phases/003"), Path.of("/tmp/x/connection.properties"),
        "mongodb://u:****@h:27017/ycsb", Duration.ofSeconds(1), JVM);
    List<String> argv = c.argv();
    assertEquals("/jdk/bin/java", argv.get(0));
    assertTrue(argv.contains("-XX:+UseParallelGC"));
    // the child ends with the orchestrator and removes its connection file's directory then
    assertTrue(argv.subList(0, argv.indexOf(YcsbCommand.MAIN_CLASS)).containsAll(List.of(
        "-Dycsbmongo.parentPid=" + ProcessHandle.current().pid(), "-Dycsbmongo.parentTempDir=/tmp/x")), argv.toString());
    int main = argv.indexOf(YcsbCommand.MAIN_CLASS);
    assertEquals(List.of("client", "-db", YcsbCommand.DB_CLASS, "-P", "/w/rw-50-50", "-P", "/tmp/x/connection.properties"),
        argv.subList(main + 1, main + 8));
    assertTrue(argv.contains("exportfile=/runs/r1/phases/003/measurements.json"));
    assertTrue(argv.contains("hdrhistogram.output.path=/runs/r1/phases/003/hdr/"));
    assertTrue(argv.contains("status.interval=1"));
    assertEquals(List.of("-threads", "8", "-s", "-t"), argv.subList(argv.size() - 4, argv.size()));
    assertFalse(argv.stream().anyMatch(a -> a.startsWith("threadcount=") || a.contains("mongodb.url")));
    assertTrue(c.display().startsWith("scripts/ycsb run mongodb -s -P /w/rw-50-50 -p operationcount=1000 "), c.display());
    assertTrue(c.display().endsWith("-p 'mongodb.url=mongodb://u:****@h:27017/ycsb' -threads 8"), c.display());
  }

  @Test
  void loadsWithLoadFlagAndManyThreadsGetSmallStacks() {
    Phase load = Phases.of(PhaseKind.LOAD, Map.of("recordcount", "100"), 2000, Optional.empty());
    YcsbCommand c = YcsbCommand.of(load, Path.of("/p"), Path.of("/c"), "mongodb://h/ycsb", Duration.ofSeconds(2), JVM);
    assertEquals("-load", c.argv().get(c.argv().size() - 1));
    assertTrue(c.argv().contains("-Xss256k") && c.argv().contains("-XX:+UseSerialGC"));
    assertTrue(c.argv().contains("status.interval=2"));
    assertTrue(c.display().startsWith("scripts/ycsb load mongodb -s "));
  }
}

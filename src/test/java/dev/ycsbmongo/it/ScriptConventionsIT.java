package dev.ycsbmongo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every launcher in scripts/ answers --help (usage and examples) and --version (with the commit), exit 0. */
class ScriptConventionsIT {

  @TempDir
  Path workDir;

  private static List<Path> launchers() throws IOException {
    try (Stream<Path> s = Files.list(ProjectRoot.find().resolve("scripts"))) {
      return s.filter(Files::isRegularFile).filter(Files::isExecutable).sorted().toList();
    }
  }

  @Test
  void everyLauncherAnswersHelpAndVersion() throws Exception {
    List<Path> launchers = launchers();
    assertEquals(List.of("embedded-mongo", "first-benchmark", "orchestrator", "ycsb"),
        launchers.stream().map(p -> p.getFileName().toString()).toList(), "a new launcher must answer both too");
    for (Path launcher : launchers) {
      String name = launcher.getFileName().toString();
      LauncherRun help = LauncherRun.run(workDir, Duration.ofSeconds(60), Map.of(), null,
          List.of(launcher.toString(), "--help"));
      assertEquals(0, help.exitCode, name + " --help\n" + help.stderr);
      assertTrue(help.stdout.toLowerCase(java.util.Locale.ROOT).contains("usage"), name + " --help\n" + help.stdout);
      assertTrue(help.stdout.contains("Example"), name + " --help has examples\n" + help.stdout);

      LauncherRun version = LauncherRun.run(workDir, Duration.ofSeconds(60), Map.of(), null,
          List.of(launcher.toString(), "--version"));
      assertEquals(0, version.exitCode, name + " --version\n" + version.stderr);
      String line = version.stdout.strip();
      assertEquals(1, line.lines().count(), line);
      assertTrue(line.startsWith(name + " "), line);
      // built from this clone (the ITs run after mvn package): the commit git names, short
      assertTrue(line.matches(".*, commit [0-9a-f]{12}( with local changes)? \\(YCSB 0\\.17\\.0.*"), line);
      assertFalse(line.contains("not built"), line);
    }
  }

  @Test
  void firstBenchmarkRefusesAnUnknownOptionInOneLine() throws Exception {
    Path launcher = ProjectRoot.find().resolve("scripts/first-benchmark");
    LauncherRun r = LauncherRun.run(workDir, Duration.ofSeconds(60), Map.of(), null,
        List.of(launcher.toString(), "--records"));
    assertEquals(2, r.exitCode);
    assertEquals("first-benchmark: unknown option '--records'; usage: scripts/first-benchmark [RECORDS] [OPERATIONS]"
        + " [THREADS] (see --help)", r.stderr.strip());
  }
}

package dev.ycsbmongo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A password in {@code mongodb.url} stays out of everything a run leaves behind: stdout, stderr,
 * the files it writes, and the java process's command line (which any local user can read).
 * The test server may reject the credentials: the operations' outcome does not matter here.
 */
@ExtendWith(MongoServerExtension.class)
class CredentialsIT {

  static final String USER = "benchuser";
  static final String PASSWORD = "S3cretPassw0rd42";

  @TempDir
  Path workDir;

  private Path ycsb;
  private String url;

  @BeforeEach
  void setUp(TestMongo mongo) {
    ycsb = Launchers.ycsb();
    url = ConnectionStrings.withCredentials(mongo.uri("ycsb"), USER, PASSWORD);
  }

  @Test
  void shouldKeepThePasswordOutOfOutputFilesAndTheJavaCommandLine() throws Exception {
    Path export = workDir.resolve("export.txt");
    Map<Long, List<String>> javaCommandLines = new LinkedHashMap<>();

    // Where the server rejects the credentials, the connection check ends the launcher in one
    // line before YCSB starts. Where it accepts them, -target 50 keeps the JVM alive long enough
    // to read its /proc/<pid>/cmdline.
    LauncherRun run = LauncherRun.run(workDir, Duration.ofSeconds(120), Map.of(),
        process -> watchJavaCommandLines(process, javaCommandLines),
        Launchers.command(ycsb, "load", 2, "-target", "50",
            "-p", "recordcount=100",
            "-p", "core_workload_insertion_retry_limit=2",
            "-p", "core_workload_insertion_retry_interval=1",
            "-p", "mongodb.serverSelectionTimeoutMs=3000",
            "-p", "exportfile=" + export,
            "-p", "mongodb.url=" + url));
    System.out.println("[it] " + run.describe());

    if (run.exitCode == 2 && run.stderr.contains("authentication failed")) {
      // a server that rejects the credentials (the embedded one has no authentication at all)
      // stops the launcher's connection check before YCSB starts: one line naming the user
      assertEquals(1, run.stderr.strip().lines().count(), "one line\n" + run.diagnostics());
      assertTrue(run.stderr.contains("authentication failed for user '" + USER + "'")
          && run.stderr.contains("mongodb://" + USER + ":****@"), run.diagnostics());
    } else {
      assertTrue(Files.exists(export) && Files.readString(export).contains("[OVERALL]"),
          "YCSB ran to the end and exported its measurements to " + export + "\n" + run.diagnostics());
    }
    assertPasswordNowhere(run);
    assertFalse(javaCommandLines.isEmpty(), "saw no java process while the launcher ran\n" + run.diagnostics());
    javaCommandLines.forEach((pid, argv) -> assertFalse(String.join(" ", argv).contains(PASSWORD),
        "password in /proc/" + pid + "/cmdline of the java process: " + String.join(" ", argv)));
  }

  @Test
  void shouldKeepThePasswordOutOfTheOutputWhenAnOptionIsInvalid() throws Exception {
    Path export = workDir.resolve("export.txt");
    Map<Long, List<String>> javaCommandLines = new LinkedHashMap<>();

    LauncherRun run = LauncherRun.run(workDir, Duration.ofSeconds(120), Map.of(),
        process -> watchJavaCommandLines(process, javaCommandLines),
        Launchers.command(ycsb, "load", 1,
            "-p", "recordcount=10",
            "-p", "mongodb.writeConcern=w7xyz",
            "-p", "exportfile=" + export,
            "-p", "mongodb.url=" + url));
    System.out.println("[it] " + run.describe());

    assertTrue((run.stdout + run.stderr).contains("mongodb.writeConcern"),
        "the invalid option is reported by name\n" + run.diagnostics());
    assertPasswordNowhere(run);
    // Best effort: a run that stops at once may end before its command line can be read.
    System.out.println("[it] java command lines read while running: " + javaCommandLines.size());
    javaCommandLines.forEach((pid, argv) -> assertFalse(String.join(" ", argv).contains(PASSWORD),
        "password in /proc/" + pid + "/cmdline of the java process: " + String.join(" ", argv)));
  }

  private void assertPasswordNowhere(LauncherRun run) throws IOException {
    assertFalse(run.stdout.contains(PASSWORD), "password on stdout\n" + run.diagnostics());
    assertFalse(run.stderr.contains(PASSWORD), "password on stderr\n" + run.diagnostics());
    List<String> filesWithPassword = new ArrayList<>();
    List<Path> files;
    try (Stream<Path> walk = Files.walk(workDir)) {
      files = walk.filter(Files::isRegularFile).toList();
    }
    for (Path file : files) {
      if (new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1).contains(PASSWORD)) {
        filesWithPassword.add(workDir.relativize(file).toString());
      }
    }
    assertTrue(files.size() >= 2, "at least stdout and stderr were written: " + files);
    assertEquals(List.of(), filesWithPassword, "files the run wrote (in its working directory " + workDir
        + ") that contain the password");
  }

  /**
   * Until the process ends (at most 60 s), reads the command line of each java process among the
   * launcher and its descendants, once per process.
   */
  private static void watchJavaCommandLines(Process process, Map<Long, List<String>> seen) {
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (process.isAlive() && System.nanoTime() < deadline) {
      Optional<ProcessHandle> java = LauncherRun.javaProcess(process);
      java.filter(handle -> !seen.containsKey(handle.pid())).ifPresent(handle -> {
        List<String> argv = LauncherRun.cmdline(handle.pid());
        if (!argv.isEmpty()) {
          seen.put(handle.pid(), argv);
        }
      });
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new UncheckedIOException(new IOException("interrupted while watching " + process.pid()));
      }
    }
  }
}

package dev.ycsbmongo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code scripts/ycsb load|run mongodb ...} end to end, as a user runs it, against the test
 * server. Success is judged from YCSB's measurements (YCSB exits 0 even when operations fail).
 */
@ExtendWith(MongoServerExtension.class)
class LauncherIT {

  private static final String POOL_SUMMARY = "[mongodb] pool summary:";

  @TempDir
  Path workDir;

  private TestMongo mongo;
  private Path ycsb;
  private String database;

  @BeforeEach
  void setUp(TestMongo mongo, TestInfo info) {
    this.mongo = mongo;
    this.ycsb = Launchers.ycsb();
    this.database = mongo.freshDatabase("launch", info);
  }

  @Test
  void shouldLoadAndRunWorkloadAWithoutFailedOperations() throws Exception {
    LauncherRun load = ycsb("load", 4, Duration.ofSeconds(120), "-p", "recordcount=1000");
    YcsbOutput loaded = YcsbOutput.parse(load.stdout);
    assertEquals(List.of(), loaded.failures(), load.diagnostics());
    assertEquals(1000, loaded.returns("INSERT", "OK"), load.diagnostics());
    assertEquals(1000, storedRecords());

    LauncherRun run = ycsb("run", 4, Duration.ofSeconds(120), "-p", "recordcount=1000", "-p", "operationcount=2000");
    YcsbOutput ran = YcsbOutput.parse(run.stdout);
    assertEquals(List.of(), ran.failures(), run.diagnostics());
    assertEquals(2000, ran.succeeded(Launchers.OPERATIONS), "operations that returned OK\n" + run.diagnostics());
    assertTrue(ran.returns("READ", "OK") > 0 && ran.returns("UPDATE", "OK") > 0, "workload a reads and updates: " + ran);
    assertFalse(ran.has("POOL-CHECKOUT"), "YCSB's output has YCSB 0.17.0's blocks only, by default\n"
        + run.diagnostics());
    assertEquals(1, poolSummaries(run),
        "one pool summary on stderr\n" + run.diagnostics());
  }

  @Test
  void shouldStoreEveryRecordWhenLoadingInBatches() throws Exception {
    LauncherRun load = ycsb("load", 4, Duration.ofSeconds(120), "-p", "recordcount=1003", "-p", "batchsize=10");
    YcsbOutput loaded = YcsbOutput.parse(load.stdout);

    assertEquals(List.of(), loaded.failures(), load.diagnostics());
    assertEquals(1003, loaded.succeeded("INSERT"), load.diagnostics());
    assertFalse(loaded.has("INSERT-BATCH"), "YCSB's output has YCSB 0.17.0's blocks only, by default\n"
        + load.diagnostics());
    assertEquals(1003, storedRecords(), "every record, the tails flushed at cleanup\n" + load.diagnostics());
  }

  @Test
  void shouldAddTheBindingsOwnMeasurementsWhenAsked() throws Exception {
    LauncherRun load = ycsb("load", 2, Duration.ofSeconds(120), "-p", "recordcount=100", "-p", "batchsize=10",
        "-p", "mongodb.extraMeasurements=true");
    YcsbOutput loaded = YcsbOutput.parse(load.stdout);
    assertEquals(List.of(), loaded.failures(), load.diagnostics());
    assertTrue(loaded.has("INSERT-BATCH"), "the binding's INSERT-BATCH measurement, asked for\n" + load.diagnostics());
    assertTrue(loaded.has("POOL-CHECKOUT"), "the binding's POOL-CHECKOUT measurement, asked for\n"
        + load.diagnostics());
  }

  @Test
  void shouldRun2000ThreadsWithoutPoolOptionsAndWithoutErrors() throws Exception {
    LauncherRun load = ycsb("load", 8, Duration.ofSeconds(120), "-p", "recordcount=1000");
    assertEquals(List.of(), YcsbOutput.parse(load.stdout).failures(), load.diagnostics());

    // No pool option: the binding's defaults must let 2,000 threads through without a full wait
    // queue. The embedded server accepts ~100 new connections a second, hence the long timeout.
    LauncherRun run = ycsb("run", 2000, Duration.ofSeconds(300),
        "-p", "recordcount=1000", "-p", "operationcount=4000");
    YcsbOutput ran = YcsbOutput.parse(run.stdout);

    assertNoWaitQueueFull(run);
    assertEquals(List.of(), ran.failures(), run.diagnostics());
    assertEquals(4000, ran.succeeded(Launchers.OPERATIONS), run.diagnostics());
    assertEquals(1, poolSummaries(run), "one client, one pool summary\n" + run.diagnostics());
  }

  @Test
  void shouldRun10000ThreadsOfFiveOperationsWithoutErrors() throws Exception {
    LauncherRun load = ycsb("load", 8, Duration.ofSeconds(120), "-p", "recordcount=1000");
    assertEquals(List.of(), YcsbOutput.parse(load.stdout).failures(), load.diagnostics());

    // 10,000 threads with 5 operations each start and stop while others still initialise: the
    // shared client must stay open until the last one cleans up. maxPoolSize=500 because the
    // embedded server runs inside this test JVM (20,000 file descriptors, ~100 new connections
    // a second): 10,000 connections would measure the test server, not the binding's life cycle.
    LauncherRun run = ycsb("run", 10_000, Duration.ofSeconds(300),
        "-p", "recordcount=1000", "-p", "operationcount=50000", "-p", "mongodb.maxPoolSize=500");
    YcsbOutput ran = YcsbOutput.parse(run.stdout);

    assertNoWaitQueueFull(run);
    assertFalse(run.stdout.contains("state should be: open") || run.stderr.contains("state should be: open"),
        "an operation ran on a closed client\n" + run.diagnostics());
    assertEquals(List.of(), ran.failures(), run.diagnostics());
    assertEquals(50_000, ran.succeeded(Launchers.OPERATIONS), run.diagnostics());
    assertEquals(1, poolSummaries(run), "the client closed only after the last thread\n" + run.diagnostics());
  }

  @Test
  void shouldEndARunEarlyAndCleanlyWhenTheStopFileAppears() throws Exception {
    ycsb("load", 2, Duration.ofSeconds(120), "-p", "recordcount=200");
    Path stop = workDir.resolve("stop-" + System.nanoTime());
    List<String> command = Launchers.command(ycsb, "run", 2, "-p", "recordcount=200",
        "-p", "operationcount=100000000", "-p", "maxexecutiontime=120", "-p", "mongodb.url=" + mongo.uri(database));
    List<Path> before;
    try (var files = Files.list(workDir)) {
      before = files.toList();
    }
    LauncherRun run = LauncherRun.run(workDir, Duration.ofSeconds(60),
        Map.of("JAVA_OPTS", "-D" + dev.ycsbmongo.binding.launch.EarlyStop.STOP_FILE + "=" + stop), process -> {
          // a second after YCSB says it starts its threads (its JVM's start takes seconds on a loaded machine)
          Orchestrator.poll(process, Duration.ofSeconds(45), "YCSB printed \"Starting test.\"", () -> {
            try (var files = Files.list(workDir)) {
              for (Path f : files.filter(f -> !before.contains(f) && f.toString().endsWith(".stderr")).toList()) {
                if (Files.readString(f).contains("Starting test.")) {
                  return true;
                }
              }
            }
            return false;
          });
          try {
            Thread.sleep(1_000);
            Files.writeString(stop, "the mean is known within 3%\n");
          } catch (Exception e) {
            throw new AssertionError(e);
          }
        }, command);
    System.out.println("[it] " + run.describe());

    YcsbOutput ran = YcsbOutput.parse(run.stdout);
    assertEquals(0, run.exitCode, run.diagnostics());
    assertTrue(run.elapsed.toSeconds() < 30, "ended soon after the stop file, long before maxexecutiontime=120: "
        + run.elapsed + "\n" + run.diagnostics());
    assertTrue(run.stderr.contains("ycsb: stop requested by the orchestrator: the mean is known within 3%"),
        run.diagnostics());
    assertEquals(List.of(), ran.failures(), run.diagnostics());
    assertTrue(ran.succeeded(Launchers.OPERATIONS) > 0, "the operations done before the stop are reported\n"
        + run.diagnostics());
    double runTimeMs = ran.overall("RunTime(ms)");
    // the stop came a second after YCSB started its threads
    assertTrue(runTimeMs >= 500 && runTimeMs < run.elapsed.toMillis(), "YCSB's RunTime is the run's real length, "
        + "not maxexecutiontime: " + runTimeMs + " ms of " + run.elapsed.toMillis() + " ms\n" + run.diagnostics());
  }

  private LauncherRun ycsb(String phase, int threads, Duration timeout, String... extra) throws Exception {
    return Launchers.run(workDir, ycsb, mongo.uri(database), Map.of(), phase, threads, timeout, extra);
  }

  private static long poolSummaries(LauncherRun run) {
    return run.stderr.lines().filter(line -> line.startsWith(POOL_SUMMARY)).count();
  }

  private long storedRecords() {
    try (MongoClient driver = MongoClients.create(mongo.uri(database))) {
      return driver.getDatabase(database).getCollection(Binding.TABLE).countDocuments();
    }
  }

  private static void assertNoWaitQueueFull(LauncherRun run) {
    assertFalse(run.stdout.contains("MongoWaitQueueFullException") || run.stderr.contains("MongoWaitQueueFullException"),
        "MongoWaitQueueFullException\n" + run.diagnostics());
    assertFalse(run.stderr.contains("MongoTimeoutException") || run.stdout.contains("MongoTimeoutException"),
        "MongoTimeoutException\n" + run.diagnostics());
  }
}

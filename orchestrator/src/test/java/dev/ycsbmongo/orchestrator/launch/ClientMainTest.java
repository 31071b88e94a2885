package dev.ycsbmongo.orchestrator.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.ycsbmongo.orchestrator.clients.CellMerger;
import dev.ycsbmongo.orchestrator.clients.ClientIndex;
import dev.ycsbmongo.orchestrator.clients.ClientOutput;
import dev.ycsbmongo.orchestrator.clients.ClientRow;
import dev.ycsbmongo.orchestrator.clients.ClientSummary;
import dev.ycsbmongo.orchestrator.clients.FrameReader;
import dev.ycsbmongo.orchestrator.clients.MergedCell;
import dev.ycsbmongo.orchestrator.clients.StartBarrier;
import dev.ycsbmongo.orchestrator.embedded.EmbeddedMongoServer;
import dev.ycsbmongo.orchestrator.process.ChildJvm;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ClientMain as the orchestrator will run it: N child JVMs against the embedded server (so the
 * figures describe the client only), started together through the stdin barrier, their frames
 * read and merged.
 */
class ClientMainTest {

  private static final String DB_CLASS = "dev.ycsbmongo.binding.MongoDbClient";
  private static final int RECORDS = 1000;
  private static final int OPERATIONS = 2000;

  @TempDir
  static Path dir;
  private static EmbeddedMongoServer server;
  private static Path workload;
  private static Path connection;

  @BeforeAll
  static void startServer() throws IOException {
    server = EmbeddedMongoServer.start(0);
    workload = dir.resolve("workload.properties");
    Files.writeString(workload, String.join("\n", "workload=site.ycsb.workloads.CoreWorkload",
        "recordcount=" + RECORDS, "operationcount=" + OPERATIONS, "readproportion=0.5", "updateproportion=0.5",
        "fieldcount=2", "fieldlength=10", ""));
    // the connection string reaches a client in a -P file, never in its arguments
    connection = dir.resolve("connection.properties");
    Files.writeString(connection, "mongodb.url=" + server.connectionString("clientmain") + "\n");
  }

  @AfterAll
  static void stopServer() {
    server.close();
  }

  @Test
  void twoClientsLoadEveryKeyOnceThenRunExactlyTheOperationCount() throws Exception {
    // -target: each phase lasts about 2.5 s per client, so that the clients' common window holds
    // whole 1 s intervals of each (a phase shorter than a tick cannot be merged) and ticks are
    // framed while YCSB runs
    List<ClientOutput> load = runCell(2, ycsbArgs("-load", 200));
    MergedCell loaded = CellMerger.merge(load);
    assertEquals(RECORDS, loaded.runOperations(), "inserts of both clients");
    assertEquals(RECORDS, loaded.operation("INSERT").orElseThrow().runCount());
    assertTrue(loaded.operation("INSERT").orElseThrow().runErrorsByStatus().isEmpty(),
        "no duplicate key: the clients' key ranges do not overlap");
    assertEquals(List.of(RECORDS / 2L, RECORDS / 2L), load.stream().map(c -> c.summary().operations().get("INSERT")
        .count()).toList());
    try (MongoClient mongo = MongoClients.create(server.connectionString("clientmain"))) {
      assertEquals(RECORDS, mongo.getDatabase("clientmain").getCollection("usertable").countDocuments(),
          "distinct keys in the collection");
    }

    List<ClientOutput> run = runCell(2, ycsbArgs("-t", 400));
    MergedCell ran = CellMerger.merge(run);
    assertEquals(OPERATIONS, ran.runOperations(), "READ + UPDATE over both clients");
    long failed = ran.operationStats().stream().mapToLong(o -> o.runErrorsByStatus().values().stream()
        .mapToLong(Long::longValue).sum()).sum();
    assertEquals(0, failed, "every key read or updated was loaded");
    assertTrue(ran.operations() > 0, "the common window holds operations");
    for (long[] a : ARRIVALS) {
      assertTrue(a[1] - a[0] > 500_000_000L, "an interval frame is written while YCSB runs, not at its end");
    }
    for (ClientOutput c : run) {
      assertEquals(OPERATIONS / 2, c.summary().operations().values().stream().mapToLong(ClientSummary.OpTotals::count)
          .sum(), c.describe());
      assertTrue(c.hello().start().isBefore(Instant.ofEpochMilli(c.intervals().get(0).startMillis())));
      assertTrue(c.summary().cpuMillis() != null && c.summary().cpuMillis() > 0, "its JVM's CPU: " + c.summary());
      assertEquals(Runtime.getRuntime().availableProcessors(), c.summary().cores(), "this host's processors");
    }
    for (ClientRow r : ran.clientRows()) {
      assertTrue(r.cpuMicrosPerOperation() != null && r.cpuMicrosPerOperation() > 0, "CPU per operation: " + r);
      assertTrue(r.cpuShareOfCores() != null && r.cpuShareOfCores() > 0, "share of its cores: " + r);
    }
  }

  @Test
  void rejectsBadArgumentsWithOneLineAndStatusTwo() throws Exception {
    Finished bad = runAlone(List.of("ycsb", "-db", DB_CLASS, "-P", workload.toString(), "-t",
        "-p", "client.index=0", "-p", "client.count=0"));
    assertEquals(2, bad.status());
    assertEquals(List.of("client: -p client.count: 0 is out of range; accepted: a whole number from 1 to 100000"),
        bad.stderr());
    assertEquals("", bad.stdout(), "nothing on the frames' stream");

    Finished mode = runAlone(List.of("run"));
    assertEquals(2, mode.status());
    assertEquals(1, mode.stderr().size(), mode.stderr().toString());
    assertTrue(mode.stderr().get(0).startsWith("unknown mode 'run'; usage: ClientMain ycsb "), mode.stderr().get(0));
  }

  private static List<String> ycsbArgs(String phase, int target) {
    return List.of("-db", DB_CLASS, "-P", workload.toString(), "-P", connection.toString(), "-threads", "2", "-s",
        "-target", Integer.toString(target), phase);
  }

  private static ProcessBuilder client(List<String> args, Path stderr) {
    ChildJvm jvm = ChildJvm.current();
    List<String> command = new ArrayList<>(List.of(jvm.java().toString(), "-Xmx256m", "-XX:+UseSerialGC",
        "-XX:TieredStopAtLevel=1", ChildJvm.parentPidOption(), "-cp", jvm.classPath(), ClientMain.MAIN_CLASS));
    command.addAll(args);
    return new ProcessBuilder(command).redirectError(stderr.toFile());
  }

  /** Per client, when its first interval frame and its summary frame were read (System.nanoTime). */
  private static final List<long[]> ARRIVALS = Collections.synchronizedList(new ArrayList<>());

  /** Starts N clients, waits for every hello, starts them together, and reads each one's frames. */
  private static List<ClientOutput> runCell(int n, List<String> ycsbArgs) throws Exception {
    ARRIVALS.clear();
    List<Process> processes = new ArrayList<>();
    List<List<String>> stdout = new ArrayList<>();
    List<Thread> readers = new ArrayList<>();
    CountDownLatch hellos = new CountDownLatch(n);
    try {
      for (int i = 0; i < n; i++) {
        Process p = client(ClientMain.arguments(ycsbArgs, new ClientIndex(i, n), StartBarrier.fromStdin()),
            dir.resolve("client-" + i + ".err")).start();
        processes.add(p);
        List<String> lines = Collections.synchronizedList(new ArrayList<>());
        stdout.add(lines);
        long[] arrivals = {0, 0};
        ARRIVALS.add(arrivals);
        Thread t = new Thread(() -> {
          try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
              lines.add(line);
              if (lines.size() == 1) {
                hellos.countDown();
              } else if (line.contains(" interval ") && arrivals[0] == 0) {
                arrivals[0] = System.nanoTime();
              } else if (line.contains(" summary ")) {
                arrivals[1] = System.nanoTime();
              }
            }
          } catch (IOException e) {
            // the process ended; what was read is checked below
          }
        });
        t.start();
        readers.add(t);
      }
      assertTrue(hellos.await(60, TimeUnit.SECONDS), "every client says hello");
      String start = StartBarrier.startLine(Instant.now().plusMillis(300));
      for (Process p : processes) {
        try (Writer w = new OutputStreamWriter(p.getOutputStream(), StandardCharsets.UTF_8)) {
          w.write(start + "\n");
        }
      }
      List<ClientOutput> outputs = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        Process p = processes.get(i);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "client " + i + " ends");
        readers.get(i).join(10_000);
        assertEquals(0, p.exitValue(), "client " + i + ": " + tail(dir.resolve("client-" + i + ".err")));
        FrameReader reader = new FrameReader("client-" + i);
        for (String line : stdout.get(i)) {
          reader.accept(line);
        }
        outputs.add(reader.finish(i));
      }
      return outputs;
    } finally {
      processes.forEach(Process::destroyForcibly);
    }
  }

  private record Finished(int status, String stdout, List<String> stderr) {
  }

  private static Finished runAlone(List<String> args) throws Exception {
    Path err = dir.resolve("alone.err");
    Process p = client(args, err).start();
    p.getOutputStream().close();
    try {
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertTrue(p.waitFor(60, TimeUnit.SECONDS));
      return new Finished(p.exitValue(), out, Files.readAllLines(err));
    } finally {
      p.destroyForcibly();
    }
  }

  private static String tail(Path file) throws IOException {
    List<String> lines = Files.readAllLines(file);
    return String.join("\n", lines.subList(Math.max(0, lines.size() - 10), lines.size()));
  }
}

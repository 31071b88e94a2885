package dev.ycsbmongo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.ConnectionString;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.bson.Document;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code scripts/ycsb} refuses, before any operation, what cannot work: a server it cannot use
 * (refused, stalled, TLS, wrong replica-set name) and YCSB core properties YCSB would choke on or
 * silently misread. Each ends with one line on stderr and exit status 2, never a stack trace.
 * Authentication failure is covered by the classifier's unit test only (ConnectionFailureTest):
 * the embedded server has no authentication and Docker is not available here.
 */
@ExtendWith(MongoServerExtension.class)
class LauncherChecksIT {

  /** Small limits so the stalled cases end fast; the check must end within them. */
  private static final String[] SMALL_TIMEOUTS = {"-p", "mongodb.connectTimeoutMs=1000",
      "-p", "mongodb.serverSelectionTimeoutMs=2000", "-p", "mongodb.socketTimeoutMs=1000"};

  @TempDir
  Path workDir;

  private TestMongo mongo;
  private Path ycsb;

  @BeforeEach
  void setUp(TestMongo mongo) {
    this.mongo = mongo;
    this.ycsb = Launchers.ycsb();
  }

  @Test
  void shouldEndInSecondsWithOneLineWhenNothingListensAtThePort() throws Exception {
    int port = freePort();
    // the driver's default 30 s server-selection timeout applies: the check must not wait it out
    LauncherRun run = ycsb("run", "mongodb://127.0.0.1:" + port + "/ycsb", "-p", "operationcount=1000");

    String line = assertRefusedInOneLine(run);
    assertTrue(line.contains("connection refused"), run.diagnostics());
    assertTrue(line.contains("mongodb://127.0.0.1:" + port + "/ycsb"), "names the URL\n" + run.diagnostics());
    assertTrue(run.elapsed.compareTo(Duration.ofSeconds(15)) < 0, "ends in seconds\n" + run.diagnostics());
  }

  @Test
  void shouldEndWithinTheConfiguredTimeoutsWhenTheServerAcceptsButNeverAnswers() throws Exception {
    try (StalledServer stalled = new StalledServer()) {
      LauncherRun run = ycsb("run", "mongodb://127.0.0.1:" + stalled.port() + "/ycsb", concat(SMALL_TIMEOUTS,
          "-p", "operationcount=1000"));

      String line = assertRefusedInOneLine(run);
      assertTrue(line.contains("accepted the connection but did not answer"), run.diagnostics());
      assertTrue(stalled.accepted() > 0, "the double saw a connection");
      // 2 s of selection + 1 s connect + 1 s read at most, plus the JVM's start
      assertTrue(run.elapsed.compareTo(Duration.ofSeconds(12)) < 0, run.diagnostics());
    }
  }

  @Test
  void shouldNameATlsFailureAgainstAServerWithoutTls() throws Exception {
    LauncherRun run = ycsb("run", withOptions("tls=true"), concat(SMALL_TIMEOUTS, "-p", "operationcount=1000"));

    String line = assertRefusedInOneLine(run);
    assertTrue(line.contains("TLS"), run.diagnostics());
    assertTrue(run.elapsed.compareTo(Duration.ofSeconds(12)) < 0, run.diagnostics());
  }

  @Test
  void shouldNameAWrongReplicaSetName() throws Exception {
    LauncherRun run = ycsb("load", withOptions("replicaSet=nope"), concat(SMALL_TIMEOUTS, "-p", "recordcount=10"));

    String line = assertRefusedInOneLine(run);
    assertTrue(line.contains("wrong replica set name: the URL asks for replicaSet=nope"), run.diagnostics());
  }

  @Test
  void shouldRunAsBeforeWhenTheServerAnswers() throws Exception {
    String table = "checked" + System.nanoTime();
    LauncherRun run = ycsb("load", mongo.uri("ycsb"), "-p", "recordcount=20", "-p", "table=" + table);

    assertEquals(0, run.exitCode, run.diagnostics());
    assertEquals(20, YcsbOutput.parse(run.stdout).succeeded("INSERT"), run.diagnostics());
    assertFalse(run.stderr.contains("cannot use"), run.diagnostics());
    dropTable("ycsb", table);
  }

  static Stream<Arguments> badCoreProperties() {
    return Stream.of(
        Arguments.of(List.of("-p", "operationcount=abc"), "operationcount: 'abc' is not a whole number"),
        Arguments.of(List.of("-p", "operationcount=-5"), "operationcount: '-5' is too small"),
        Arguments.of(List.of("-p", "recordcount=0"), "recordcount: '0' is too small"),
        Arguments.of(List.of("-p", "recordcount=-10"), "recordcount: '-10' is too small"),
        Arguments.of(List.of("-p", "readproportion=-1"), "readproportion: '-1' is negative"),
        Arguments.of(List.of("-p", "updateproportion=half"), "updateproportion: 'half' is not a number"),
        Arguments.of(List.of("-p", "readproportion=0", "-p", "updateproportion=0"),
            "readproportion, updateproportion, insertproportion, scanproportion, readmodifywriteproportion: every"
                + " operation proportion is 0"),
        Arguments.of(List.of("-p", "requestdistribution=gaussianish"), "requestdistribution: 'gaussianish' is not"
            + " known; expected one of uniform, zipfian, hotspot, sequential, exponential, latest"),
        Arguments.of(List.of("-p", "maxexecutiontime=-3"), "maxexecutiontime: '-3' is too small"),
        Arguments.of(List.of("-p", "fieldcount=0"), "fieldcount: '0' is too small"),
        Arguments.of(List.of("-p", "recordcount=1000", "-p", "insertstart=2000"),
            "insertstart, recordcount: insertstart 2000 is beyond recordcount 1000"),
        Arguments.of(List.of("-p", "recordcount=1000", "-p", "insertstart=500", "-p", "insertcount=600"),
            "insertstart, insertcount, recordcount: insertstart 500 + insertcount 600 = 1100 is beyond"),
        Arguments.of(List.of("-p", "readallfields=yes"), "readallfields: 'yes' is not true or false"),
        Arguments.of(List.of("-p", "insertorder=random"), "insertorder: 'random' is not known"),
        Arguments.of(List.of("-p", "fieldlengthdistribution=normal"), "fieldlengthdistribution: 'normal'"),
        Arguments.of(List.of("-target", "fast"), "target: 'fast' is not a whole number"),
        Arguments.of(List.of("-p", "threadcount=0"), "threadcount: '0' is too small"));
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @MethodSource("badCoreProperties")
  void shouldRefuseABadCorePropertyInOneLineBeforeYcsbStarts(List<String> extra, String expectedLine)
      throws Exception {
    // a port nothing listens on: the property check must come first, so no connection is tried
    // the bad setting comes last: among -p settings the later one wins, as in YCSB
    LauncherRun run = ycsb("run", "mongodb://127.0.0.1:" + freePort() + "/ycsb",
        concat(new String[] {"-p", "recordcount=1000", "-p", "operationcount=10"}, extra.toArray(String[]::new)));
    String line = assertRefusedInOneLine(run);
    assertTrue(line.startsWith("ycsb: " + expectedLine), "expected 'ycsb: " + expectedLine + "...'\n"
        + run.diagnostics());
  }

  @Test
  void shouldRunProportionsAsWeightsAsYcsb017Does() throws Exception {
    // the instance-sizes, chained-replication and max-connections studies' own run command: 50/50
    String table = "weights" + System.nanoTime();
    LauncherRun load = ycsb("load", mongo.uri("ycsb"), "-p", "recordcount=50", "-p", "table=" + table);
    assertEquals(0, load.exitCode, load.diagnostics());
    LauncherRun run = ycsb("run", mongo.uri("ycsb"), "-p", "recordcount=50", "-p", "table=" + table,
        "-p", "operationcount=400", "-p", "readproportion=50", "-p", "updateproportion=50");

    assertEquals(0, run.exitCode, run.diagnostics());
    YcsbOutput out = YcsbOutput.parse(run.stdout);
    long reads = out.succeeded("READ");
    long updates = out.succeeded("UPDATE");
    assertEquals(400, reads + updates, run.diagnostics());
    // a 50/50 mix: each side of 400 draws lies within 6 standard deviations (10) of 200
    assertTrue(reads > 140 && updates > 140, "reads " + reads + ", updates " + updates + "\n" + run.diagnostics());
    dropTable("ycsb", table);
  }

  @Test
  void shouldRefuseTheMaxConnectionsStudysUrlWithTheFix() throws Exception {
    // the study's own URL: an '&' where the '?' belongs; YCSB 0.17.0 runs it against a database
    // named 'admin&maxPoolSize=8000' and reports every read as NOT_FOUND with exit status 0
    String hosts = mongo.uri().substring("mongodb://".length()).replaceAll("/.*$", "");
    LauncherRun run = ycsb("run", "mongodb://bench:Sup3rS3cret@" + hosts + "/admin&maxPoolSize=8000",
        "-p", "operationcount=10");
    String line = assertRefusedInOneLine(run);
    assertTrue(line.contains("did you mean '/admin?maxPoolSize=8000'?"), run.diagnostics());
    assertFalse(line.contains("Sup3rS3cret"), run.diagnostics());
  }

  @Test
  void shouldSayWhenEveryReadFoundNoRecord() throws Exception {
    String table = "neverloaded" + System.nanoTime();
    LauncherRun run = ycsb("run", mongo.uri("ycsb"), "-p", "recordcount=100", "-p", "operationcount=50",
        "-p", "table=" + table, "-p", "readproportion=1", "-p", "updateproportion=0");

    assertEquals(0, run.exitCode, "YCSB's exit status stays YCSB's\n" + run.diagnostics());
    assertEquals(50, YcsbOutput.parse(run.stdout).returns("READ", "NOT_FOUND"), run.diagnostics());
    assertTrue(run.stderr.contains("[mongodb] WARNING: all 50 reads found no record (NOT_FOUND): collection " + table
        + " in database 'ycsb' is empty; load the data first"), run.diagnostics());
  }

  @Test
  void shouldWriteToDatabaseYcsbWhenTheUrlPathIsAdminAsYcsb017Does() throws Exception {
    String table = "adminpath" + System.nanoTime();
    LauncherRun run = ycsb("load", mongo.uri("admin"), "-p", "recordcount=30", "-p", "table=" + table);

    assertEquals(0, run.exitCode, run.diagnostics());
    assertEquals(30, YcsbOutput.parse(run.stdout).succeeded("INSERT"), run.diagnostics());
    assertTrue(run.stderr.contains("note: the URL's path names 'admin' (the auth database); YCSB data goes to"
        + " database 'ycsb'"), run.diagnostics());
    try (MongoClient client = MongoClients.create(mongo.uri())) {
      // every record is in ycsb (the embedded server answers no query on admin, so it is not read there)
      assertEquals(30, client.getDatabase("ycsb").getCollection(table).countDocuments());
    }
    dropTable("ycsb", table);
  }

  @Test
  void shouldLetMongodbDatabaseOverrideAnAdminPath() throws Exception {
    String table = "adminoverride" + System.nanoTime();
    LauncherRun run = ycsb("load", mongo.uri("admin"), "-p", "recordcount=10", "-p", "table=" + table,
        "-p", "mongodb.database=adminoverride");

    assertEquals(0, run.exitCode, run.diagnostics());
    assertFalse(run.stderr.contains("note: the URL's path names 'admin'"), run.diagnostics());
    try (MongoClient client = MongoClients.create(mongo.uri())) {
      assertEquals(10, client.getDatabase("adminoverride").getCollection(table).countDocuments());
    }
    dropTable("adminoverride", table);
  }

  /** Exit 2, exactly one line on stderr, no YCSB output, no stack trace; returns that line. */
  private static String assertRefusedInOneLine(LauncherRun run) {
    assertEquals(2, run.exitCode, run.diagnostics());
    List<String> lines = run.stderr.strip().lines().toList();
    assertEquals(1, lines.size(), "one line on stderr\n" + run.diagnostics());
    String all = run.stdout + run.stderr;
    assertFalse(all.contains("Exception") || all.contains("\tat "), "no stack trace\n" + run.diagnostics());
    assertFalse(run.stdout.contains("[OVERALL]"), "no operation ran\n" + run.diagnostics());
    assertTrue(lines.get(0).startsWith("ycsb: "), run.diagnostics());
    return lines.get(0);
  }

  private LauncherRun ycsb(String phase, String url, String... extra) throws Exception {
    List<String> command = new ArrayList<>(Launchers.command(ycsb, phase, 2, extra));
    command.add("-p");
    command.add("mongodb.url=" + url);
    LauncherRun run = LauncherRun.run(workDir, Duration.ofSeconds(120), Map.of(), null, command);
    System.out.println("[it] " + run.describe());
    return run;
  }

  /** The test server's hosts with a database of our own and {@code options}, no credentials. */
  private String withOptions(String options) {
    ConnectionString cs = new ConnectionString(mongo.uri());
    return "mongodb://" + String.join(",", cs.getHosts()) + "/checks?" + options;
  }

  private void dropTable(String database, String table) {
    try (MongoClient client = MongoClients.create(mongo.uri())) {
      client.getDatabase(database).getCollection(table, Document.class).drop();
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  private static String[] concat(String[] first, String... more) {
    String[] all = Arrays.copyOf(first, first.length + more.length);
    System.arraycopy(more, 0, all, first.length, more.length);
    return all;
  }

  /** A test double for a hung server: accepts connections on 127.0.0.1 and never answers. */
  static final class StalledServer implements AutoCloseable {
    private final ServerSocket socket;
    private final List<Socket> held = new ArrayList<>();
    private final Thread acceptor;

    StalledServer() throws IOException {
      socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
      acceptor = new Thread(() -> {
        while (!socket.isClosed()) {
          try {
            Socket s = socket.accept();
            synchronized (held) {
              held.add(s);
            }
          } catch (IOException e) {
            return;  // closed
          }
        }
      }, "stalled-server");
      acceptor.setDaemon(true);
      acceptor.start();
    }

    int port() {
      return socket.getLocalPort();
    }

    int accepted() {
      synchronized (held) {
        return held.size();
      }
    }

    @Override
    public void close() throws IOException {
      socket.close();
      synchronized (held) {
        for (Socket s : held) {
          s.close();
        }
      }
    }
  }
}

package dev.ycsbmongo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.ycsbmongo.it.SideBySideRun.By;
import dev.ycsbmongo.it.SideBySideRun.Exit;
import dev.ycsbmongo.it.SideBySideRun.Profile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Our launcher side by side with YCSB 0.17.0's own MongoDB binding ({@link StockLauncher}): the
 * same command through both, each against its own embedded test server behind a
 * {@link RecordingProxy}, compared on how it ended (ok, refused, failed), what the server received
 * ({@link SentTraffic}: database, collection, operation mix, write and read concerns, read
 * preference, document shapes) and YCSB's final block (series, metric names, Operations and
 * Return= counts). The commands: the five studies' own, workloads a-f, every option stock's
 * README documents (deprecated ones included) and what its {@code OptionsSupport} does with them,
 * URL-over-property precedence, batching, upserts, scans, {@code -target}, {@code -P}/{@code -p}
 * order, and data loaded by one binding read by the other.
 *
 * <p>A difference fails the pair unless it is listed as deliberate (ours better than stock), with
 * the reason; a deliberate difference must show as described. A command stock runs and ours
 * refuses always fails, unless listed. The embedded server is not MongoDB (it ignores write
 * concerns, loses w:0 writes): what is compared is what each client sent, which the proxy sees
 * either way.
 *
 * <p>Always on embedded servers, also when {@code MONGODB_TEST_URI} names a real one: each side
 * needs a server of its own so that both run at once with the same database names (the studies'
 * URLs fix them), and a multi-host or TLS URL could not be put behind a plain proxy. What this
 * suite compares is what the clients send; how real MongoDB answers it is
 * {@code RealMongoSemanticsIT}'s business.
 *
 * <p>Counts are scaled to hundreds and thread counts to at most 8 ({@link SideBySidePair#study}).
 * The launcher is found as {@link StockLauncher} says; without one every pair is skipped, with
 * the reason on the console.
 */
class StockSideBySideIT {

  /** Pairs compared at once (each its two sides at once, on servers of their own): four JVMs on two cores. */
  private static final int PAIRS_AT_ONCE = 2;
  private static final Semaphore PAIRS = new Semaphore(PAIRS_AT_ONCE);
  private static Path stock;
  private static Path ours;
  private static ExecutorService sides;
  private static Map<String, String> stockEnvironment;

  @TempDir
  static Path shared;

  @TempDir
  Path workDir;

  @BeforeAll
  static void findLaunchers() throws Exception {
    StockLauncher.Found found = StockLauncher.find();
    System.out.println("[it] StockSideBySideIT: " + found.description() + "; each side on its own "
        + "embedded test server (mongo-java-server, not MongoDB) behind a recording proxy");
    assumeTrue(found.launcher().isPresent(), found.description());
    stock = found.launcher().get();
    ours = Launchers.ycsb();
    stockEnvironment = StockClassSharing.environment(stock, shared);
    sides = Executors.newFixedThreadPool(2 * PAIRS_AT_ONCE);
  }

  @AfterAll
  static void stopSides() {
    if (sides != null) {
      sides.shutdownNow();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("pairs")
  @Execution(ExecutionMode.CONCURRENT)
  void shouldBehaveAsStockDoes(SideBySidePair pair) throws Exception {
    Path stockDir = workDir.resolve("stock");
    Path oursDir = workDir.resolve("ours");
    List<Profile> stockProfiles;
    List<Profile> oursProfiles;
    PAIRS.acquire();
    try {
      // the two sides at once, each on its own server: one JVM launch each, not two in a row
      Future<List<Profile>> stockSide = sides.submit(() -> SideBySideRun.run(pair.steps, stock, stock, ours,
          stockEnvironment, stockDir));
      Future<List<Profile>> oursSide = sides.submit(() -> SideBySideRun.run(pair.steps, ours, stock, ours,
          stockEnvironment, oursDir));
      stockProfiles = stockSide.get();
      oursProfiles = oursSide.get();
    } finally {
      PAIRS.release();
    }
    assertEquals(stockProfiles.size(), oursProfiles.size());
    for (int i = 0; i < stockProfiles.size(); i++) {
      boolean last = i == stockProfiles.size() - 1;
      compare(pair, stockProfiles.get(i), oursProfiles.get(i), last);
    }
    // one short line per pair keeps a green log readable; the full detail is in the failure messages
    System.out.println("[side-by-side] " + pair + ": "
        + (pair.deliberate == null ? "same" : "deliberately different: " + pair.deliberate.reason()));
  }

  /** Compares one step; the pair's own facts and its deliberate difference are about its last step. */
  private static void compare(SideBySidePair pair, Profile stockRun, Profile oursRun, boolean last) {
    SideBySidePair.Deliberate deliberate = last ? pair.deliberate : null;
    if (last) {
      addPairFacts(pair, stockRun);
      addPairFacts(pair, oursRun);
      // stated outright as well: two sides that both miss the bound would agree with each other
      for (Profile p : List.of(stockRun, oursRun)) {
        assertTrue(pair.poolBound == null || p.dataConnections() <= pair.poolBound,
            "operations on " + p.dataConnections() + " connections, above the pool of " + pair.poolBound
                + ": " + p.run().describe());
        assertTrue(pair.minRunMs == null || runTimeMs(p.run().stdout) >= pair.minRunMs,
            "not throttled (-target): " + p.run().describe());
      }
    }
    String context = "\n  step: " + stockRun.step().describe()
        + "\n--- stock ---\n" + stockRun.run().diagnostics() + "\n--- ours ---\n" + oursRun.run().diagnostics();
    Set<String> listed = deliberate == null ? Set.of() : deliberate.keys();
    if (stockRun.exit() == Exit.OK && oursRun.exit() == Exit.REFUSED && !listed.contains("*")) {
      fail("stock runs this command; ours refuses it: " + oursRun.lastError() + context);
    }
    List<String> differences = differences(pair, stockRun, oursRun);
    // "*": the whole run differs (one side refused it), so every difference is this one
    List<String> unlisted = differences.stream()
        .filter(d -> !listed.contains("*") && !listed.contains(d.substring(0, d.indexOf(':')))).toList();
    if (!unlisted.isEmpty()) {
      fail("ours differs from stock in " + unlisted.size() + " of what is compared:\n  "
          + String.join("\n  ", unlisted) + context);
    }
    if (deliberate != null) {
      assertTrue(differences.size() > 0, "listed as a deliberate difference (" + deliberate.reason()
          + "), but both sides behaved the same" + context);
      assertTrue(deliberate.holds().test(stockRun, oursRun), "the deliberate difference (" + deliberate.reason()
          + ") is not as described: " + differences + context);
    }
  }

  /** Facts only some pairs ask about: the pool in use, and a throttled run's length. */
  private static void addPairFacts(SideBySidePair pair, Profile p) {
    if (pair.poolBound != null) {
      p.facts().put("server pool", p.dataConnections() <= pair.poolBound
          ? "operations on at most " + pair.poolBound + " connections" : p.dataConnections() + " connections");
    }
    if (pair.minRunMs != null) {
      long runtime = runTimeMs(p.run().stdout);
      p.facts().put("ycsb throttled", runtime >= pair.minRunMs ? "ran at least " + pair.minRunMs + " ms"
          : "ran only " + runtime + " ms");
    }
  }

  private static long runTimeMs(String stdout) {
    return stdout.lines().filter(l -> l.startsWith("[OVERALL], RunTime(ms), "))
        .map(l -> Long.parseLong(l.substring(l.lastIndexOf(',') + 1).trim())).findFirst().orElse(-1L);
  }

  /**
   * {@code key: stock=... ours=...} for every fact that differs and every count that differs
   * beyond chance. Totals ({@code ... operations}) are exact but with read-modify-writes; in a
   * mixed run phase the other counts are draws of YCSB's random operation chooser, so two fair
   * runs of the same mix differ:
   * a difference up to 4.5 standard deviations of the difference of two binomial draws (plus 2)
   * is chance. Exact everywhere else.
   */
  static List<String> differences(SideBySidePair pair, Profile stockRun, Profile oursRun) {
    List<String> out = new ArrayList<>();
    Set<String> factKeys = new TreeSet<>(stockRun.facts().keySet());
    factKeys.addAll(oursRun.facts().keySet());
    for (String key : factKeys) {
      String s = stockRun.facts().getOrDefault(key, "(absent)");
      String o = oursRun.facts().getOrDefault(key, "(absent)");
      if (!s.equals(o)) {
        out.add(key + ": stock=" + s + " ours=" + o);
      }
    }
    Set<String> countKeys = new TreeSet<>(stockRun.counts().keySet());
    countKeys.addAll(oursRun.counts().keySet());
    long total = Math.max(Math.max(stockRun.counts().getOrDefault("ycsb operations", 0L),
        oursRun.counts().getOrDefault("ycsb operations", 0L)), 1);
    // a read-modify-write is measured as a READ and an UPDATE besides itself: with some in the
    // mix, even the totals are draws
    boolean readModifyWrite = countKeys.stream().anyMatch(k -> k.contains("[READ-MODIFY-WRITE"));
    for (String key : countKeys) {
      long s = stockRun.counts().getOrDefault(key, 0L);
      long o = oursRun.counts().getOrDefault(key, 0L);
      boolean isTotal = key.endsWith(" operations");
      boolean differs;
      if (!pair.mixed || isTotal && !readModifyWrite) {
        differs = s != o;
      } else if (isTotal) {
        // a total is the operations plus one or two measurements per read-modify-write: it may
        // differ by twice what the read-modify-write counts may
        long sRmw = stockRun.counts().getOrDefault(RMW, 0L);
        long oRmw = oursRun.counts().getOrDefault(RMW, 0L);
        differs = Math.abs(s - o) > 2 * allowance(sRmw, oRmw, total);
      } else {
        differs = !withinChance(s, o, total);
      }
      if (differs) {
        out.add(key + ": stock=" + s + " ours=" + o);
      }
    }
    return out;
  }

  private static final String RMW = "ycsb [READ-MODIFY-WRITE] Operations";

  static boolean withinChance(long a, long b, long n) {
    return Math.abs(a - b) <= allowance(a, b, n);
  }

  /** 4.5 standard deviations of the difference of two binomial draws of n with a and b hits, plus 2. */
  static double allowance(long a, long b, long n) {
    double p = Math.min(1, (a + b) / (2.0 * n));
    return 4.5 * Math.sqrt(2 * n * p * (1 - p)) + 2;
  }

  // ------------------------------------------------------------------------------------------
  // The pairs
  // ------------------------------------------------------------------------------------------

  private static final String N = "-p recordcount=" + SideBySidePair.RECORDS + " -p operationcount="
      + SideBySidePair.OPERATIONS;
  /** Loads workload a's records (the set-up of most run pairs). */
  private static final String LOAD_A = "-P workloads/workloada " + N + " -threads 4";
  private static final String RUN_A = "-P workloads/workloada " + N + " -threads 4";
  /** Reads only, on an empty database: every read is NOT_FOUND on both sides, but sent as configured. */
  private static final String READS = "-P workloads/workloadc -p recordcount=100 -p operationcount=100 -threads 2";
  private static final String INSERTS = "-P workloads/workloada -p recordcount=100 -threads 2";

  /** The studies' URL as written (credentials masked by their authors; the host is a managed service's). */
  private static final String STUDY_URL = "\"mongodb://test:****@dds-bp13e84d11****.mongodb.rds.aliyuncs.com:3717/admin\"";

  /**
   * The instance-sizes study (Japanese). Its page is a machine translation that mangled the
   * commands ({@code -pワークロード=} for {@code -p workload=}, {@code -スレッド8} for
   * {@code -threads 8}, the run command's URL scrambled); these are the commands with the
   * document's own parameter list ({@code mongodb.url=".../admin"}, {@code threads 8}) put back,
   * in its {@code . /bin/ycsb} form.
   */
  static final String STUDY1_LOAD = ". /bin/ycsb load mongodb -s -p workload=site.ycsb.workloads.CoreWorkload"
      + " -p recordcount=1000000 -p mongodb.url=" + STUDY_URL + " -threads 8";
  static final String STUDY1_RUN = ". /bin/ycsb run mongodb -s -p workload=site.ycsb.workloads.CoreWorkload"
      + " -p recordcount=1000000 -p operationcount=5000000 -p insertproportion=0 -p readproportion=50"
      + " -p updateproportion=50 -p requestdistribution=zipfian -p mongodb.url=" + STUDY_URL + " -threads 8";
  /** The chained-replication study (Indonesian): its load command, verbatim. */
  static final String STUDY3_LOAD = "./bin/ycsb.sh load mongodb -s -p workload=site.ycsb.workloads.CoreWorkload"
      + " -p recordcount=5000000 -p mongodb.url=" + STUDY_URL + " -p table=test -threads 8";
  /** The maximum-connections study (Indonesian): load and run, verbatim (its URL has & where ? belongs). */
  static final String STUDY5_LOAD = "./bin/ycsb.sh load mongodb -s -p workload=site.ycsb.workloads.CoreWorkload"
      + " -p recordcount=10000000 -p mongodb.url=" + STUDY_URL + " -p table=test -threads 8";
  static final String STUDY5_RUN = "./bin/ycsb.sh run mongodb -s -p workload=site.ycsb.workloads.CoreWorkload"
      + " -p recordcount=10000000 -p operationcount=5000000 -p readproportion=50 -p updateproportion=50"
      + " -p requestdistribution=zipfian"
      + " -p mongodb.url=\"mongodb://test:****@dds-bp13e84d11****.mongodb.rds.aliyuncs.com:3717/admin&maxPoolSize=8000\""
      + " -p table=test -threads 8000";

  static Stream<SideBySidePair> pairs() {
    List<SideBySidePair> pairs = new ArrayList<>();
    studies(pairs);
    workloads(pairs);
    writeConcerns(pairs);
    readPreferences(pairs);
    poolAndUrlOptions(pairs);
    precedence(pairs);
    batchingAndUpserts(pairs);
    coreProperties(pairs);
    crossLoading(pairs);
    return pairs.stream();
  }

  private static void studies(List<SideBySidePair> pairs) {
    pairs.add(SideBySidePair.of("study 1 (instance sizes) load and run, weights 50/50").study(STUDY1_LOAD)
        .study(STUDY1_RUN).mixed());
    pairs.add(SideBySidePair.of("study 3 (chained replication) load, ./bin/ycsb.sh, table=test").study(STUDY3_LOAD));
    // study 3 compares w:1 with w:majority; its run command is not printed: the load's form with
    // studies 1 and 5's run properties, the write concern as its tables name it
    pairs.add(SideBySidePair.of("study 3 run with w=majority in the URL").study(STUDY3_LOAD)
        .study(STUDY5_RUN.replace("admin&maxPoolSize=8000", "admin?w=majority")).mixed());
    pairs.add(SideBySidePair.of("study 3 run with mongodb.writeConcern=acknowledged").study(STUDY3_LOAD)
        .study(STUDY5_RUN.replace("admin&maxPoolSize=8000", "admin") + " -p mongodb.writeConcern=acknowledged")
        .mixed());
    pairs.add(SideBySidePair.of("study 5 (maximum connections) load and run, URL as written (& for ?)")
        .study(STUDY5_LOAD).study(STUDY5_RUN).mixed()
        .deliberate("stock reads the whole /admin&maxPoolSize=8000 as a database name: a pool of 100, every"
                + " read and update NOT_FOUND in a database that does not exist, exit 0; ours refuses the URL"
                + " with the fix (/admin?maxPoolSize=8000)",
            Set.of("*"),
            (s, o) -> s.exit() == Exit.OK && s.facts().get("server databases").equals("[admin&maxPoolSize=8000]")
                && s.counts().getOrDefault("ycsb [READ] Return=OK", 0L) == 0
                && o.exit() == Exit.REFUSED && o.lastError().contains("?maxPoolSize=8000")));
    pairs.add(SideBySidePair.of("study 5 run, URL corrected to /admin?maxPoolSize=8000").study(STUDY5_LOAD)
        .study(STUDY5_RUN.replace("admin&maxPoolSize", "admin?maxPoolSize")).mixed());
    // the three-clouds study (French): YCSB workload A over a thread sweep
    for (int threads : new int[] {1, 8}) {
      pairs.add(SideBySidePair.of("study 2 (three clouds) workload A, -threads " + threads).load(LOAD_A)
          .run("-P workloads/workloada " + N + " -threads " + threads).mixed());
    }
    // the data-scale study (Chinese): S1 loads with insertproportion=1; S2-S5 set only the two proportions
    pairs.add(SideBySidePair.of("study 4 (data scale) S1 insertproportion=1, then S2 0.9/0.1")
        .load("-p workload=site.ycsb.workloads.CoreWorkload -p insertproportion=1 " + N + " -threads 4")
        .run("-p workload=site.ycsb.workloads.CoreWorkload -p readproportion=0.9 -p updateproportion=0.1 " + N
            + " -threads 4").mixed());
    pairs.add(SideBySidePair.of("study 4 S5 readproportion=1 (CoreWorkload's default update weight 0.05 stays)")
        .load(LOAD_A).run("-p workload=site.ycsb.workloads.CoreWorkload -p readproportion=1 " + N + " -threads 4")
        .mixed());
  }

  private static void workloads(List<SideBySidePair> pairs) {
    for (String w : List.of("a", "b", "c", "d", "e", "f")) {
      String file = "-P workloads/workload" + w + " " + N + " -threads 4";
      // workload e's scans: as long as maxscanlength (100), on 300 records
      pairs.add(SideBySidePair.of("workload " + w).load(file).run(file).mixed());
    }
  }

  private static void writeConcerns(List<SideBySidePair> pairs) {
    // stock's OptionsSupport: lower-cased, then each name becomes a URL option
    for (String wc : List.of("errors_ignored", "unacknowledged", "acknowledged", "journaled",
        "replica_acknowledged", "majority", "MAJORITY")) {
      pairs.add(SideBySidePair.of("mongodb.writeConcern=" + wc).load(INSERTS + " -p mongodb.writeConcern=" + wc));
    }
    pairs.add(SideBySidePair.of("mongodb.writeConcern=banana").load(INSERTS + " -p mongodb.writeConcern=banana")
        .deliberate("stock prints a WARNING and loads with the default write concern; ours refuses a value it"
                + " does not know, naming the accepted ones",
            Set.of("*"),
            (s, o) -> s.exit() == Exit.OK && o.exit() == Exit.REFUSED && o.lastError().contains("banana")));
  }

  private static void readPreferences(List<SideBySidePair> pairs) {
    for (String rp : List.of("primary", "primary_preferred", "secondary", "secondary_preferred", "nearest")) {
      pairs.add(SideBySidePair.of("mongodb.readPreference=" + rp).run(READS + " -p mongodb.readPreference=" + rp));
    }
    pairs.add(SideBySidePair.of("mongodb.readPreference=secondaryPreferred (the driver's name)")
        .run(READS + " -p mongodb.readPreference=secondaryPreferred")
        .deliberate("stock knows only its underscore names: it prints a WARNING and reads as primary; ours"
                + " also takes the driver's own name, and reads as asked",
            Set.of("server readPreference"),
            (s, o) -> s.facts().get("server readPreference").equals("[" + SentTraffic.DIRECT_DEFAULT + "]")
                && o.facts().get("server readPreference").contains("secondaryPreferred")));
  }

  private static void poolAndUrlOptions(List<SideBySidePair> pairs) {
    pairs.add(SideBySidePair.of("mongodb.maxconnections=2 (deprecated: maxPoolSize)")
        .run(RUN_A.replace("-threads 4", "-threads 8") + " -p mongodb.maxconnections=2").mixed().pool(2));
    pairs.add(SideBySidePair.of("mongodb.threadsAllowedToBlockForConnectionMultiplier=5 (deprecated)")
        .load(INSERTS + " -p mongodb.threadsAllowedToBlockForConnectionMultiplier=5"));
    pairs.add(SideBySidePair.of("URL maxPoolSize=2")
        .run(RUN_A.replace("-threads 4", "-threads 8") + " -p mongodb.url=mongodb://@HOST@/ycsb?maxPoolSize=2")
        .mixed().pool(2));
    pairs.add(SideBySidePair.of("URL w=0").load(INSERTS + " -p mongodb.url=mongodb://@HOST@/ycsb?w=0"));
    pairs.add(SideBySidePair.of("URL w=majority&journal=true&wtimeoutMS=5000")
        .load(INSERTS + " -p mongodb.url=mongodb://@HOST@/ycsb?w=majority&journal=true&wtimeoutMS=5000"));
    pairs.add(SideBySidePair.of("URL readPreference=secondary").run(READS
        + " -p mongodb.url=mongodb://@HOST@/ycsb?readPreference=secondary"));
    pairs.add(SideBySidePair.of("URL readConcernLevel=majority").run(READS
        + " -p mongodb.url=mongodb://@HOST@/ycsb?readConcernLevel=majority"));
    pairs.add(SideBySidePair.of("URL database other than ycsb").load(INSERTS
        + " -p mongodb.url=mongodb://@HOST@/bench"));
    pairs.add(SideBySidePair.of("URL without a database").load(INSERTS + " -p mongodb.url=mongodb://@HOST@"));
    pairs.add(SideBySidePair.of("mongodb.database=bench (not read by stock's code)")
        .load(INSERTS + " -p mongodb.database=bench")
        .deliberate("YCSB 0.17.0's MongoDbClient never reads mongodb.database (an older README of its listed"
                + " it) and writes to the URL's database; ours honours the property it was given",
            Set.of("server databases"),
            (s, o) -> s.facts().get("server databases").equals("[ycsb]")
                && o.facts().get("server databases").equals("[bench]")));
  }

  private static void precedence(List<SideBySidePair> pairs) {
    // stock's OptionsSupport adds a deprecated property's option only when the URL does not name it
    pairs.add(SideBySidePair.of("precedence: URL w=0 over mongodb.writeConcern=majority")
        .load(INSERTS + " -p mongodb.writeConcern=majority -p mongodb.url=mongodb://@HOST@/ycsb?w=0"));
    pairs.add(SideBySidePair.of("precedence: URL readPreference=nearest over mongodb.readPreference=secondary")
        .run(READS + " -p mongodb.readPreference=secondary -p mongodb.url=mongodb://@HOST@/ycsb?readPreference=nearest"));
    pairs.add(SideBySidePair.of("precedence: URL w=0&readPreference=nearest over both properties at once")
        .run(RUN_A + " -p mongodb.writeConcern=majority -p mongodb.readPreference=secondary"
            + " -p mongodb.url=mongodb://@HOST@/ycsb?w=0&readPreference=nearest").mixed());
    pairs.add(SideBySidePair.of("precedence: URL maxPoolSize=2 over mongodb.maxconnections=50")
        .run(RUN_A.replace("-threads 4", "-threads 8")
            + " -p mongodb.maxconnections=50 -p mongodb.url=mongodb://@HOST@/ycsb?maxPoolSize=2").mixed().pool(2));
    pairs.add(SideBySidePair.of("precedence: URL journal=true with mongodb.writeConcern=majority (both kept)")
        .load(INSERTS + " -p mongodb.writeConcern=majority -p mongodb.url=mongodb://@HOST@/ycsb?journal=true"));
  }

  private static void batchingAndUpserts(List<SideBySidePair> pairs) {
    pairs.add(SideBySidePair.of("batchsize=10 (300 records, no partial batch)")
        .load("-P workloads/workloada " + N + " -threads 1 -p batchsize=10"));
    pairs.add(SideBySidePair.of("batchsize=7 (300 records: a partial batch of 6 at the end)")
        .load("-P workloads/workloada " + N + " -threads 1 -p batchsize=7")
        .deliberate("stock drops the last partial batch (294 of 300 documents sent, YCSB still reports 300);"
                + " ours flushes it at cleanup",
            Set.of("server operations", "server insert.documents", "server commands.insert"),
            (s, o) -> s.counts().get("server insert.documents") == 294
                && o.counts().get("server insert.documents") == 300
                && s.counts().get("ycsb operations") == 300));
    pairs.add(SideBySidePair.of("mongodb.batchsize=10 (stock's README names it; its code reads batchsize)")
        .load("-P workloads/workloada " + N + " -threads 1 -p mongodb.batchsize=10")
        .deliberate("stock ignores its own documented mongodb.batchsize and inserts one by one; ours honours it",
            Set.of("server commands.insert", "server ordered", "ycsb [INSERT] Return=OK",
                "ycsb [INSERT] Return=BATCHED_OK"),
            (s, o) -> s.counts().get("server commands.insert") == 300 && o.counts().get("server commands.insert") == 30));
    pairs.add(SideBySidePair.of("mongodb.upsert=true").load(INSERTS + " -p mongodb.upsert=true"));
    pairs.add(SideBySidePair.of("mongodb.upsert=true over loaded records").load(INSERTS)
        .load(INSERTS + " -p mongodb.upsert=true"));
    pairs.add(SideBySidePair.of("mongodb.upsert=true with batchsize=10")
        .load("-P workloads/workloada " + N + " -threads 1 -p batchsize=10 -p mongodb.upsert=true")
        .deliberate("stock's batched upsert hands the driver a replacement as an update (driver 3.8 refuses it:"
                + " every batch fails); ours sends replacements with upsert, as unbatched",
            Set.of("*"),
            (s, o) -> s.counts().getOrDefault("server update.updates", 0L) == 0
                && s.counts().getOrDefault("ycsb [INSERT] Return=ERROR", 0L) > 0
                && o.counts().get("server update.updates") == 300
                && o.counts().getOrDefault("ycsb [INSERT] Return=ERROR", 0L) == 0));
  }

  private static void coreProperties(List<SideBySidePair> pairs) {
    pairs.add(SideBySidePair.of("-target 100 (200 operations: at least 2 s)")
        .run("-P workloads/workloada -p recordcount=300 -p operationcount=200 -threads 4 -target 100").mixed()
        .atLeastMs(1800));
    pairs.add(SideBySidePair.of("-p before -P: -p wins (reads only)")
        .run("-p readproportion=1 -p updateproportion=0 " + N + " -P workloads/workloada -threads 4"));
    pairs.add(SideBySidePair.of("two -P files: the later wins (workload c after a)")
        .run("-P workloads/workloada -P workloads/workloadc " + N + " -threads 4"));
    pairs.add(SideBySidePair.of("-p threadcount=4 instead of -threads")
        .run("-P workloads/workloada " + N + " -p threadcount=4").mixed());
    pairs.add(SideBySidePair.of("readallfields=false (projection) and writeallfields=true")
        .run(RUN_A + " -p readallfields=false -p writeallfields=true").mixed());
    pairs.add(SideBySidePair.of("fieldcount=3 fieldlength=20").load(INSERTS + " -p fieldcount=3 -p fieldlength=20"));
    pairs.add(SideBySidePair.of("insertorder=ordered zeropadding=12, table=test")
        .load(INSERTS + " -p insertorder=ordered -p zeropadding=12 -p table=test"));
    pairs.add(SideBySidePair.of("insertstart=100 insertcount=100 (a slice of 300)")
        .load("-P workloads/workloada " + N + " -p insertstart=100 -p insertcount=100 -threads 2"));
    pairs.add(SideBySidePair.of("requestdistribution=uniform, scans and inserts").load(LOAD_A)
        .run(RUN_A + " -p requestdistribution=uniform -p scanproportion=0.3 -p insertproportion=0.2"
            + " -p readproportion=0.3 -p updateproportion=0.2 -p maxscanlength=20").mixed());
    pairs.add(SideBySidePair.of("workload e, scanlengthdistribution=zipfian, maxscanlength=300").load(LOAD_A)
        .run("-P workloads/workloade " + N + " -threads 4 -p scanlengthdistribution=zipfian -p maxscanlength=300")
        .mixed());
  }

  private static void crossLoading(List<SideBySidePair> pairs) {
    pairs.add(SideBySidePair.of("loaded by stock, run by each (workload a)").loadBy(By.STOCK, LOAD_A).run(RUN_A).mixed());
    pairs.add(SideBySidePair.of("loaded by ours, run by each (workload a)").loadBy(By.OURS, LOAD_A).run(RUN_A).mixed());
    pairs.add(SideBySidePair.of("loaded by ours in batches, scanned by each (workload e)")
        .loadBy(By.OURS, LOAD_A + " -p batchsize=10").run("-P workloads/workloade " + N + " -threads 4").mixed());
  }
}

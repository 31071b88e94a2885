package dev.ycsbmongo.it;

import dev.ycsbmongo.orchestrator.embedded.EmbeddedMongoServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A class data sharing archive for YCSB 0.17.0's own launcher, so that its JVMs start as cheaply as
 * ours (scripts/ycsb starts with an archive of its own): the side-by-side suite starts it about a
 * hundred times, and a start without an archive costs about 0.5 CPU s more on this machine
 * (BENCHMARKS.md, JVM start-up). One short load records the archive ({@code -XX:ArchiveClassesAtExit});
 * every later run maps it. Only the JVM's start changes: the launcher, its class path and every
 * argument are the user's, so what each side sends is the same.
 *
 * <p>The launcher is reached through {@code JAVA_OPTS}, which YCSB 0.17.0's scripts hand to java
 * (its {@code ycsb.sh} defaults them to {@code -Xmx1g}, kept here). Where recording fails (a launcher
 * that ignores {@code JAVA_OPTS}, a JDK without a base archive), the runs go on without one.
 */
final class StockClassSharing {

  /** What YCSB 0.17.0's ycsb.sh passes to java when JAVA_OPTS is unset. */
  static final String STOCK_DEFAULT_OPTIONS = "-Xmx1g";

  /**
   * Both sides' JVMs compile with C1 only: each runs a few hundred operations, where the C2 compiler's work
   * never pays back, and the suite starts some hundreds of them. The JIT changes how fast the same bytecode
   * runs, not what either side sends, which is what the suite compares.
   */
  static final String JIT = LauncherRun.C1_ONLY;

  /** The environment of every run of our launcher: the same JIT as stock's. */
  static final Map<String, String> OURS_ENVIRONMENT = Map.of("JAVA_OPTS", JIT);

  private StockClassSharing() {
  }

  /** The environment of every stock run: JAVA_OPTS with the archive (where one was recorded) and {@link #JIT}. */
  static Map<String, String> environment(Path stock, Path dir) throws Exception {
    Path archive = dir.resolve("stock.jsa");
    LauncherRun run;
    try (EmbeddedMongoServer server = EmbeddedMongoServer.start(0)) {
      run = LauncherRun.run(dir, Duration.ofSeconds(180),
          Map.of("JAVA_OPTS", STOCK_DEFAULT_OPTIONS + " -XX:ArchiveClassesAtExit=" + archive + " -Xlog:cds=off"),
          null, List.of(stock.toString(), "load", "mongodb", "-p", "workload=site.ycsb.workloads.CoreWorkload",
              "-p", "recordcount=20", "-p", "mongodb.url=mongodb://127.0.0.1:" + server.port() + "/ycsb"));
    }
    if (run.exitCode != 0 || !Files.isRegularFile(archive)) {
      System.out.println("[it] StockSideBySideIT: no class data sharing archive for the stock launcher (exit "
          + run.exitCode + "); its JVMs start without one");
      return Map.of("JAVA_OPTS", STOCK_DEFAULT_OPTIONS + " " + JIT);
    }
    // -Xlog:cds=off: a JVM that cannot map the archive starts without it, silently, as scripts/ycsb's do
    return Map.of("JAVA_OPTS", STOCK_DEFAULT_OPTIONS + " " + JIT + " -XX:SharedArchiveFile=" + archive
        + " -Xlog:cds=off");
  }
}

package dev.ycsbmongo.orchestrator.clients;

import dev.ycsbmongo.binding.launch.EarlyStop;
import dev.ycsbmongo.binding.launch.ParentWatch;
import dev.ycsbmongo.binding.launch.YcsbMain;
import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * {@code ClientMain ycsb}: one of a cell's N clients, running YCSB in this JVM and writing its
 * measurements as frames on standard output (see {@code launch.ClientMain} for the steps and the contract).
 *
 * <p>YCSB 0.17.0's {@code Client.main} always ends in {@code System.exit}, so the run's end is
 * handled without returning: {@link FramingExporter} writes the last frames before YCSB exits, and
 * one shutdown hook removes the working directory and flushes the output. YCSB exits 0 even when it
 * failed before its export (a workload that cannot start, an exception in a client thread): the
 * hook then ends the process with status 1, so that a client without a summary frame never looks
 * successful by its exit status either.
 */
public final class YcsbClient {

  /** The exit status of a client whose YCSB ended without its export (YCSB itself says 0). */
  static final int YCSB_FAILED = 1;

  private final Map<String, String> env;
  private final PrintStream frames;
  private final Runnable drainConsole;
  private volatile Path workDir;
  private volatile LiveFrames live;
  private volatile boolean ycsbStarted;

  private YcsbClient(Map<String, String> env, PrintStream frames, Runnable drainConsole) {
    this.env = env;
    this.frames = frames;
    this.drainConsole = drainConsole;
  }

  /**
   * Runs the client; returns only on a problem before or instead of YCSB's own exit: 2 for bad input
   * (one line on standard error), 1 otherwise.
   */
  public static int run(List<String> args, Map<String, String> env) {
    Instant processStart = ProcessHandle.current().info().startInstant().orElse(Instant.now());
    ParentWatch.start();  // a local child ends with the orchestrator, even after kill -9
    // frames own file descriptor 1; everything printed through System.out/err goes to 2, masked
    PrintStream frames = new PrintStream(new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 16),
        false, StandardCharsets.UTF_8);
    FileOutputStream stderr = new FileOutputStream(FileDescriptor.err);
    Runnable drain = YcsbMain.maskOutput(args.toArray(String[]::new), env, stderr, stderr);
    YcsbClient client = new YcsbClient(env, frames, drain);
    Runtime.getRuntime().addShutdownHook(new Thread(client::atExit, "client-exit"));
    return client.run(args, processStart);
  }

  private int run(List<String> args, Instant processStart) {
    ClientArgs a;
    try {
      a = ClientArgs.parse(args, env);
    } catch (ClientArgumentException e) {
      return badInput("client: " + e.getMessage());
    }
    try {
      workDir = Files.createTempDirectory(Path.of(System.getProperty("java.io.tmpdir")),
          ParentWatch.TEMP_PREFIX + ProcessHandle.current().pid() + "-client-",
          PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    } catch (IOException | UnsupportedOperationException e) {
      System.err.println("client: cannot create a working directory in " + System.getProperty("java.io.tmpdir")
          + ": " + e.getMessage() + " (set -Djava.io.tmpdir to a writable directory)");
      return 1;
    }
    String[] ycsbArgs = a.ycsbArgs(workDir).toArray(String[]::new);
    Optional<String> invalid = YcsbMain.invalidSetting(ycsbArgs, env);
    if (invalid.isPresent()) {
      return badInput("ycsb: " + invalid.get());
    }

    FrameWriter writer = new FrameWriter(frames, a.client().index());
    writer.hello(new ClientHello(a.client().index(), a.client().count(), dev.ycsbmongo.orchestrator.HostName.of(env), ProcessHandle.current().pid(),
        processStart));
    try {
      a.start().await(new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)));
    } catch (ClientArgumentException e) {
      return badInput("client: " + e.getMessage());
    } catch (IOException e) {
      return badInput("client: cannot read the start line from standard input: " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return 1;
    }
    Optional<String> unusable = YcsbMain.checkConnection(ycsbArgs, env);
    if (unusable.isPresent()) {
      return badInput("ycsb: " + unusable.get());
    }
    System.err.println("client " + a.client().index() + " of " + a.client().count() + ": " + a.slice().description());

    LiveFrames frameLoop = new LiveFrames(writer, new IntervalTailer(workDir), System.err);
    FramingExporter.onClose(frameLoop::finish);
    live = frameLoop;
    frameLoop.start();
    ycsbStarted = true;
    // a cell stopped once precise: every client watches the one stop file its -p names (binding's EarlyStop)
    site.ycsb.Client.main(EarlyStop.withStoppableWorkload(ycsbArgs, Optional.of(a.effective()),
        EarlyStop.stopFile(a.effective())));
    System.err.println("client: YCSB returned without ending the process");
    return YCSB_FAILED;
  }

  private static int badInput(String line) {
    System.err.println(line);
    return 2;
  }

  /** Runs as the JVM ends, however it ends: YCSB's exit, a bad input, a signal, the orchestrator gone. */
  private void atExit() {
    LiveFrames l = live;
    boolean ycsbFailed = false;
    if (l != null) {
      l.stopPolling();
      ycsbFailed = ycsbStarted && !l.summaryWritten() && exitCalledByYcsb();
    }
    if (ycsbFailed) {
      System.err.println("client: YCSB ended without exporting its measurements (its output above says why);"
          + " no summary frame");
    }
    deleteWorkDir();
    frames.flush();
    drainConsole.run();
    if (ycsbFailed) {
      Runtime.getRuntime().halt(YCSB_FAILED);
    }
  }

  /**
   * Whether YCSB itself (its main or a client thread) called {@code System.exit}; not a signal, not
   * {@link ParentWatch}. The thread that called it waits in {@code Runtime.exit} while hooks run.
   */
  static boolean exitCalledByYcsb() {
    for (Map.Entry<Thread, StackTraceElement[]> e : Thread.getAllStackTraces().entrySet()) {
      StackTraceElement[] stack = e.getValue();
      boolean exiting = Stream.of(stack).anyMatch(f -> f.getClassName().equals("java.lang.Runtime")
          && f.getMethodName().equals("exit"));
      if (exiting && Stream.of(stack).anyMatch(f -> f.getClassName().startsWith("site.ycsb."))) {
        return true;
      }
    }
    return false;
  }

  private void deleteWorkDir() {
    // named with ParentWatch's prefix and this PID: what the orchestrator's next start would remove
    ParentWatch.deleteTempDir(workDir);
  }

}

package dev.ycsbmongo.binding.launch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.DB;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;

class EarlyStopTest {

  @TempDir
  Path dir;

  private static Optional<Properties> workload(String name) {
    Properties p = new Properties();
    if (name != null) {
      p.setProperty("workload", name);
    }
    return Optional.of(p);
  }

  @Test
  void shouldPutTheRunsWorkloadBehindTheStoppableOneWhenAStopFileIsNamed() {
    String[] args = {"-db", "x", "-t", "-p", "workload=site.ycsb.workloads.CoreWorkload", "-s"};

    String[] swapped = EarlyStop.withStoppableWorkload(args, workload("site.ycsb.workloads.CoreWorkload"), "/tmp/stop");

    assertEquals(List.of("-db", "x", "-t", "-p", "workload=site.ycsb.workloads.CoreWorkload", "-s",
        "-p", StoppableWorkload.DELEGATE + "=site.ycsb.workloads.CoreWorkload",
        "-p", "workload=" + StoppableWorkload.class.getName()), List.of(swapped));
    assertEquals(StoppableWorkload.class.getName(), YcsbMain.effectiveProperties(swapped).map(p ->
        p.getProperty("workload")).orElse(null), "the -p at the end wins, as in YCSB 0.17.0's Client");
  }

  @Test
  void shouldLeaveLoadsAndUnwatchedRunsAsTheyAre() {
    String[] load = {"-db", "x", "-load", "-s"};
    String[] run = {"-db", "x", "-t"};
    Optional<Properties> core = workload("site.ycsb.workloads.CoreWorkload");

    assertSame(load, EarlyStop.withStoppableWorkload(load, core, "/tmp/stop"), "a load inserts every record");
    assertSame(run, EarlyStop.withStoppableWorkload(run, core, null));
    assertSame(run, EarlyStop.withStoppableWorkload(run, core, " "));
    assertSame(run, EarlyStop.withStoppableWorkload(run, workload(null), "/tmp/stop"),
        "no workload: YCSB says so itself");
    assertSame(run, EarlyStop.withStoppableWorkload(run, Optional.empty(), "/tmp/stop"));
  }

  @Test
  void shouldRunTheStopOnceTheFileAppears() throws Exception {
    Path file = dir.resolve("stop");
    CountDownLatch stopped = new CountDownLatch(1);
    Thread watch = EarlyStop.watch(file, Duration.ofMillis(10), stopped::countDown);

    assertFalse(stopped.await(100, TimeUnit.MILLISECONDS), "no file, no stop");
    Files.writeString(file, "mean within 3%\n");
    assertTrue(stopped.await(5, TimeUnit.SECONDS));
    watch.join(5_000);
    assertFalse(watch.isAlive());
  }

  /** A workload that records what it was asked. */
  public static final class Recording extends Workload {
    static final List<String> CALLS = new ArrayList<>();

    @Override
    public void init(Properties p) {
      CALLS.add("init " + p.getProperty("marker"));
    }

    @Override
    public Object initThread(Properties p, int id, int count) {
      CALLS.add("initThread " + id + "/" + count);
      return "state-" + id;
    }

    @Override
    public void cleanup() {
      CALLS.add("cleanup");
    }

    @Override
    public boolean doInsert(DB db, Object state) {
      CALLS.add("insert " + state);
      return true;
    }

    @Override
    public boolean doTransaction(DB db, Object state) {
      CALLS.add("transaction " + state);
      return false;
    }
  }

  @Test
  void shouldHandEveryCallToTheDelegateAndStopOnRequest() throws Exception {
    Recording.CALLS.clear();
    Properties p = new Properties();
    p.setProperty(StoppableWorkload.DELEGATE, Recording.class.getName());
    p.setProperty("marker", "m");
    StoppableWorkload w = new StoppableWorkload();

    w.init(p);
    Object state = w.initThread(p, 3, 8);
    assertTrue(w.doInsert(null, state));
    assertFalse(w.doTransaction(null, state), "the delegate's answer, not ours");
    assertFalse(w.isStopRequested());
    w.requestStop();
    assertTrue(w.isStopRequested());
    w.cleanup();

    assertEquals(List.of("init m", "initThread 3/8", "insert state-3", "transaction state-3", "cleanup"),
        Recording.CALLS);
  }

  @Test
  void shouldSayWhichWorkloadItCannotCreate() {
    Properties missing = new Properties();
    Properties wrong = new Properties();
    wrong.setProperty(StoppableWorkload.DELEGATE, "no.such.Workload");

    assertTrue(assertThrows(WorkloadException.class, () -> new StoppableWorkload().init(missing)).getMessage()
        .contains(StoppableWorkload.DELEGATE + " is not set"));
    assertTrue(assertThrows(WorkloadException.class, () -> new StoppableWorkload().init(wrong)).getMessage()
        .contains("cannot create workload no.such.Workload"));
  }

  @Test
  void shouldTakeTheStopFileFromTheRunsPropertiesWhichTheClientsOfACellShare() {
    Properties named = new Properties();
    named.setProperty(EarlyStop.STOP_FILE, "/cell/stop");
    String before = System.clearProperty(EarlyStop.STOP_FILE);
    try {
      assertEquals("/cell/stop", EarlyStop.stopFile(named));
      assertEquals(null, EarlyStop.stopFile(new Properties()), "named nowhere: no early stop");
      System.setProperty(EarlyStop.STOP_FILE, "/phase/stop");
      assertEquals("/cell/stop", EarlyStop.stopFile(named), "the run's own property first");
      assertEquals("/phase/stop", EarlyStop.stopFile(new Properties()));
    } finally {
      if (before == null) {
        System.clearProperty(EarlyStop.STOP_FILE);
      } else {
        System.setProperty(EarlyStop.STOP_FILE, before);
      }
    }
  }
}

package dev.ycsbmongo.orchestrator.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cell watched over successive stand-in /proc snapshots with known figures: a 2-core machine
 * (200 ticks a second), our tree using 40 ticks a second (20% of the cores) while its YCSB JVM and
 * that JVM's child end and are reaped mid-cell, other processes 100 ticks a second for 5 s then 144
 * (61% over the 10 s, 72% over the last 5 s), steal 10 a second (5%).
 */
class HostWatchTest {

  private static final long SECOND = 1_000_000_000L;

  @TempDir
  Path root;

  /** Ticks so far, per process and machine-wide, advanced one second at a time. */
  private long us = 50;
  private long ycsb = 0;
  private long grandchild = 0;
  private long reapedByUs = 0;
  private long reapedByYcsb = 0;
  private long others = 2000;
  private long idle = 10_000;
  private long steal = 0;

  private void write(StandInProc proc, int second) {
    proc.stat(2, us + ycsb + grandchild + reapedByUs + reapedByYcsb + others, idle, steal)
        .loadavg(second == 0 ? "1.15" : "3.23")
        .process(1, 0, 10, 0, 0, 0)
        .process(100, 1, us, 0, reapedByUs, 0)
        .process(900, 1, others, 0, 0, 0);
    if (second < 7) {
      proc.process(200, 100, ycsb, 0, reapedByYcsb, 0);
    } else {
      proc.gone(200);
    }
    if (second < 5) {
      proc.process(300, 200, grandchild, 0, 0, 0);
    } else {
      proc.gone(300);
    }
  }

  private void advance(int second) {
    us += 10;
    if (second <= 5) {
      ycsb += 25;
      grandchild += 5;
    } else if (second <= 7) {
      ycsb += 30;
    } else {
      us += 30;
    }
    if (second == 5) {  // the grandchild ended and its parent reaped it
      reapedByYcsb += grandchild;
      grandchild = 0;
    }
    if (second == 7) {  // the YCSB JVM ended and we reaped it, with what it had reaped
      reapedByUs += ycsb + reapedByYcsb;
      ycsb = 0;
      reapedByYcsb = 0;
    }
    long other = second <= 5 ? 100 : 144;
    others += other;
    steal += 10;
    idle += 200 - 40 - other - 10;
  }

  @Test
  void sharesOfOursOthersAndStealOverTheCellAndTheirPeak() {
    StandInProc proc = new StandInProc(root).file("proc/cpuinfo", "model name\t: AMD EPYC\n");
    write(proc, 0);
    ProcHost host = new ProcHost(root, 100);
    HostWatch watch = HostWatch.begin(host, 0);
    for (int second = 1; second < 10; second++) {
      advance(second);
      write(proc, second);
      watch.add(host.sample(second * SECOND + (second % 2) * 3_000_000));  // a few ms late now and then
    }
    advance(10);
    write(proc, 10);
    ClientHostLoad load = watch.finish(host.sample(10 * SECOND));

    assertEquals(new ClientHostLoad("AMD EPYC", 2, 2.0, 1.15, 3.23, 10.0, 0.81, 0.20, 0.61, 0.05, 0.72), load);
    assertEquals("client host: AMD EPYC, 2 cores; load 1.15 -> 3.23; other processes 61% of the cores"
        + " (peak 72% over 5 s), ours 20%, steal 5.0%", load.describe());
    assertEquals(Optional.of("client host busy: other processes used 61% of the cores (limit 25%)"),
        HostBusyRule.DEFAULT.cause(load));
    assertEquals(load, watch.finish(host.sample(11 * SECOND)), "a second finish gives the same record");
  }

  @Test
  void aCellShorterThanThePeakWindowHasNoPeak() {
    StandInProc proc = new StandInProc(root);
    write(proc, 0);
    ProcHost host = new ProcHost(root, 100);
    HostWatch watch = HostWatch.begin(host, 0);
    for (int second = 1; second <= 3; second++) {
      advance(second);
      write(proc, second);
      watch.add(host.sample(second * SECOND));
    }
    ClientHostLoad load = watch.finish(host.sample(3 * SECOND + 1));
    assertEquals(0.5, load.othersShare());
    assertNull(load.peakOthersShare());
    assertNull(load.cpuModel());
  }

  @Test
  void aHostWithoutProcGivesUnknownFieldsAndNoVerdict() {
    HostWatch watch = HostWatch.start(new ProcHost(root.resolve("nothing"), 100));
    ClientHostLoad load = watch.finish();
    assertEquals(new ClientHostLoad(null, null, null, null, null, load.seconds(), null, null, null, null, null), load);
    assertEquals("client host: unknown CPU; load unknown -> unknown; CPU use unknown", load.describe());
    assertEquals(Optional.empty(), HostBusyRule.DEFAULT.cause(load));
  }

  @Test
  void withoutOurStatTheMachinesSharesAreStillKnown() {
    StandInProc proc = new StandInProc(root);
    write(proc, 0);
    ProcHost host = new ProcHost(root, 4242);  // no /proc/4242: a container that hides it
    HostWatch watch = HostWatch.begin(host, 0);
    advance(1);
    write(proc, 1);
    ClientHostLoad load = watch.finish(host.sample(SECOND));
    assertEquals(0.70, load.busyShare());
    assertEquals(0.05, load.stealShare());
    assertNull(load.ourShare());
    assertNull(load.othersShare());
    assertEquals("client host: unknown CPU, 2 cores; load 1.15 -> 3.23; steal 5.0%", load.describe());
  }
}

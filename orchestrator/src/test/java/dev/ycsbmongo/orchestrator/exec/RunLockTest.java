package dev.ycsbmongo.orchestrator.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunLockTest {

  /** A PID no process has: above the kernel's pid_max (at most 2^22). */
  private static final long DEAD_PID = 99_999_999L;

  @Test
  void refusesASecondWriterNamingTheHolder(@TempDir Path dir) throws Exception {
    try (RunLock first = RunLock.acquire(dir, "results/x", "run --resume", n -> { })) {
      RunLock.InUseException e = assertThrows(RunLock.InUseException.class,
          () -> RunLock.acquire(dir, "results/x", "report", n -> { }));
      assertTrue(e.getMessage().matches("results/x is in use by PID " + ProcessHandle.current().pid()
          + " \\(run --resume, started \\d\\d:\\d\\d:\\d\\d on .+\\); wait for it or stop it"), e.getMessage());
      String file = Files.readString(dir.resolve(RunLock.FILE));
      assertTrue(file.contains("pid=" + ProcessHandle.current().pid()) && file.contains("command=run --resume"), file);
    }
  }

  @Test
  void isFreeAgainWhenReleasedAndLeavesAnEmptyFile(@TempDir Path dir) throws Exception {
    RunLock lock = RunLock.acquire(dir, "results/x", "run", n -> { });
    lock.close();
    lock.close();
    assertEquals("", Files.readString(dir.resolve(RunLock.FILE)));
    List<String> notes = new ArrayList<>();
    RunLock.acquire(dir, "results/x", "report", notes::add).close();
    assertEquals(List.of(), notes);
  }

  @Test
  void takesOverALockLeftByADeadProcessWithANote(@TempDir Path dir) throws Exception {
    String left = new RunLock.Holder(DEAD_PID, "bench-client", "run", Instant.parse("2026-11-24T14:02:11Z")).text();
    Files.writeString(dir.resolve(RunLock.FILE), left);
    List<String> notes = new ArrayList<>();
    try (RunLock taken = RunLock.acquire(dir, "results/x", "run --resume", notes::add)) {
      assertEquals(1, notes.size());
      assertTrue(notes.get(0).matches("results/x: taking over the lock left by PID " + DEAD_PID
          + " \\(run, started \\d\\d:\\d\\d:\\d\\d on bench-client\\), which is no longer running"), notes.get(0));
      assertTrue(Files.readString(dir.resolve(RunLock.FILE)).contains("pid=" + ProcessHandle.current().pid()));
    }
  }
}

package dev.ycsbmongo.orchestrator.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.clients.HdrLogFollower.LoggedInterval;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One YCSB HDR log followed while it grows: complete lines only, exact epoch milliseconds. */
class HdrLogFollowerTest {

  private static final long BASE = 1_795_551_228_284L;

  @TempDir
  Path dir;

  @Test
  void readsOnlyWhatWasAppendedSinceTheLastPoll() throws Exception {
    try (YcsbHdrLog log = new YcsbHdrLog(dir, "READ", BASE)) {
      HdrLogFollower f = new HdrLogFollower(log.file());
      assertEquals(List.of(), f.poll(), "a header only");
      log.interval(BASE + 26, BASE + 1033, 100, 200, 300);
      List<LoggedInterval> first = f.poll();
      assertEquals(1, first.size());
      assertEquals(BASE + 26, first.get(0).startMillis());
      assertEquals(BASE + 1033, first.get(0).endMillis());
      assertEquals(3, first.get(0).count());
      assertEquals(300, first.get(0).histogram().getMaxValue(), 1);
      assertEquals(List.of(), f.poll(), "nothing new");
      log.interval(BASE + 1033, BASE + 2034, 5).interval(BASE + 2034, BASE + 2040);
      List<LoggedInterval> next = f.poll();
      assertEquals(List.of(BASE + 1033, BASE + 2034), next.stream().map(LoggedInterval::startMillis).toList());
      assertEquals(List.of(1L, 0L), next.stream().map(LoggedInterval::count).toList());
    }
  }

  @Test
  void leavesALineBeingWrittenForTheNextPoll() throws Exception {
    try (YcsbHdrLog log = new YcsbHdrLog(dir, "UPDATE", BASE)) {
      HdrLogFollower f = new HdrLogFollower(log.file());
      log.interval(BASE, BASE + 1000, 10);
      byte[] line = log.line(BASE + 1000, BASE + 2000, 20, 30);
      log.append(Arrays.copyOf(line, line.length / 2));
      List<LoggedInterval> before = f.poll();
      assertEquals(1, before.size(), "the half line is not read");
      log.append(Arrays.copyOfRange(line, line.length / 2, line.length - 1));
      assertEquals(List.of(), f.poll(), "a line without its newline is not complete");
      log.append(new byte[] {'\n'});
      List<LoggedInterval> after = f.poll();
      assertEquals(1, after.size());
      assertEquals(BASE + 1000, after.get(0).startMillis());
      assertEquals(BASE + 2000, after.get(0).endMillis());
      assertEquals(2, after.get(0).count());
    }
  }

  @Test
  void keepsConsecutiveIntervalsContiguousToTheMillisecond() throws Exception {
    // 1795551228.284 + 0.033 in doubles is 1795551228316.9998 ms: a reader that adds doubles
    // loses a millisecond and makes one interval overlap the next
    try (YcsbHdrLog log = new YcsbHdrLog(dir, "READ", BASE)) {
      long t = BASE;
      for (int i = 0; i < 200; i++) {
        log.interval(t, t + 7 + i, 1);
        t += 7 + i;
      }
      List<LoggedInterval> read = new HdrLogFollower(log.file()).poll();
      for (int i = 1; i < read.size(); i++) {
        assertEquals(read.get(i - 1).endMillis(), read.get(i).startMillis(), "interval " + i);
      }
      assertEquals(t, read.get(read.size() - 1).endMillis());
    }
  }

  @Test
  void rejectsADamagedCompleteLineNamingFileAndLine() throws Exception {
    Path file = dir.resolve("READ.hdr");
    Files.writeString(file, "#[StartTime: 1795551228.284 (seconds since epoch), x]\n0.026,0.007,0.001,notbase64!\n",
        StandardCharsets.UTF_8);
    IOException e = assertThrows(IOException.class, () -> new HdrLogFollower(file).poll());
    assertEquals("READ.hdr line 2: the histogram is not a compressed HDR histogram", e.getMessage());
    Files.writeString(file, "0.026,0.007,0.001,HISTFAAAABx42pNpmSzMwMDAyAABzFAaxmey/wBlAQA8yQJ9\n");
    IOException noBase = assertThrows(IOException.class, () -> new HdrLogFollower(file).poll());
    assertTrue(noBase.getMessage().contains("before any StartTime or BaseTime line"), noBase.getMessage());
  }
}

package dev.ycsbmongo.orchestrator.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.clients.ClientHello;
import dev.ycsbmongo.orchestrator.clients.FrameWriter;
import dev.ycsbmongo.orchestrator.clients.OpInterval;
import dev.ycsbmongo.orchestrator.clients.WholeRun;
import dev.ycsbmongo.orchestrator.results.YcsbOutput.IntervalCount;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * A cell of several clients stops on its merged series: read while the clients' interval frames arrive, as far
 * as every client's every operation has reported, it is a prefix of the series the record is judged on.
 */
class CellLiveSeriesTest {

  private static final long T0 = 1_795_000_000_000L;

  /** Writes a client's frames and hands each line to the runner's frame readers, as the backend does. */
  private static final class Client {
    final int index;
    final DistributedPhaseRunner.Frames frames;
    final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    final FrameWriter writer;
    final List<OpInterval> written = new ArrayList<>();
    long lastEnd;

    Client(int index, int of, DistributedPhaseRunner.Frames frames, long start) {
      this.index = index;
      this.frames = frames;
      this.writer = new FrameWriter(new PrintStream(bytes, true, StandardCharsets.UTF_8), index);
      this.lastEnd = start;
      writer.hello(new ClientHello(index, of, "host", 100 + index, Instant.ofEpochMilli(start - 800)));
      flush();
    }

    /** One status tick ending at {@code end}: READ and UPDATE intervals, UPDATE's closing 2 ms after READ's. */
    void tick(long end, long reads, long updates) {
      emit(new OpInterval("READ", lastEnd, end, histogram(reads), Map.of()));
      emit(new OpInterval("UPDATE", lastEnd + 2, end + 2, histogram(updates), Map.of()));
      lastEnd = end;
    }

    private void emit(OpInterval i) {
      written.add(i);
      writer.interval(i);
      flush();
    }

    private void flush() {
      for (String line : bytes.toString(StandardCharsets.UTF_8).split("\n")) {
        if (!line.isBlank()) {
          frames.accept(index, line);
        }
      }
      bytes.reset();
    }
  }

  private static Histogram histogram(long n) {
    Histogram h = new Histogram(OpInterval.SIGNIFICANT_DIGITS);
    if (n > 0) {
      h.recordValueWithCount(200, n);
    }
    return h;
  }

  @Test
  void theSeriesSoFarEndsWhereTheSlowestClientHasReported() {
    DistributedPhaseRunner.Frames frames = new DistributedPhaseRunner.Frames(2);
    Client first = new Client(0, 2, frames, T0);
    Client second = new Client(1, 2, frames, T0 + 40);
    for (int k = 0; k < 30; k++) {
      first.tick(T0 + 1000L * (k + 1) + (k % 3), 700 + 13 * (k % 5), 300);
    }
    assertEquals(List.of(), frames.complete(), "second 0 of the cell is not known before every client measured");
    for (int k = 0; k < 20; k++) {
      second.tick(T0 + 40 + 1000L * (k + 1), 650 + 7 * (k % 4), 310);
    }
    List<IntervalCount> soFar = frames.complete();
    assertNull(frames.problem(), "the frames read as the runner reads them");
    // client 1 reported up to 20.04 s (its UPDATE to 20.042 s): the cells ending by then, whole
    assertEquals(20, soFar.size());
    assertEquals(20.0, soFar.get(19).endSeconds());

    for (int k = 20; k < 30; k++) {
      second.tick(T0 + 40 + 1000L * (k + 1), 650, 310);
    }
    List<IntervalCount> record = SteadyState.whole(WholeRun.series(List.of(first.written, second.written), 1000));
    assertTrue(record.size() > soFar.size());
    assertEquals(record.subList(0, soFar.size()), soFar, "a prefix of the record's series, cell for cell");
    assertEquals(record, frames.complete(), "every client done: the whole series");
  }
}

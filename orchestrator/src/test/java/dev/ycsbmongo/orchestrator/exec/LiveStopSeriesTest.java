package dev.ycsbmongo.orchestrator.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.plan.Acceptance;
import dev.ycsbmongo.orchestrator.results.PhaseMeasurements;
import dev.ycsbmongo.orchestrator.results.Precision;
import dev.ycsbmongo.orchestrator.results.YcsbOutput;
import dev.ycsbmongo.orchestrator.results.YcsbOutput.IntervalCount;
import dev.ycsbmongo.orchestrator.stats.PrecisionRule;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The live early stop and the record read one series: HDR interval logs written as YCSB writes them,
 * read live as they grow (between two series' lines of one tick too), give at every look a prefix of
 * the series the record is judged on, and a run stopped as precise is precise by the record's rule.
 */
class LiveStopSeriesTest {

  private static final long BASE = 1_795_000_000_123L;
  private static final Acceptance FIVE_PERCENT = new Acceptance(1000, Duration.ofSeconds(5),
      Acceptance.SteadyStateRule.AUTO, 0.25, 0.25, Duration.ofSeconds(3), Duration.ofSeconds(20), 0.05);

  @TempDir
  Path phase;

  /** One HDR log as YCSB's OneMeasurementHdrHistogram writes it: header, then one line per status tick. */
  private static final class Log implements AutoCloseable {
    final PrintStream out;
    final HistogramLogWriter writer;
    long lastEnd;

    Log(Path dir, String name, long start) throws Exception {
      out = new PrintStream(new FileOutputStream(dir.resolve(name + ".hdr").toFile()), false);
      writer = new HistogramLogWriter(out);
      writer.outputComment("[Logging for: " + name + "]");
      writer.outputLogFormatVersion();
      writer.outputStartTime(start);
      writer.setBaseTime(start);
      writer.outputLegend();
      out.flush();
      lastEnd = start;
    }

    void tick(long end, long operations) {
      Histogram h = new Histogram(3);
      if (operations > 0) {
        h.recordValueWithCount(150, operations);
      }
      h.setStartTimeStamp(lastEnd);
      h.setEndTimeStamp(end);
      writer.outputIntervalHistogram(h);
      out.flush();
      lastEnd = end;
    }

    @Override
    public void close() {
      out.close();
    }
  }

  @Test
  void aRunStoppedAsPreciseIsPreciseByTheRecordsRule() throws Exception {
    Path hdr = Files.createDirectories(phase.resolve(YcsbOutput.HDR_DIR));
    PrecisionRule rule = CellPrecision.rule(FIVE_PERCENT, 1);
    Random r = new Random(11);
    List<List<IntervalCount>> looks = new ArrayList<>();
    LiveStop live = new LiveStop(rule, 2, Acceptance.SteadyStateRule.AUTO, phase.resolve(LiveStop.FILE));
    LiveStop.Series series = LiveStop.hdrLogs(phase);
    try (Log read = new Log(hdr, "READ", BASE); Log update = new Log(hdr, "UPDATE", BASE + 1)) {
      int k = 0;
      while (live.stoppedAtSeconds() == null && k < 120) {
        // a tick a second, a few ms late or early; UPDATE's line 1-4 ms after READ's, as the status thread writes them
        long tick = BASE + 1000L * (k + 1) + r.nextInt(25) - 12;
        double rate = k < 3 ? 300 * (k + 1) : 1000 * (1 + 0.10 * r.nextGaussian());
        read.tick(tick, Math.round(rate * 0.7));
        looks.add(series.complete());  // between the two series' lines: that tick is not complete yet
        update.tick(tick + 1 + r.nextInt(4), Math.round(rate * 0.3));
        List<IntervalCount> look = series.complete();
        looks.add(look);
        live.check(look);
        k++;
      }
      assertNotNull(live.stoppedAtSeconds(), "±10% seconds give the mean to ±5% within 120 s");
      // the threads wind down: one more tick, then YCSB's final flush of a part second
      long tick = BASE + 1000L * (k + 1);
      read.tick(tick, 400);
      update.tick(tick + 2, 150);
      read.tick(tick + 300, 90);
      update.tick(tick + 301, 40);
    }
    Files.writeString(phase.resolve(YcsbOutput.MEASUREMENTS_FILE),
        "[{\"metric\":\"OVERALL\",\"measurement\":\"RunTime(ms)\",\"value\":" + (1000L * (looks.size() / 2 + 1)) + "}]");

    YcsbOutput.Logs logs = YcsbOutput.logs(phase);
    List<IntervalCount> whole = SteadyState.whole(YcsbOutput.intervalCounts(logs));
    for (List<IntervalCount> look : looks) {
      assertEquals(whole.subList(0, look.size()), look, "every look reads a prefix of the record's series");
    }
    Double stoppedAt = live.stoppedAtSeconds();
    List<IntervalCount> judged = LiveStop.judged(whole, stoppedAt);
    assertEquals(looks.get(looks.size() - 1), judged, "the record judges the intervals the stop was decided on");
    assertTrue(judged.size() < whole.size(), "the wind-down is left out");

    int start = SteadyState.start(judged, 2, Acceptance.SteadyStateRule.AUTO);
    Precision p = CellPrecision.judge(CellPrecision.steadySeries(judged, start), rule, stoppedAt);
    assertEquals(Precision.PRECISE, p.verdict(), p.reason());
    assertTrue(p.reason().endsWith(String.format(java.util.Locale.ROOT, "; stopped early at %.0f s, stated to the target", stoppedAt)),
        p.reason());

    // the window's figures end there too
    Duration cut = Duration.ofMillis(Math.round(judged.get(start).startSeconds() * 1000));
    Duration until = Duration.ofMillis(Math.round(stoppedAt * 1000));
    PhaseMeasurements m = YcsbOutput.read(phase, logs, cut, until);
    assertEquals(stoppedAt, m.steady().startSeconds() + m.steady().durationSeconds(), 1e-9);
    long judgedOps = judged.subList(start, judged.size()).stream().mapToLong(IntervalCount::operations).sum();
    assertEquals(judgedOps, m.steady().operations(), "the steady window holds the judged seconds' operations");
    assertTrue(m.full().operations() > m.steady().operations());
  }
}

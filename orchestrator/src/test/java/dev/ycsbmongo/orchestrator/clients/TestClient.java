package dev.ycsbmongo.orchestrator.clients;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/** Builds one client's output from known latencies; its summary is the sum of its intervals. */
final class TestClient {

  private final int index;
  private final int clients;
  private final List<OpInterval> intervals = new ArrayList<>();
  private Long cpuMillis;
  private Integer cores;

  TestClient(int index, int clients) {
    this.index = index;
    this.clients = clients;
  }

  TestClient interval(String op, long startMillis, long endMillis, long... micros) {
    return interval(op, startMillis, endMillis, Map.of(), micros);
  }

  TestClient interval(String op, long startMillis, long endMillis, Map<String, Long> errors, long... micros) {
    intervals.add(new OpInterval(op, startMillis, endMillis, histogram(micros), errors));
    return this;
  }

  /** {@code count} intervals of {@code ms} from {@code start}, each holding {@code perInterval} ops of {@code micros}. */
  TestClient steady(String op, long start, long ms, int count, int perInterval, long micros) {
    long[] values = new long[perInterval];
    java.util.Arrays.fill(values, micros);
    for (int i = 0; i < count; i++) {
      interval(op, start + i * ms, start + (i + 1) * ms, values);
    }
    return this;
  }

  /** Its summary says this CPU time and these cores (by default it says neither, as older clients). */
  TestClient cpu(long cpuMillis, int cores) {
    this.cpuMillis = cpuMillis;
    this.cores = cores;
    return this;
  }

  static Histogram histogram(long... micros) {
    Histogram h = new Histogram(OpInterval.SIGNIFICANT_DIGITS);
    for (long v : micros) {
      h.recordValue(v);
    }
    return h;
  }

  ClientHello hello() {
    return new ClientHello(index, clients, "host-" + index, 1000 + index, Instant.ofEpochMilli(1_700_000_000_000L));
  }

  ClientSummary summary() {
    Map<String, long[]> counts = new TreeMap<>();
    Map<String, Map<String, Long>> errors = new TreeMap<>();
    for (OpInterval i : intervals) {
      counts.computeIfAbsent(i.operation(), k -> new long[1])[0] += i.count();
      i.errorsByStatus().forEach((s, n) -> errors.computeIfAbsent(i.operation(), k -> new TreeMap<>())
          .merge(s, n, Long::sum));
    }
    Map<String, ClientSummary.OpTotals> ops = new TreeMap<>();
    counts.forEach((op, c) -> ops.put(op, new ClientSummary.OpTotals(c[0], errors.getOrDefault(op, Map.of()))));
    long runtime = intervals.isEmpty() ? 0
        : intervals.stream().mapToLong(OpInterval::endMillis).max().getAsLong()
            - intervals.stream().mapToLong(OpInterval::startMillis).min().getAsLong();
    return new ClientSummary(runtime, ops, cpuMillis, cores);
  }

  /** Built directly, without frames. */
  ClientOutput output() {
    return new ClientOutput("test", hello(), intervals, summary());
  }

  /** Written by a {@link FrameWriter}, as a client would. */
  String frames() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    FrameWriter w = new FrameWriter(out, index);
    w.hello(hello());
    intervals.forEach(w::interval);
    w.summary(summary());
    return bytes.toString(StandardCharsets.UTF_8);
  }

  /** Written as frames and read back. */
  ClientOutput viaFrames() throws FrameException {
    List<ClientOutput> read = FrameReader.read(new StringReader(frames()), "client-" + index + ".log");
    if (read.size() != 1) {
      throw new AssertionError("expected one client, read " + read.size());
    }
    return read.get(0);
  }
}

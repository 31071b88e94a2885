package dev.ycsbmongo.bench;

import dev.ycsbmongo.orchestrator.clients.CellMerger;
import dev.ycsbmongo.orchestrator.clients.ClientHello;
import dev.ycsbmongo.orchestrator.clients.ClientOutput;
import dev.ycsbmongo.orchestrator.clients.ClientSummary;
import dev.ycsbmongo.orchestrator.clients.FrameReader;
import dev.ycsbmongo.orchestrator.clients.FrameWriter;
import dev.ycsbmongo.orchestrator.clients.MergedCell;
import dev.ycsbmongo.orchestrator.clients.OpInterval;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * How long the orchestrator takes to read and merge a cell of N clients: N clients x
 * {@value #INTERVALS} one-second intervals x 4 operations, each interval holding
 * {@value #OPS_PER_INTERVAL} latencies drawn from a log-normal (median ~1 ms, tail to ~100 ms).
 * Each client's frames are written by {@link FrameWriter} as a client would; the benchmark times
 * reading them back (all clients) and {@link CellMerger#merge} (median of the repetitions after
 * warm-up; reader and merge are warmed up on 4 clients first). Usage: {@code MergeBench [repetitions]} (default 9). Run by {@code bench/merge-bench.sh}.
 */
public final class MergeBench {

  static final int INTERVALS = 60;
  static final int OPS_PER_INTERVAL = 1000;
  static final List<String> OPS = List.of("READ", "UPDATE", "INSERT", "SCAN");

  private MergeBench() {
  }

  public static void main(String[] args) throws Exception {
    int reps = args.length > 0 ? Integer.parseInt(args[0]) : 9;
    // warm-up, so that the first row does not carry the JIT's compilation of reader and merge
    List<ClientOutput> warm = new ArrayList<>();
    for (int c = 0; c < 4; c++) {
      warm.addAll(FrameReader.read(new StringReader(frames(c, 4, new Random(c))), "warm-up"));
    }
    for (int w = 0; w < 5; w++) {
      CellMerger.merge(warm);
    }
    System.out.println("clients  frame_lines/client  frame_KB/client  read_ms(all)  merge_ms(median)  merge_ms(min)"
        + "  merged_ops  p99_us");
    for (int n : new int[] {1, 2, 4, 16, 64}) {
      List<String> logs = new ArrayList<>();
      for (int c = 0; c < n; c++) {
        logs.add(frames(c, n, new Random(c)));
      }
      long lines = logs.get(0).lines().count();
      double kb = logs.get(0).getBytes(StandardCharsets.UTF_8).length / 1024.0;
      long r0 = System.nanoTime();
      List<ClientOutput> outs = new ArrayList<>();
      for (int c = 0; c < n; c++) {
        outs.addAll(FrameReader.read(new StringReader(logs.get(c)), "client-" + c));
      }
      double readMs = (System.nanoTime() - r0) / 1e6;
      logs = null;
      MergedCell cell = null;
      for (int w = 0; w < 3; w++) {
        cell = CellMerger.merge(outs);
      }
      double[] ms = new double[reps];
      for (int r = 0; r < reps; r++) {
        long t0 = System.nanoTime();
        cell = CellMerger.merge(outs);
        ms[r] = (System.nanoTime() - t0) / 1e6;
      }
      Arrays.sort(ms);
      System.out.printf(Locale.ROOT, "%7d  %18d  %15.1f  %12.1f  %16.2f  %13.2f  %10d  %6d%n", n, lines, kb, readMs,
          ms[reps / 2], ms[0], cell.operations(), cell.stats("READ").orElseThrow().p99Micros());
    }
  }

  /** One client's whole output as frames, as its stdout would hold them. */
  private static String frames(int client, int n, Random rnd) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    FrameWriter w = new FrameWriter(out, client);
    long t0 = 1_700_000_000_000L + client * 7L;
    w.hello(new ClientHello(client, n, "bench-" + client, 1000 + client, Instant.ofEpochMilli(t0)));
    Map<String, ClientSummary.OpTotals> totals = new TreeMap<>();
    for (int i = 0; i < INTERVALS; i++) {
      for (String op : OPS) {
        Histogram h = new Histogram(OpInterval.SIGNIFICANT_DIGITS);
        for (int v = 0; v < OPS_PER_INTERVAL; v++) {
          h.recordValue(Math.max(1, (long) Math.exp(Math.log(1000) + rnd.nextGaussian() * 0.8)));
        }
        w.interval(new OpInterval(op, t0 + i * 1000L, t0 + (i + 1) * 1000L, h, Map.of()));
      }
      out.println("2026-11-24 19:00:00:000 " + i + " sec: status line between frames, as YCSB writes");
    }
    for (String op : OPS) {
      totals.put(op, new ClientSummary.OpTotals((long) INTERVALS * OPS_PER_INTERVAL, Map.of()));
    }
    w.summary(new ClientSummary(INTERVALS * 1000L, totals));
    return bytes.toString(StandardCharsets.UTF_8);
  }
}

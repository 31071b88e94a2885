package dev.ycsbmongo.orchestrator.clients;

import dev.ycsbmongo.orchestrator.clients.HdrLogFollower.LoggedInterval;
import dev.ycsbmongo.orchestrator.results.YcsbOutput;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;

/**
 * Turns the HDR interval logs a running YCSB writes into one directory into {@link OpInterval}s,
 * as they are written: {@link #poll()} returns the intervals that became complete since the last
 * call, {@link #drain()} (once YCSB has closed its logs) all that are left.
 *
 * <p>YCSB measures a successful operation under its name ({@code READ.hdr}) and, with
 * {@code reportlatencyforeacherror=true}, a failed one under {@code READ-<STATUS>.hdr}
 * ({@link YcsbOutput#FAILURE_SERIES}); every status tick closes one interval in every series, a
 * series starting at its first operation. An operation's interval carries its successes' histogram
 * and, in {@link OpInterval#errorsByStatus()}, the failures of the same tick: a failure interval
 * belongs to the operation's interval that contains its midpoint (the series of one tick end within
 * a millisecond or so of each other, ticks are a status interval apart). Other series (CLEANUP,
 * INSERT-BATCH, Intended-READ, ...) are not operations and are ignored.
 *
 * <p>Live, an operation's interval is returned only once every failure series of that operation
 * has reached the interval's end, so its errors are complete; the logs are read before the
 * directory is listed, so a failure series created before a tick is known when that tick is judged.
 * Should a failure interval still arrive after its operation's interval went out (a race at the
 * very end of a run), it is added to the next interval of the operation, or at the drain to an
 * interval of its own: its tick may then be off by one, but every failure is counted exactly once,
 * so the summary's totals stay the sums of the intervals. Returned intervals of one operation never
 * overlap: a start before the previous end is moved to it, an interval of no length is given 1 ms.
 */
final class IntervalTailer {

  /** A failure interval may end this much (or a quarter of the interval) before its tick's operation interval. */
  private static final long TICK_TOLERANCE_MILLIS = 50;

  private final Path dir;
  private final Map<String, HdrLogFollower> followers = new TreeMap<>();
  private final Map<String, OpState> ops = new TreeMap<>(byYcsbOrder());

  IntervalTailer(Path dir) {
    this.dir = dir;
  }

  /** The operation intervals that became complete since the last call. */
  List<OpInterval> poll() throws IOException {
    readAll();
    return emit(false);
  }

  /** Everything left, once YCSB has written its last interval (its export) and closed its logs. */
  List<OpInterval> drain() throws IOException {
    readAll();
    return emit(true);
  }

  /** The known logs first, then the directory: a series created before a line just read is then known. */
  private void readAll() throws IOException {
    for (Map.Entry<String, HdrLogFollower> e : followers.entrySet()) {
      add(e.getKey(), e.getValue().poll());
    }
    List<Path> files;
    try (Stream<Path> s = Files.list(dir)) {
      files = s.filter(f -> f.getFileName().toString().endsWith(".hdr")).sorted().toList();
    }
    for (Path f : files) {
      String file = f.getFileName().toString();
      String name = file.substring(0, file.length() - ".hdr".length());
      if (!followers.containsKey(name) && series(name).isPresent()) {
        HdrLogFollower follower = new HdrLogFollower(f);
        followers.put(name, follower);
        add(name, follower.poll());
      }
    }
  }

  /** {op, status} for a failure series, {op, null} for an operation's own series; empty for anything else. */
  static Optional<String[]> series(String name) {
    if (CellMerger.YCSB_ORDER.contains(name)) {
      return Optional.of(new String[] {name, null});
    }
    for (String op : CellMerger.YCSB_ORDER) {
      if (name.startsWith(op + "-") && YcsbOutput.FAILURE_SERIES.contains(name.substring(op.length() + 1))) {
        return Optional.of(new String[] {op, name.substring(op.length() + 1)});
      }
    }
    return Optional.empty();
  }

  private void add(String name, List<LoggedInterval> intervals) {
    String[] s = series(name).orElseThrow();
    OpState op = ops.computeIfAbsent(s[0], OpState::new);
    if (s[1] == null) {
      intervals.forEach(i -> op.slots.add(new Slot(i)));
    } else {
      FailureSeries f = op.failures.computeIfAbsent(s[1], k -> new FailureSeries());
      for (LoggedInterval i : intervals) {
        f.latestEnd = Math.max(f.latestEnd, i.endMillis());
        if (i.count() > 0) {
          f.unassigned.add(i);
        }
      }
    }
  }

  private List<OpInterval> emit(boolean last) throws IOException {
    List<OpInterval> out = new ArrayList<>();
    for (OpState op : ops.values()) {
      op.assignFailures(last);
      op.emitReady(last, out);
    }
    out.sort(Comparator.comparingLong(OpInterval::endMillis));
    return out;
  }

  private static Comparator<String> byYcsbOrder() {
    return Comparator.comparingInt(CellMerger.YCSB_ORDER::indexOf);
  }

  /** One interval of an operation's own series, with the failures assigned to it. */
  private static final class Slot {
    final long start;
    final long end;
    Histogram histogram;
    final Map<String, Long> errors = new TreeMap<>();

    Slot(LoggedInterval i) {
      start = i.startMillis();
      end = i.endMillis();
      histogram = i.histogram();
    }
  }

  /** A failure series: how far it has been read, and its failures not yet given to an interval. */
  private static final class FailureSeries {
    long latestEnd = Long.MIN_VALUE;
    final Deque<LoggedInterval> unassigned = new ArrayDeque<>();
  }

  private static final class OpState {
    final String op;
    final List<Slot> slots = new ArrayList<>();
    final Map<String, FailureSeries> failures = new TreeMap<>();
    int next;
    long lastEnd = Long.MIN_VALUE;

    OpState(String op) {
      this.op = op;
    }

    void assignFailures(boolean last) {
      for (Map.Entry<String, FailureSeries> e : failures.entrySet()) {
        Deque<LoggedInterval> q = e.getValue().unassigned;
        while (!q.isEmpty()) {
          LoggedInterval f = q.peekFirst();
          long mid = f.startMillis() + (f.endMillis() - f.startMillis()) / 2;
          if (!last && (slots.isEmpty() || slots.get(slots.size() - 1).end <= mid)) {
            break;  // the operation's interval of that tick is not read yet
          }
          int target = Math.max(containing(mid), next);
          if (target >= slots.size()) {
            break;  // its interval went out already: wait for the next one (or, at the drain, one of its own)
          }
          slots.get(target).errors.merge(e.getKey(), f.count(), Long::sum);
          q.removeFirst();
        }
      }
    }

    /** The slot holding {@code t}, else the nearest one; -1 when there is none. */
    int containing(long t) {
      int best = -1;
      long bestDistance = Long.MAX_VALUE;
      for (int i = slots.size() - 1; i >= 0; i--) {
        Slot s = slots.get(i);
        long d = t < s.start ? s.start - t : t >= s.end ? t - s.end + 1 : 0;
        if (d < bestDistance) {
          best = i;
          bestDistance = d;
        }
        if (d == 0 || s.end < t - bestDistance) {
          break;
        }
      }
      return best;
    }

    void emitReady(boolean last, List<OpInterval> out) throws IOException {
      while (next < slots.size()) {
        Slot s = slots.get(next);
        if (!last && !failuresPast(s)) {
          return;
        }
        Histogram h = s.histogram;
        if (!(s.end <= s.start && h.getTotalCount() == 0 && s.errors.isEmpty())) {
          out.add(interval(s.start, s.end, h, s.errors));
        }
        s.histogram = null;  // its bounds stay, to place late failures; its counts went out
        next++;
      }
      if (last) {
        List<Map.Entry<String, LoggedInterval>> left = new ArrayList<>();
        failures.forEach((status, f) -> f.unassigned.forEach(i -> left.add(Map.entry(status, i))));
        left.sort(Comparator.comparingLong(e -> e.getValue().startMillis()));
        for (Map.Entry<String, LoggedInterval> e : left) {
          LoggedInterval i = e.getValue();
          out.add(interval(i.startMillis(), i.endMillis(), new Histogram(OpInterval.SIGNIFICANT_DIGITS),
              Map.of(e.getKey(), i.count())));
        }
        failures.values().forEach(f -> f.unassigned.clear());
      }
    }

    private boolean failuresPast(Slot s) {
      long tolerance = Math.min(TICK_TOLERANCE_MILLIS, (s.end - s.start) / 4);
      return failures.values().stream().allMatch(f -> f.latestEnd >= s.end - tolerance);
    }

    private OpInterval interval(long start, long end, Histogram h, Map<String, Long> errors) throws IOException {
      long from = Math.max(start, lastEnd);
      long to = Math.max(end, from + 1);
      try {
        OpInterval i = new OpInterval(op, from, to, h, new LinkedHashMap<>(errors));
        lastEnd = to;
        return i;
      } catch (IllegalArgumentException e) {
        throw new IOException(op + ".hdr: " + e.getMessage());
      }
    }
  }
}

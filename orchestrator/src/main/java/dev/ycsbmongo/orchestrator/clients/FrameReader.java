package dev.ycsbmongo.orchestrator.clients;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Picks frames out of a text stream (a child's stdout, a pod's log) in which they may be
 * interleaved with any other output, and checks them: each line's checksum, each client's
 * sequence (hello at 0, then no gap and no repeat, the summary last), each payload, and that the
 * summary's totals equal the sums of the client's intervals. A connections client (connection
 * stress) writes its hello and then one connections frame, last, instead of intervals and a
 * summary; {@link #finishConnections} returns those, {@link #finish} the YCSB clients', and each
 * refuses the other kind. The first problem ends the reading
 * with one {@link FrameException} naming the source, the line and the client; lines without the
 * marker are ignored. Lines can be fed one by one as they arrive ({@link #accept}) or a whole
 * stream read at once ({@link #read}). One stream may carry several clients' frames.
 */
public final class FrameReader {

  private final String source;
  private final Map<Integer, Partial> clients = new TreeMap<>();
  private long lineNo;
  private long operations;
  private long errors;

  public FrameReader(String source) {
    this.source = source;
  }

  /** Reads {@code in} to its end and returns the complete output of every client seen in it. */
  public static List<ClientOutput> read(Reader in, String source) throws FrameException {
    FrameReader r = new FrameReader(source);
    BufferedReader b = in instanceof BufferedReader br ? br : new BufferedReader(in);
    try {
      for (String line = b.readLine(); line != null; line = b.readLine()) {
        r.accept(line);
      }
    } catch (IOException e) {
      throw new FrameException(source + ": cannot read after line " + r.lineNo + ": " + e.getMessage());
    }
    return r.finish();
  }

  /** Takes the next line of the stream (without its terminator). */
  public void accept(String line) throws FrameException {
    lineNo++;
    Frame f;
    try {
      var parsed = FrameLine.parse(line);
      if (parsed.isEmpty()) {
        return;
      }
      f = parsed.get();
    } catch (FrameException e) {
      throw new FrameException(where() + e.getMessage());
    }
    Partial p = clients.computeIfAbsent(f.client(), c -> new Partial());
    String who = where() + "client " + f.client() + " frame " + f.seq() + ": ";
    if (f.seq() == 0 && f.type() == FrameType.HELLO && p.next > 0) {
      throw new FrameException(who + "a second hello: the client started again after " + p.next
          + " frames (a restarted process or pod); its measurements cannot be joined");
    }
    if (f.seq() < p.next) {
      throw new FrameException(who + "duplicated (frame " + f.seq() + " was already read on line "
          + p.lines.get(f.seq()) + ")");
    }
    if (f.seq() > p.next) {
      throw new FrameException(who + (f.seq() - p.next == 1 ? "frame " + p.next + " is missing"
          : "frames " + p.next + " to " + (f.seq() - 1) + " are missing") + " before it (lost or damaged output)");
    }
    if (p.summary != null) {
      throw new FrameException(who + "written after the client's summary, which must be last");
    }
    if (p.connections != null) {
      throw new FrameException(who + "written after the client's connections frame, which must be last");
    }
    if (f.type() == FrameType.CONNECTIONS && !p.intervals.isEmpty()) {
      throw new FrameException(who + "a connections frame after " + p.intervals.size() + " interval frames: a client"
          + " writes either intervals and a summary (YCSB) or one connections frame (connection stress)");
    }
    if (f.seq() == 0 && f.type() != FrameType.HELLO) {
      throw new FrameException(who + "the first frame is " + f.type().wireName() + ", expected hello");
    }
    if (f.seq() > 0 && f.type() == FrameType.HELLO) {
      throw new FrameException(who + "a second hello (the client restarted?)");
    }
    try {
      switch (f.type()) {
        case HELLO -> {
          p.hello = ClientHello.fromPayload(f.payload());
          if (p.hello.client() != f.client()) {
            throw new FrameException("hello says client " + p.hello.client());
          }
        }
        case INTERVAL -> {
          OpInterval i = OpInterval.fromPayload(f.payload());
          p.add(i);
          if (!i.operation().equals(CellMerger.RMW)) {
            operations += i.count();
            errors += i.errors();
          }
        }
        case SUMMARY -> p.summary = ClientSummary.fromPayload(f.payload());
        case CONNECTIONS -> p.connections = ClientConnections.fromPayload(f.payload());
      }
    } catch (FrameException e) {
      throw new FrameException(who + e.getMessage());
    }
    p.lines.put(f.seq(), lineNo);
    p.next++;
  }

  /** Successful operations in the interval frames read so far, all clients (a READ-MODIFY-WRITE as its parts). */
  public long operations() {
    return operations;
  }

  /** Failed operations in the interval frames read so far, counted the same way. */
  public long errors() {
    return errors;
  }

  /** The interval frames read so far, of every client in the stream: what a look at a run in progress reads. */
  public List<OpInterval> intervalsSoFar() {
    List<OpInterval> out = new ArrayList<>();
    clients.values().forEach(p -> out.addAll(p.intervals));
    return out;
  }

  /**
   * The complete output of every client seen, by client index.
   *
   * @throws FrameException when the stream held no frame, or a client's frames stop before its
   *     summary (the client was killed or the output cut off)
   */
  public List<ClientOutput> finish() throws FrameException {
    requireFrames();
    List<ClientOutput> out = new ArrayList<>();
    for (Map.Entry<Integer, Partial> e : clients.entrySet()) {
      Partial p = e.getValue();
      if (p.connections != null) {
        throw new FrameException(source + ": client " + e.getKey() + " is a connections client (it ended with a"
            + " connections frame), expected a YCSB client's summary");
      }
      if (p.summary == null) {
        throw new FrameException(source + ": client " + e.getKey() + " has no summary frame: its output ends after"
            + " frame " + (p.next - 1) + " (client killed or output truncated)");
      }
      checkTotals(e.getKey(), p);
      out.add(new ClientOutput(source, p.hello, p.intervals, p.summary));
    }
    return out;
  }

  /**
   * The complete output of client {@code client}, the only one this stream may carry (a pod's log
   * or a child's stdout belongs to one client).
   */
  public ClientOutput finish(int client) throws FrameException {
    List<ClientOutput> all = finish();
    if (all.size() != 1 || all.get(0).client() != client) {
      throw new FrameException(source + ": holds frames of client(s) "
          + all.stream().map(c -> Integer.toString(c.client())).collect(java.util.stream.Collectors.joining(", "))
          + ", expected client " + client + " only");
    }
    return all.get(0);
  }

  /**
   * The complete output of every connections client seen (connection stress), by client index.
   *
   * @throws FrameException when the stream held no frame, a client ended with a YCSB summary, or a
   *     client's frames stop before its connections frame (killed, or the output cut off)
   */
  public List<ConnectionsOutput> finishConnections() throws FrameException {
    requireFrames();
    List<ConnectionsOutput> out = new ArrayList<>();
    for (Map.Entry<Integer, Partial> e : clients.entrySet()) {
      Partial p = e.getValue();
      if (p.summary != null) {
        throw new FrameException(source + ": client " + e.getKey() + " is a YCSB client (it ended with a summary"
            + " frame), expected a connections client's connections frame");
      }
      if (p.connections == null) {
        throw new FrameException(source + ": client " + e.getKey() + " has no connections frame: its output ends"
            + " after frame " + (p.next - 1) + " (client killed or output truncated)");
      }
      out.add(new ConnectionsOutput(source, p.hello, p.connections));
    }
    return out;
  }

  /** As {@link #finish(int)}, for a connections client. */
  public ConnectionsOutput finishConnections(int client) throws FrameException {
    List<ConnectionsOutput> all = finishConnections();
    if (all.size() != 1 || all.get(0).client() != client) {
      throw new FrameException(source + ": holds frames of client(s) "
          + all.stream().map(c -> Integer.toString(c.client())).collect(java.util.stream.Collectors.joining(", "))
          + ", expected client " + client + " only");
    }
    return all.get(0);
  }

  private void requireFrames() throws FrameException {
    if (clients.isEmpty()) {
      throw new FrameException(source + ": no frames in " + lineNo + " lines (the client wrote none, or its output"
          + " was lost)");
    }
  }

  /** The summary must equal the sums of the intervals: a lost interval frame cannot pass unnoticed. */
  private void checkTotals(int client, Partial p) throws FrameException {
    Map<String, long[]> sums = new LinkedHashMap<>();
    Map<String, Map<String, Long>> errs = new HashMap<>();
    for (OpInterval i : p.intervals) {
      sums.computeIfAbsent(i.operation(), k -> new long[1])[0] += i.count();
      i.errorsByStatus().forEach((s, n) -> errs.computeIfAbsent(i.operation(), k -> new TreeMap<>())
          .merge(s, n, Long::sum));
    }
    for (String op : p.summary.operations().keySet()) {
      sums.putIfAbsent(op, new long[1]);
    }
    for (Map.Entry<String, long[]> e : sums.entrySet()) {
      String op = e.getKey();
      ClientSummary.OpTotals t = p.summary.operations().get(op);
      long count = t == null ? 0 : t.count();
      Map<String, Long> errors = t == null ? Map.of() : t.errorsByStatus();
      Map<String, Long> intervalErrors = errs.getOrDefault(op, Map.of());
      if (count != e.getValue()[0] || !new TreeMap<>(errors).equals(new TreeMap<>(intervalErrors))) {
        throw new FrameException(source + ": client " + client + " summary says " + op + " " + count + " ok, errors "
            + errors + " but its intervals hold " + e.getValue()[0] + " ok, errors " + intervalErrors);
      }
    }
  }

  private String where() {
    return source + " line " + lineNo + ": ";
  }

  /** One client's frames so far. */
  private static final class Partial {
    long next;
    ClientHello hello;
    final List<OpInterval> intervals = new ArrayList<>();
    final Map<String, Long> lastEnd = new HashMap<>();
    ClientSummary summary;
    ClientConnections connections;
    /** Where each frame was read, for "already read on line N". */
    final Map<Long, Long> lines = new HashMap<>();

    void add(OpInterval i) throws FrameException {
      Long prev = lastEnd.get(i.operation());
      if (prev != null && i.startMillis() < prev) {
        throw new FrameException(i.operation() + " interval starting at " + i.startMillis()
            + " overlaps the previous one, which ended at " + prev);
      }
      lastEnd.put(i.operation(), i.endMillis());
      intervals.add(i);
    }
  }
}

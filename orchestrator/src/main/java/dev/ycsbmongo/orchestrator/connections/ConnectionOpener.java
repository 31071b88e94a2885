package dev.ycsbmongo.orchestrator.connections;

import dev.ycsbmongo.orchestrator.connections.FailureCause.Stage;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * The engine of one worker: opens its assignment's connections from one selector thread (each a
 * non-blocking socket that connects, sends isMaster and reads the reply), paced by a token bucket
 * and an in-flight bound, then holds them until {@link #requestClose()} and closes them. A held
 * connection costs a socket, a selection key and a few dozen bytes, no thread and no buffer.
 */
final class ConnectionOpener {

  /** A held connection the server closed before every attempt had ended: it does not count as reached. */
  static final String CLOSED_AFTER_ANSWERING = "closed by server after answering";

  /** Counts so far; {@code failures} by cause label. */
  record Counts(long opened, long failed, SortedMap<String, Long> failures) {
    Counts {
      failures = Collections.unmodifiableSortedMap(new TreeMap<>(failures));
    }
  }

  /**
   * When every attempt has ended: the counts and how long opening took. Times are null when nothing
   * opened. {@code openedByHost}: open connections per target host label (host:port).
   */
  record OpenSummary(Counts counts, Instant firstAttempt, Instant lastOpen, Histogram latencyMicros,
      SortedMap<String, Long> openedByHost) {
  }

  /** When everything is closed. */
  record CloseSummary(long closed, long droppedWhileHeld) {
  }

  /**
   * When opening stopped working, for a stress that did not reach its count: the most connections
   * held at once, the last one opened, the first attempt that failed (null when none did).
   */
  record Timeline(long peakOpened, Instant lastOpen, Instant firstFailure, SortedMap<String, Long> openedByHost) {
  }

  /** Called on the selector thread. */
  interface Events {
    void progress(Counts counts);

    void opened(OpenSummary summary);
  }

  private static final class Conn {
    final SocketChannel channel;
    final long startNanos;
    final int requestId;
    final int slot;
    ByteBuffer out;
    ByteBuffer in;
    boolean done;
    boolean held;

    Conn(SocketChannel channel, long startNanos, int requestId, int slot) {
      this.channel = channel;
      this.startNanos = startNanos;
      this.requestId = requestId;
      this.slot = slot;
    }
  }

  private final WorkerAssignment assignment;
  private final List<InetSocketAddress> remotes;
  private final List<InetSocketAddress> locals;
  private final int[] remaining;
  /** Open connections per slot, so the coordinator can say what each server received. */
  private final long[] openedBySlot;
  private final long timeoutNanos;
  private final Histogram latency;
  private final SortedMap<String, Long> failures = new TreeMap<>();
  private final ArrayDeque<Conn> inFlight = new ArrayDeque<>();
  private final ByteBuffer scratch = ByteBuffer.allocateDirect(512);
  private volatile boolean closeRequested;
  private Selector selector;
  private int nextSlot;
  private long started;
  private int inFlightCount;
  private long opened;
  private long failed;
  private long droppedWhileHeld;
  private boolean holding;
  private Instant firstAttempt;
  private Instant lastOpen;
  private Instant firstFailure;
  private long peakOpened;

  ConnectionOpener(WorkerAssignment assignment) throws IOException {
    this.assignment = assignment;
    List<Slot> slots = assignment.slots();
    this.remotes = slots.stream().map(s -> socketAddress(s.address(), s.port())).toList();
    this.locals = slots.stream().map(s -> s.sourceAddress() == null ? null : socketAddress(s.sourceAddress(), 0))
        .toList();
    this.remaining = slots.stream().mapToInt(Slot::count).toArray();
    this.openedBySlot = new long[slots.size()];
    this.timeoutNanos = TimeUnit.MILLISECONDS.toNanos(assignment.timeoutMillis());
    this.latency = new Histogram(Math.max(2, TimeUnit.NANOSECONDS.toMicros(timeoutNanos) * 2), 3);
  }

  private static InetSocketAddress socketAddress(String literal, int port) {
    try {
      return new InetSocketAddress(InetAddress.getByName(literal), port);
    } catch (java.net.UnknownHostException e) {
      throw new IllegalArgumentException("'" + literal + "' is not an IP address", e);
    }
  }

  /** Thread-safe: ends the hold (or the opening, when stopping early) and closes everything. */
  void requestClose() {
    closeRequested = true;
    Selector s = selector;
    if (s != null) {
      s.wakeup();
    }
  }

  /** Opens, reports, holds until {@link #requestClose()}, closes. Blocks the calling thread throughout. */
  CloseSummary run(Events events) throws IOException {
    selector = Selector.open();
    try {
      if (closeRequested) {
        selector.wakeup();
      }
      open(events);
      holding = true;
      events.opened(new OpenSummary(counts(), firstAttempt, lastOpen, latency, openedByHost()));
      hold(events);
      return new CloseSummary(closeAll(), droppedWhileHeld);
    } finally {
      selector.close();
    }
  }

  private void open(Events events) throws IOException {
    long total = assignment.count();
    long interval = TimeUnit.MILLISECONDS.toNanos(assignment.progressIntervalMillis());
    long now = System.nanoTime();
    TokenBucket bucket = new TokenBucket(assignment.ratePerSecond(), now);
    long nextProgress = now + interval;
    while (!closeRequested && (started < total || inFlightCount > 0)) {
      now = System.nanoTime();
      long room = Math.min(total - started, assignment.maxInFlight() - inFlightCount);
      for (long n = room > 0 ? bucket.take(now, room) : 0; n > 0; n--) {
        startOne(now);
      }
      expire(System.nanoTime());
      now = System.nanoTime();
      long wait = nextProgress - now;
      if (started < total && inFlightCount < assignment.maxInFlight()) {
        wait = Math.min(wait, bucket.nanosUntilNext(now));
      }
      Conn head = inFlight.peekFirst();
      if (head != null) {
        wait = Math.min(wait, head.startNanos + timeoutNanos - now);
      }
      long waitMillis = wait <= 0 ? 0 : Math.max(1, TimeUnit.NANOSECONDS.toMillis(wait));
      if (waitMillis == 0) {
        selector.selectNow(this::handle);
      } else {
        selector.select(this::handle, waitMillis);
      }
      if (System.nanoTime() >= nextProgress) {
        events.progress(counts());
        nextProgress = System.nanoTime() + interval;
      }
    }
  }

  private void hold(Events events) throws IOException {
    while (!closeRequested) {
      selector.select(this::handle, assignment.progressIntervalMillis());
      events.progress(counts());
    }
  }

  private long closeAll() {
    long closed = 0;
    for (SelectionKey key : selector.keys()) {
      if (key.attachment() instanceof Conn c && c.channel.isOpen()) {
        closeQuietly(c.channel);
        closed++;
      }
    }
    return closed;
  }

  private SortedMap<String, Long> openedByHost() {
    SortedMap<String, Long> byHost = new TreeMap<>();
    for (int i = 0; i < openedBySlot.length; i++) {
      byHost.merge(assignment.slots().get(i).hostLabel(), openedBySlot[i], Long::sum);
    }
    return byHost;
  }

  /** Where opening stands; read on the selector thread (from {@link Events}). */
  Timeline timeline() {
    return new Timeline(peakOpened, lastOpen, firstFailure, openedByHost());
  }

  private Counts counts() {
    return new Counts(opened, failed, failures);
  }

  private void startOne(long now) {
    int slot = nextSlotWithRemaining();
    remaining[slot]--;
    started++;
    if (firstAttempt == null) {
      firstAttempt = Instant.now();
    }
    SocketChannel ch;
    try {
      ch = SocketChannel.open();
    } catch (IOException e) {
      fail(FailureCause.classify(Stage.OPEN_SOCKET, e));
      return;
    }
    Stage stage = Stage.BIND;
    Conn c = new Conn(ch, now, (int) started, slot);
    boolean inFlightNow = false;
    try {
      ch.configureBlocking(false);
      if (locals.get(slot) != null) {
        ch.bind(locals.get(slot));
      }
      stage = Stage.CONNECT;
      inFlight.addLast(c);
      inFlightCount++;
      inFlightNow = true;
      if (ch.connect(remotes.get(slot))) {
        SelectionKey key = ch.register(selector, 0, c);
        stage = Stage.EXCHANGE;
        send(c, key);
      } else {
        ch.register(selector, SelectionKey.OP_CONNECT, c);
      }
    } catch (IOException e) {
      String cause = FailureCause.classify(stage, e);
      if (inFlightNow) {
        fail(c, cause);
      } else {
        closeQuietly(ch);
        fail(cause);
      }
    }
  }

  /** Round robin over the slots, so every host and source address ramps up together. */
  private int nextSlotWithRemaining() {
    for (int i = 0; i < remaining.length; i++) {
      int s = (nextSlot + i) % remaining.length;
      if (remaining[s] > 0) {
        nextSlot = (s + 1) % remaining.length;
        return s;
      }
    }
    throw new IllegalStateException("no connection left to start");
  }

  private void handle(SelectionKey key) {
    Conn c = (Conn) key.attachment();
    if (c.held) {
      readWhileHeld(c);
      return;
    }
    if (c.done) {
      return;
    }
    Stage stage = Stage.CONNECT;
    try {
      if (key.isConnectable()) {
        if (!c.channel.finishConnect()) {
          return;
        }
        stage = Stage.EXCHANGE;
        send(c, key);
        return;
      }
      stage = Stage.EXCHANGE;
      if (key.isWritable()) {
        send(c, key);
      } else if (key.isReadable()) {
        receive(c);
      }
    } catch (IOException e) {
      fail(c, FailureCause.classify(stage, e));
    } catch (OpMsg.ProtocolException e) {
      fail(c, FailureCause.other(e.getMessage()));
    }
  }

  private void send(Conn c, SelectionKey key) throws IOException {
    if (c.out == null) {
      c.out = OpMsg.isMaster(c.requestId);
    }
    c.channel.write(c.out);
    if (c.out.hasRemaining()) {
      key.interestOps(SelectionKey.OP_WRITE);
      return;
    }
    c.out = null;
    c.in = ByteBuffer.allocate(4);
    key.interestOps(SelectionKey.OP_READ);
  }

  private void receive(Conn c) throws IOException, OpMsg.ProtocolException {
    while (true) {
      int n = c.channel.read(c.in);
      if (n < 0) {
        fail(c, FailureCause.CLOSED_BY_SERVER);
        return;
      }
      if (c.in.hasRemaining()) {
        return;
      }
      if (c.in.capacity() == 4) {
        int length = OpMsg.messageLength(c.in.flip());
        c.in = ByteBuffer.allocate(length).put(c.in);
        continue;
      }
      OpMsg.Reply reply = OpMsg.parseReply(c.in.flip());
      c.in = null;
      if (reply.responseTo() != c.requestId) {
        fail(c, FailureCause.other("reply to request " + reply.responseTo() + ", expected " + c.requestId));
      } else if (!reply.ok()) {
        fail(c, FailureCause.errorReply(reply.errmsg()));
      } else {
        succeed(c);
      }
      return;
    }
  }

  private void succeed(Conn c) {
    long now = System.nanoTime();
    latency.recordValue(Math.min(latency.getHighestTrackableValue(),
        Math.max(1, TimeUnit.NANOSECONDS.toMicros(now - c.startNanos))));
    lastOpen = Instant.now();
    c.done = true;
    c.held = true;
    inFlightCount--;
    opened++;
    peakOpened = Math.max(peakOpened, opened);
    openedBySlot[c.slot]++;
  }

  /** A held socket is readable only when the server closed it (or sent something nobody asked for). */
  private void readWhileHeld(Conn c) {
    int n;
    try {
      scratch.clear();
      n = c.channel.read(scratch);
    } catch (IOException e) {
      n = -1;
    }
    if (n >= 0) {
      return;
    }
    closeQuietly(c.channel);
    c.held = false;
    if (holding) {
      droppedWhileHeld++;
    } else {
      opened--;
      openedBySlot[c.slot]--;
      failed++;
      failures.merge(CLOSED_AFTER_ANSWERING, 1L, Long::sum);
      if (firstFailure == null) {
        firstFailure = Instant.now();
      }
    }
  }

  private void expire(long now) {
    Conn head;
    while ((head = inFlight.peekFirst()) != null) {
      if (head.done) {
        inFlight.pollFirst();
      } else if (now - head.startNanos >= timeoutNanos) {
        fail(head, FailureCause.TIMEOUT);
        inFlight.pollFirst();
      } else {
        return;
      }
    }
  }

  private void fail(Conn c, String cause) {
    c.done = true;
    c.in = null;
    c.out = null;
    inFlightCount--;
    closeQuietly(c.channel);
    fail(cause);
  }

  private void fail(String cause) {
    if (firstFailure == null) {
      firstFailure = Instant.now();
    }
    failed++;
    failures.merge(cause, 1L, Long::sum);
  }

  /**
   * Closes with a reset (SO_LINGER 0): an orderly close would leave each socket in TIME_WAIT on
   * this side for a minute, holding its port into the next run or plan cell.
   */
  private static void closeQuietly(SocketChannel ch) {
    try {
      if (ch.isOpen()) {
        ch.setOption(StandardSocketOptions.SO_LINGER, 0);
      }
    } catch (IOException | UnsupportedOperationException e) {
      // not connected yet: plain close below
    }
    try {
      ch.close();
    } catch (IOException e) {
      // nothing to do: the socket is gone either way
    }
  }
}

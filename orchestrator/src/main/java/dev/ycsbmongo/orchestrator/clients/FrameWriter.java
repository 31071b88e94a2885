package dev.ycsbmongo.orchestrator.clients;

import java.io.PrintStream;

/**
 * Writes one client's frames to its standard output (or any stream a pod log captures): the
 * hello first, then interval frames, then the summary (a connections client: the hello, then its
 * connections frame), numbered 0, 1, 2, ... Each frame is one
 * {@code println}, flushed at once, so a frame is never split by other threads' output and a
 * killed client loses at most the line it was writing (which the reader then reports as damaged).
 */
public final class FrameWriter {

  private final PrintStream out;
  private final int client;
  private long seq;
  private boolean finished;

  public FrameWriter(PrintStream out, int client) {
    this.out = out;
    this.client = client;
  }

  public synchronized void hello(ClientHello hello) {
    if (seq != 0) {
      throw new IllegalStateException("hello must be the first frame");
    }
    if (hello.client() != client) {
      throw new IllegalArgumentException("hello of client " + hello.client() + " written by client " + client);
    }
    write(FrameType.HELLO, hello.toPayload());
  }

  public synchronized void interval(OpInterval interval) {
    requireStarted();
    write(FrameType.INTERVAL, interval.toPayload());
  }

  /** The last frame; nothing may be written after it. */
  public synchronized void summary(ClientSummary summary) {
    requireStarted();
    write(FrameType.SUMMARY, summary.toPayload());
    finished = true;
  }

  /** A connections client's last frame, right after its hello; nothing may be written after it. */
  public synchronized void connections(ClientConnections connections) {
    requireStarted();
    if (seq != 1) {
      throw new IllegalStateException("a connections client writes its hello and then its connections frame only");
    }
    write(FrameType.CONNECTIONS, connections.toPayload());
    finished = true;
  }

  private void requireStarted() {
    if (seq == 0) {
      throw new IllegalStateException("hello must be written first");
    }
  }

  private void write(FrameType type, String payload) {
    if (finished) {
      throw new IllegalStateException("the last frame (summary or connections) has been written");
    }
    out.println(FrameLine.encode(new Frame(client, seq++, type, payload)));
    out.flush();
  }
}

package dev.ycsbmongo.orchestrator.connections;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/**
 * A loopback server that misbehaves on purpose: never accepts, closes at once, or answers each
 * request with bytes of the test's choosing (and keeps the socket until {@link #dropAll()}).
 */
final class FakeServer implements AutoCloseable {

  private final ServerSocket socket;
  private final List<Socket> held = new ArrayList<>();
  private final Thread acceptor;

  private FakeServer(ServerSocket socket, Thread acceptor) {
    this.socket = socket;
    this.acceptor = acceptor;
  }

  /** Listens (backlog 50) but never accepts: connects complete in the kernel, nothing ever answers. */
  static FakeServer neverAnswering() throws IOException {
    return new FakeServer(listen(), null);
  }

  /** Accepts and closes at once, before reading anything: what mongod past its connection limit does. */
  static FakeServer closingAtOnce() throws IOException {
    return start(null);
  }

  /** Reads each request and writes {@code reply.apply(requestId)}. */
  static FakeServer answering(IntFunction<byte[]> reply) throws IOException {
    return start(reply);
  }

  /**
   * Answers the first {@code cap} connections with {@code reply} and holds them; closes every later
   * one at once, before reading: mongod past its connection limit, or a server out of descriptors.
   */
  static FakeServer answeringFirst(int cap, IntFunction<byte[]> reply) throws IOException {
    ServerSocket ss = listen();
    FakeServer[] self = new FakeServer[1];
    Thread t = new Thread(() -> self[0].serve(reply, cap), "fake-server");
    self[0] = new FakeServer(ss, t);
    t.setDaemon(true);
    t.start();
    return self[0];
  }

  /** An OP_MSG reply to {@code requestId} with this body. */
  static byte[] opMsg(int responseTo, String bodyJson) {
    ByteBuffer b = OpMsgTest.reply(responseTo, bodyJson, 0, false);
    byte[] out = new byte[b.remaining()];
    b.get(out);
    return out;
  }

  private static ServerSocket listen() throws IOException {
    return new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
  }

  private static FakeServer start(IntFunction<byte[]> reply) throws IOException {
    ServerSocket ss = listen();
    FakeServer[] self = new FakeServer[1];
    Thread t = new Thread(() -> self[0].serve(reply), "fake-server");
    self[0] = new FakeServer(ss, t);
    t.setDaemon(true);
    t.start();
    return self[0];
  }

  int port() {
    return socket.getLocalPort();
  }

  private void serve(IntFunction<byte[]> reply) {
    serve(reply, Integer.MAX_VALUE);
  }

  private void serve(IntFunction<byte[]> reply, int cap) {
    int accepted = 0;
    while (!socket.isClosed()) {
      try {
        Socket s = socket.accept();
        if (reply == null || ++accepted > cap) {
          s.close();
          continue;
        }
        InputStream in = s.getInputStream();
        byte[] header = new DataInputStream(in).readNBytes(16);
        ByteBuffer h = ByteBuffer.wrap(header).order(ByteOrder.LITTLE_ENDIAN);
        int length = h.getInt(0);
        in.readNBytes(length - 16);
        // held before the reply goes out: a client that has its reply may call dropAll() at once
        // (CI saw the last socket of five added after it, left open: closed=1, dropped=4)
        synchronized (held) {
          held.add(s);
        }
        s.getOutputStream().write(reply.apply(h.getInt(4)));
        s.getOutputStream().flush();
      } catch (IOException e) {
        return; // closed
      }
    }
  }

  /** Closes every socket it answered on: the held connections see the server go. */
  void dropAll() {
    synchronized (held) {
      for (Socket s : held) {
        try {
          s.close();
        } catch (IOException e) {
          // gone already
        }
      }
      held.clear();
    }
  }

  @Override
  public void close() throws Exception {
    socket.close();
    dropAll();
    if (acceptor != null) {
      acceptor.join(2000);
    }
  }
}

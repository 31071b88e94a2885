package dev.ycsbmongo.it;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP proxy on 127.0.0.1 in front of a server that can be told to stall: it then keeps every
 * connection open and accepts new ones, but forwards nothing either way (a server that hangs,
 * as a stuck disk or a stopped-the-world pause makes it look) until {@link #resume()}.
 */
final class StallingProxy implements AutoCloseable {

  private final ServerSocket listener;
  private final InetSocketAddress upstream;
  private final List<Socket> sockets = new CopyOnWriteArrayList<>();
  private final Object gate = new Object();
  private volatile boolean stalled;
  private volatile boolean closed;

  StallingProxy(String upstreamHost, int upstreamPort) throws IOException {
    this.upstream = new InetSocketAddress(upstreamHost, upstreamPort);
    this.listener = new ServerSocket(0, 200, InetAddress.getLoopbackAddress());
    Thread acceptor = new Thread(this::accept, "stalling-proxy-accept");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  int port() {
    return listener.getLocalPort();
  }

  void stall() {
    stalled = true;
  }

  void resume() {
    synchronized (gate) {
      stalled = false;
      gate.notifyAll();
    }
  }

  private void accept() {
    while (!closed) {
      try {
        Socket client = listener.accept();
        sockets.add(client);
        Thread t = new Thread(() -> connect(client), "stalling-proxy-conn");
        t.setDaemon(true);
        t.start();
      } catch (IOException e) {
        return;  // closed
      }
    }
  }

  private void connect(Socket client) {
    try {
      awaitResumed();  // a stalled server accepts, then never answers
      Socket server = new Socket();
      sockets.add(server);
      server.connect(upstream, 2000);
      pump(client.getInputStream(), server.getOutputStream(), server, client);
      pump(server.getInputStream(), client.getOutputStream(), server, client);
    } catch (IOException | InterruptedException e) {
      closeQuietly(client);
    }
  }

  private void pump(InputStream in, OutputStream out, Socket a, Socket b) {
    Thread t = new Thread(() -> {
      byte[] buf = new byte[16 * 1024];
      try {
        int n;
        while ((n = in.read(buf)) >= 0) {
          awaitResumed();
          out.write(buf, 0, n);
          out.flush();
        }
      } catch (IOException | InterruptedException e) {
        // one side went away
      } finally {
        closeQuietly(a);
        closeQuietly(b);
      }
    }, "stalling-proxy-pump");
    t.setDaemon(true);
    t.start();
  }

  private void awaitResumed() throws InterruptedException {
    synchronized (gate) {
      while (stalled && !closed) {
        gate.wait(100);
      }
    }
  }

  private static void closeQuietly(Socket s) {
    try {
      s.close();
    } catch (IOException e) {
      // already closed
    }
  }

  @Override
  public void close() {
    closed = true;
    resume();
    closeQuietly(new Socket());
    try {
      listener.close();
    } catch (IOException e) {
      // already closed
    }
    sockets.forEach(StallingProxy::closeQuietly);
  }
}

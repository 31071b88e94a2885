package dev.ycsbmongo.it;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What the test proxies share: a listener on 127.0.0.1 that hands each accepted connection, numbered
 * from 1, to {@link #connect} on a daemon thread of its own, and a {@link #close} that closes the
 * listener and every socket either side opened.
 */
abstract class LoopbackProxy implements AutoCloseable {

  protected final InetSocketAddress upstream;
  private final ServerSocket listener;
  private final List<Socket> sockets = new CopyOnWriteArrayList<>();
  private final AtomicInteger connections = new AtomicInteger();
  private final String name;
  protected volatile boolean closed;

  /** @param name the threads' prefix ("recording-proxy") */
  LoopbackProxy(String name, String upstreamHost, int upstreamPort) throws IOException {
    this.name = name;
    this.upstream = new InetSocketAddress(upstreamHost, upstreamPort);
    this.listener = new ServerSocket(0, 200, InetAddress.getLoopbackAddress());
  }

  /** Starts accepting; a subclass calls it last in its constructor, its own fields then set. */
  protected final void start() {
    Thread acceptor = new Thread(this::accept, name + "-accept");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  int port() {
    return listener.getLocalPort();
  }

  /** Serves one accepted client connection; called on a thread of its own. */
  protected abstract void connect(Socket client, int id);

  /** Keeps a socket to close with the proxy. */
  protected final void track(Socket s) {
    sockets.add(s);
  }

  private void accept() {
    while (!closed) {
      try {
        Socket client = listener.accept();
        sockets.add(client);
        int id = connections.incrementAndGet();
        Thread t = new Thread(() -> connect(client, id), name + "-conn");
        t.setDaemon(true);
        t.start();
      } catch (IOException e) {
        return;  // closed
      }
    }
  }

  static void closeQuietly(Socket s) {
    try {
      s.close();
    } catch (IOException e) {
      // already closed
    }
  }

  /** What a proxy does on close before its sockets are closed (the closed flag already set). */
  protected void closing() {
  }

  @Override
  public void close() {
    closed = true;
    closing();
    try {
      listener.close();
    } catch (IOException e) {
      // already closed
    }
    sockets.forEach(LoopbackProxy::closeQuietly);
  }
}

package dev.ycsbmongo.it;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;

/**
 * A TCP proxy on 127.0.0.1 in front of a server that can be told to stall: it then keeps every
 * connection open and accepts new ones, but forwards nothing either way (a server that hangs,
 * as a stuck disk or a stopped-the-world pause makes it look) until {@link #resume()}.
 */
final class StallingProxy extends LoopbackProxy {

  private final Object gate = new Object();
  private volatile boolean stalled;

  StallingProxy(String upstreamHost, int upstreamPort) throws IOException {
    super("stalling-proxy", upstreamHost, upstreamPort);
    start();
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

  @Override
  protected void connect(Socket client, int id) {
    try {
      awaitResumed();  // a stalled server accepts, then never answers
      Socket server = new Socket();
      track(server);
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

  @Override
  protected void closing() {
    resume();
    closeQuietly(new Socket());
  }
}

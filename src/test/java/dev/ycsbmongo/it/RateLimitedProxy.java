package dev.ycsbmongo.it;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.util.concurrent.locks.LockSupport;

/**
 * A TCP proxy on 127.0.0.1 that serves at most {@code rate} requests per second, whatever the server behind it
 * could do: a test double with a known service rate. The driver sends one request at a time on a connection and
 * waits for its reply, so each read from a client is one request; the proxy gives every request the next slot of
 * one schedule shared by all connections ({@code 1 / rate} apart) and forwards it then. Below the rate a request
 * goes through at once; above it requests queue, and the queue grows for as long as the offer exceeds the rate,
 * as a saturated server's does.
 */
final class RateLimitedProxy extends LoopbackProxy {

  private final long intervalNanos;
  private long nextSlot = System.nanoTime();

  RateLimitedProxy(String upstreamHost, int upstreamPort, double rate) throws IOException {
    super("rate-limited-proxy", upstreamHost, upstreamPort);
    this.intervalNanos = Math.round(1e9 / rate);
    start();
  }

  @Override
  protected void connect(Socket client, int id) {
    try {
      Socket server = new Socket();
      track(server);
      server.connect(upstream, 2000);
      pump(client.getInputStream(), server.getOutputStream(), server, client, true);
      pump(server.getInputStream(), client.getOutputStream(), server, client, false);
    } catch (IOException e) {
      closeQuietly(client);
    }
  }

  /** The time the next request may go through: one slot each, in order of arrival. */
  private synchronized long slot() {
    long now = System.nanoTime();
    long at = Math.max(now, nextSlot);
    nextSlot = at + intervalNanos;
    return at;
  }

  private void pump(InputStream in, OutputStream out, Socket a, Socket b, boolean paced) {
    Thread t = new Thread(() -> {
      byte[] buf = new byte[64 * 1024];
      try {
        int n;
        while ((n = in.read(buf)) >= 0) {
          if (paced) {
            long at = slot();
            for (long wait = at - System.nanoTime(); wait > 0 && !closed; wait = at - System.nanoTime()) {
              LockSupport.parkNanos(wait);
            }
          }
          out.write(buf, 0, n);
          out.flush();
        }
      } catch (IOException e) {
        // one side went away
      } finally {
        closeQuietly(a);
        closeQuietly(b);
      }
    }, "rate-limited-proxy-pump");
    t.setDaemon(true);
    t.start();
  }
}

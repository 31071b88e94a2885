package dev.ycsbmongo.orchestrator.process;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/** A loopback server that answers every request with the same bytes, which are not a MongoDB reply. */
public final class GarbageServer implements AutoCloseable {

  /** An HTTP error page, as a web server on the wrong port would answer. */
  public static final byte[] HTTP = "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

  /** A header announcing a 2 GiB reply (then a few bytes of it). */
  public static byte[] twoGibHeader() {
    return ByteBuffer.allocate(64).order(ByteOrder.LITTLE_ENDIAN).putInt(Integer.MAX_VALUE).putInt(1).putInt(1)
        .putInt(2013).array();
  }

  private final ServerSocket socket;

  public GarbageServer(byte[] reply) throws IOException {
    socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    Thread t = new Thread(() -> serve(reply), "garbage-server");
    t.setDaemon(true);
    t.start();
  }

  public int port() {
    return socket.getLocalPort();
  }

  private void serve(byte[] reply) {
    while (!socket.isClosed()) {
      try {
        Socket s = socket.accept();
        Thread t = new Thread(() -> answer(s, reply), "garbage-connection");
        t.setDaemon(true);
        t.start();
      } catch (IOException e) {
        return;  // closed at the end of the test
      }
    }
  }

  private static void answer(Socket s, byte[] reply) {
    try (s; InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
      byte[] buf = new byte[65536];
      while (in.read(buf) > 0) {
        out.write(reply);
        out.flush();
      }
    } catch (IOException e) {
      // the client hung up
    }
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }
}

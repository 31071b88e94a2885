package dev.ycsbmongo.orchestrator.kubernetes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A follower against an API server that keeps the log stream open, as a real one does while the
 * container runs (the mock server always ends its answers): a socket on 127.0.0.1 that answers
 * one line and then holds the connection.
 */
class PodLogFollowerTest {

  @Test
  void shouldHandOverLinesAsTheyComeAndCloseTheOpenStreamWhenStopped() throws Exception {
    try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
         KubernetesClient kube = new KubernetesClientBuilder().withConfig(new ConfigBuilder()
             .withMasterUrl("http://127.0.0.1:" + listener.getLocalPort()).withRequestRetryBackoffLimit(0).build()).build()) {
      CompletableFuture<String> requestLine = new CompletableFuture<>();
      CompletableFuture<Void> clientClosed = new CompletableFuture<>();
      Thread apiServer = new Thread(() -> holdOneStream(listener, requestLine, clientClosed), "fake-api-server");
      apiServer.setDaemon(true);
      apiServer.start();
      List<String> lines = new CopyOnWriteArrayList<>();
      PodLogFollower follower = new PodLogFollower(kube, "bench", "open-0-x7k2q", 0, (i, line) -> lines.add(i + " " + line),
          line -> line.replace("S3cr3t", "****"), Duration.ofMillis(50)).start();

      assertEquals("GET /api/v1/namespaces/bench/pods/open-0-x7k2q/log?container=ycsb-client&follow=true&timestamps=true HTTP/1.1",
          requestLine.get(30, TimeUnit.SECONDS));
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (lines.isEmpty() && System.nanoTime() < deadline) {
        Thread.sleep(10);
      }
      assertEquals(List.of("0 first line, password ****"), lines, "a line is handed over while the stream stays open");
      assertFalse(follower.done().isDone(), "the pod has not ended");

      follower.stop();
      Thread reader = Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().equals("pod-log-open-0-x7k2q"))
          .findFirst().orElse(null);
      if (reader != null) {
        reader.join(5_000);
        assertFalse(reader.isAlive(), "the follower still reads after stop()");
      }
      clientClosed.get(10, TimeUnit.SECONDS);
      assertTrue(follower.done().isDone());
    }
  }

  @Test
  void shouldCloseAHeldStreamWhenThePodEndsAndReadTheLogToItsEnd() throws Exception {
    try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
         KubernetesClient kube = new KubernetesClientBuilder().withConfig(new ConfigBuilder()
             .withMasterUrl("http://127.0.0.1:" + listener.getLocalPort()).withRequestRetryBackoffLimit(0).build()).build()) {
      CompletableFuture<String> firstRequest = new CompletableFuture<>();
      CompletableFuture<Void> firstClosed = new CompletableFuture<>();
      CompletableFuture<String> lastRequest = new CompletableFuture<>();
      Thread apiServer = new Thread(() -> {
        holdOneStream(listener, firstRequest, firstClosed);
        // the final request: the whole log from the last second, then the end
        try (Socket s = listener.accept()) {
          BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.ISO_8859_1));
          String first = in.readLine();
          String header;
          while ((header = in.readLine()) != null && !header.isEmpty()) {
            // headers: not needed
          }
          String body = "2026-11-24T12:00:01.000000001Z first line, password S3cr3t\n2026-11-24T12:00:01.5Z last line\n";
          s.getOutputStream().write(("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: " + body.length()
              + "\r\nConnection: close\r\n\r\n" + body).getBytes(StandardCharsets.ISO_8859_1));
          s.getOutputStream().flush();
          lastRequest.complete(first);
        } catch (Exception e) {
          lastRequest.completeExceptionally(e);
        }
      }, "fake-api-server");
      apiServer.setDaemon(true);
      apiServer.start();
      List<String> lines = new CopyOnWriteArrayList<>();
      PodLogFollower follower = new PodLogFollower(kube, "bench", "ends-0-x7k2q", 0, (i, line) -> lines.add(line),
          line -> line.replace("S3cr3t", "****"), Duration.ofMillis(50)).start();
      firstRequest.get(30, TimeUnit.SECONDS);
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (lines.isEmpty() && System.nanoTime() < deadline) {
        Thread.sleep(10);
      }

      follower.podEnded();
      assertEquals(java.util.Optional.empty(), follower.done().get(30, TimeUnit.SECONDS));
      firstClosed.get(10, TimeUnit.SECONDS);
      assertEquals("GET /api/v1/namespaces/bench/pods/ends-0-x7k2q/log?container=ycsb-client&follow=true&timestamps=true"
          + "&sinceTime=2026-11-24T12%3A00%3A01Z HTTP/1.1", lastRequest.get(10, TimeUnit.SECONDS));
      assertEquals(List.of("first line, password ****", "last line"), lines);
    }
  }

  /** Reads one request, answers one chunk of log and keeps the connection open until the client closes it. */
  private static void holdOneStream(ServerSocket listener, CompletableFuture<String> requestLine, CompletableFuture<Void> closed) {
    try (Socket s = listener.accept()) {
      BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.ISO_8859_1));
      String first = in.readLine();
      String header;
      while ((header = in.readLine()) != null && !header.isEmpty()) {
        // headers: not needed
      }
      OutputStream out = s.getOutputStream();
      String chunk = "2026-11-24T12:00:01.000000001Z first line, password S3cr3t\n";
      out.write(("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n"
          + Integer.toHexString(chunk.length()) + "\r\n" + chunk + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
      out.flush();
      requestLine.complete(first);
      while (in.read() >= 0) {
        // until the client closes
      }
      closed.complete(null);
    } catch (Exception e) {
      requestLine.completeExceptionally(e);
      closed.complete(null); // a reset connection is closed too
    }
  }
}

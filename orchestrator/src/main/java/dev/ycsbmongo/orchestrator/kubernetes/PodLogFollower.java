package dev.ycsbmongo.orchestrator.kubernetes;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.http.HttpClient;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.HttpResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.UnaryOperator;

/**
 * Follows one client pod's log while it runs, on its own thread, and hands each complete line to
 * the sink, in order, secrets masked. The kubelet keeps only the current log file
 * ({@code containerLogMaxSize}, 10 MiB by default), so a log read once the pod has ended would
 * lose the start of a long cell; followed, every line is taken as it is written.
 *
 * <p>A stream that ends while the pod runs (API-server restart, a dropped connection, a proxy's
 * idle timeout) is re-opened after {@code retry} from where it stopped ({@link LogCursor}); a
 * partial last line is dropped and read again whole. Once {@link #podEnded()} has been called, the
 * next stream is the last one (a stream still open from before is closed: it could be dead without
 * knowing it): a request made after the container terminated reads the log to its end and closes,
 * and only a clean end of that stream completes {@link #done()}. For an ended pod,
 * an HTTP error (the log is gone) is final and a dropped stream is retried twice.
 *
 * <p>The request is made with the client's own HTTP client rather than {@code watchLog()}: fabric8
 * 7.9's LogWatch neither checks the response status (an error body would be read as log lines)
 * nor closes its stream when closed; {@link #stop()} must close it at once.
 */
final class PodLogFollower {

  private static final int ENDED_ATTEMPTS = 3;

  private final KubernetesClient kube;
  private final String namespace;
  private final String podName;
  private final int index;
  private final ClientLineSink sink;
  private final UnaryOperator<String> redact;
  private final Duration retry;
  private final LogCursor cursor = new LogCursor();
  private final CompletableFuture<Optional<String>> done = new CompletableFuture<>();
  private final Object wake = new Object();
  private volatile boolean ended;
  private volatile boolean stopped;
  private volatile InputStream current;
  /** Whether {@link #current} was opened after the pod ended (it then ends by itself at the log's end). */
  private volatile boolean currentFinal;
  /** The request waiting for its response headers, cancelled by stop(). */
  private volatile CompletableFuture<?> pending;

  PodLogFollower(KubernetesClient kube, String namespace, String podName, int index, ClientLineSink sink,
      UnaryOperator<String> redact, Duration retry) {
    this.kube = kube;
    this.namespace = namespace;
    this.podName = podName;
    this.index = index;
    this.sink = sink;
    this.redact = redact;
    this.retry = retry;
  }

  /** Starts the reader thread (a daemon: a follower never keeps the JVM alive). */
  PodLogFollower start() {
    Thread t = new Thread(this::follow, "pod-log-" + podName);
    t.setDaemon(true);
    t.start();
    return this;
  }

  /** The pod has terminated: the next stream reads to the log's end and the follower finishes. */
  void podEnded() {
    ended = true;
    if (!currentFinal) {
      // a stream opened while the pod ran may be dead without knowing it (a node gone, a silent
      // proxy): the final request must not wait for it; what it did not deliver is read again
      closeQuietly(current);
    }
    synchronized (wake) {
      wake.notifyAll();
    }
  }

  /**
   * Empty once the whole log was handed over; why not when it could not be read. Completes
   * exceptionally with what the sink threw.
   */
  CompletableFuture<Optional<String>> done() {
    return done;
  }

  /** Closes the stream and ends the thread without waiting for it; safe from any thread, any number of times. */
  void stop() {
    stopped = true;
    CompletableFuture<?> request = pending;
    if (request != null) {
      request.cancel(true);
    }
    closeQuietly(current);
    synchronized (wake) {
      wake.notifyAll();
    }
    done.complete(Optional.of("stopped"));
  }

  private void follow() {
    int endedFailures = 0;
    try {
      while (!stopped) {
        boolean last = ended; // read before the request: the container had terminated before it was made
        cursor.reopened();
        try {
          boolean clean = stream(last);
          if (clean && last) {
            done.complete(Optional.empty());
            return;
          }
          if (!clean && last && ++endedFailures >= ENDED_ATTEMPTS) {
            done.complete(Optional.of("the log stream broke off " + ENDED_ATTEMPTS + " times"));
            return;
          }
        } catch (LogRefused e) {
          if (last) {
            done.complete(Optional.of(e.getMessage()));
            return;
          }
        } catch (SinkFailed e) {
          done.completeExceptionally(e.getCause());
          return;
        } catch (IOException | RuntimeException e) {
          // a dropped connection, an API server going away; a closed stream after stop()
          if (last && ++endedFailures >= ENDED_ATTEMPTS) {
            done.complete(Optional.of(redact.apply(String.valueOf(e.getMessage()))));
            return;
          }
        }
        pause(last);
      }
    } catch (InterruptedException e) {
      done.complete(Optional.of("interrupted"));
    } finally {
      closeQuietly(current);
    }
  }

  /** Waits {@code retry} before the next request, less when the pod has just ended. */
  private void pause(boolean wasEnded) throws InterruptedException {
    synchronized (wake) {
      if (!stopped && (wasEnded || !ended)) {
        wake.wait(Math.max(1, retry.toMillis()));
      }
    }
  }

  /**
   * One request, read to its end; true when it ended cleanly. Complete lines go to the sink; a
   * final part without a line end only when it is the log's end ({@code last}).
   */
  private boolean stream(boolean last) throws IOException, InterruptedException {
    try (InputStream in = open()) {
      currentFinal = last;
      current = in;
      if (ended && !last) {
        return false; // the pod ended while this was being opened: go straight to the final request
      }
      if (stopped) {
        return false;
      }
      ByteArrayOutputStream line = new ByteArrayOutputStream(256);
      byte[] buf = new byte[8192];
      int n;
      while ((n = in.read(buf)) >= 0) {
        int from = 0;
        for (int i = 0; i < n; i++) {
          if (buf[i] == '\n') {
            line.write(buf, from, i - from);
            deliver(line);
            from = i + 1;
          }
        }
        line.write(buf, from, n - from);
        if (stopped) {
          return false;
        }
      }
      if (last && line.size() > 0) {
        deliver(line);
      }
      return !stopped;
    } finally {
      current = null;
    }
  }

  private void deliver(ByteArrayOutputStream bytes) {
    String raw = bytes.toString(StandardCharsets.UTF_8);
    bytes.reset();
    if (raw.endsWith("\r")) {
      raw = raw.substring(0, raw.length() - 1);
    }
    Optional<String> text = cursor.accept(raw);
    if (text.isPresent() && !stopped) {
      try {
        sink.line(index, redact.apply(text.get()));
      } catch (RuntimeException | Error e) {
        // an Error too (a test's AssertionError): the thread must not die with done() never completed
        throw new SinkFailed(e);
      }
    }
  }

  private InputStream open() throws IOException, InterruptedException {
    String path = "api/v1/namespaces/" + namespace + "/pods/" + podName + "/log?container=" + JobManifests.CONTAINER
        + "&follow=true&timestamps=true"
        + cursor.sinceTime().map(t -> "&sinceTime=" + URLEncoder.encode(t, StandardCharsets.UTF_8)).orElse("");
    String master = kube.getMasterUrl().toString();
    HttpClient http = kube.getHttpClient();
    HttpRequest request = http.newHttpRequestBuilder().uri(URI.create(master + (master.endsWith("/") ? "" : "/") + path))
        .forStreaming().build();
    HttpResponse<InputStream> response;
    CompletableFuture<HttpResponse<InputStream>> answer = http.sendAsync(request, InputStream.class);
    pending = answer;
    try {
      if (stopped) {
        answer.cancel(true);
      }
      response = answer.get(Math.max(10_000, retry.toMillis() * 5), TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      throw new IOException(e.getCause() == null ? e.getMessage() : e.getCause().getMessage(), e.getCause());
    } catch (TimeoutException e) {
      answer.cancel(true);
      throw new IOException("no answer to the log request within " + Math.max(10, retry.toSeconds() * 5) + " s");
    } catch (CancellationException e) {
      throw new IOException("stopped");
    } finally {
      pending = null;
    }
    if (!response.isSuccessful()) {
      String body;
      try (InputStream in = response.body()) {
        body = in == null ? "" : new String(in.readNBytes(2048), StandardCharsets.UTF_8);
      }
      throw new LogRefused(redact.apply("HTTP " + response.code() + (body.isBlank() ? "" : ": " + message(body))));
    }
    return response.body();
  }

  /** The Status' message when the body is one, else the body on one line. */
  private String message(String body) {
    int at = body.indexOf("\"message\":\"");
    String text = body;
    if (at >= 0) {
      int end = body.indexOf('"', at + 11);
      text = end > at ? body.substring(at + 11, end) : body.substring(at + 11);
    }
    return text.strip().replaceAll("\\s+", " ");
  }

  private static void closeQuietly(InputStream in) {
    if (in != null) {
      try {
        in.close();
      } catch (IOException | RuntimeException e) {
        // closing to stop: nothing more to do with it
      }
    }
  }

  /** What the sink threw, carried out of the reading loop. */
  private static final class SinkFailed extends RuntimeException {
    SinkFailed(Throwable cause) {
      super(cause);
    }
  }

  /** The API server answered the log request with an error status. */
  private static final class LogRefused extends IOException {
    LogRefused(String message) {
      super(message);
    }
  }
}

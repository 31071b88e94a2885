package dev.ycsbmongo.orchestrator.embedded;

import dev.ycsbmongo.orchestrator.Causes;
import java.util.concurrent.CountDownLatch;

/**
 * {@code scripts/embedded-mongo [PORT]}: runs the embedded test server in the foreground until
 * the process is interrupted (Ctrl-C or SIGTERM), so the launcher can be tried without MongoDB.
 */
public final class EmbeddedMongoMain {

  static final int DEFAULT_PORT = 27017;

  private EmbeddedMongoMain() {
  }

  public static void main(String[] args) throws InterruptedException {
    int port;
    try {
      port = parsePort(args);
    } catch (IllegalArgumentException e) {
      System.err.println("embedded-mongo: " + e.getMessage());
      System.exit(2);
      return;
    }
    EmbeddedMongoServer server;
    try {
      server = EmbeddedMongoServer.start(port);
    } catch (RuntimeException e) {
      System.err.println("embedded-mongo: cannot listen on 127.0.0.1:" + port + ": " + Causes.rootMessage(e));
      System.exit(1);
      return;
    }
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      server.close();
      System.out.println("embedded-mongo: stopped");
      stopped.countDown();
    }, "embedded-mongo-shutdown"));
    System.out.println("embedded-mongo: listening on " + server.connectionString("ycsb"));
    System.out.println("embedded-mongo: this is a " + EmbeddedMongoServer.LABEL
        + "; figures measured against it describe the client only. Stop with Ctrl-C.");
    System.out.flush();
    stopped.await();
  }

  static int parsePort(String[] args) {
    if (args.length == 0) {
      return DEFAULT_PORT;
    }
    if (args.length > 1) {
      throw new IllegalArgumentException("expected at most one argument, the port; got " + args.length);
    }
    try {
      int port = Integer.parseInt(args[0]);
      if (port < 0 || port > 65535) {
        throw new NumberFormatException();
      }
      return port;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("port '" + args[0] + "' is not a number from 0 to 65535");
    }
  }

}

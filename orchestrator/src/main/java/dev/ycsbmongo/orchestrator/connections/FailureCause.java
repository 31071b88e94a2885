package dev.ycsbmongo.orchestrator.connections;

import java.net.BindException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.util.Locale;

/**
 * Why one connection failed, as the label results count it by. The labels are fixed strings
 * except the two that carry a message ({@code error reply: ...}, {@code other: ...}); those are
 * cut to {@value #MAX_DETAIL} characters so a chatty server cannot grow the table without bound.
 */
public final class FailureCause {

  static final String REFUSED = "refused";
  static final String TIMEOUT = "timeout";
  /** A real mongod past maxIncomingConnections accepts and then closes at once: that is what this looks like. */
  static final String CLOSED_BY_SERVER = "closed by server before answering (connection limit reached?)";
  static final String PORTS_EXHAUSTED = "local ports exhausted";
  static final String TOO_MANY_OPEN_FILES = "too many open files";
  static final String ERROR_REPLY = "error reply";
  static final String OTHER = "other";
  static final String WORKER_DIED = "worker died";
  /** Attempts a stop (Ctrl-C, SIGTERM, the plan's interrupt) came before: nobody turned them down. */
  static final String NOT_ATTEMPTED = "not attempted: stopped before";
  static final String SOURCE_NOT_LOCAL = "source address not on this machine";
  static final int MAX_DETAIL = 160;

  /** Where in a connection's life the error came: the same errno means different things at each step. */
  enum Stage { OPEN_SOCKET, BIND, CONNECT, EXCHANGE }

  /**
   * Whether a failure with this label is the server (or the network in front of it) turning the connection
   * down: refused, closed before answering, an error reply, a timeout. The others are this client running
   * out (ports, files, a worker) or unknown, so the server's maximum was not reached by them.
   */
  public static boolean byServer(String label) {
    return label.equals(REFUSED) || label.equals(TIMEOUT) || label.equals(CLOSED_BY_SERVER)
        || label.startsWith(ERROR_REPLY + ":") || label.equals(ERROR_REPLY);
  }

  private FailureCause() {
  }

  static String classify(Stage stage, Throwable e) {
    String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    String lower = message.toLowerCase(Locale.ROOT);
    if (lower.contains("too many open files")) {
      return TOO_MANY_OPEN_FILES;
    }
    if (e instanceof BindException || lower.contains("cannot assign requested address")
        || lower.contains("address already in use")) {
      // bind(addr, 0) says EADDRINUSE when no port is left for addr and EADDRNOTAVAIL when addr is
      // not ours; an unbound connect says EADDRNOTAVAIL when no port is left for the destination
      if (stage == Stage.BIND && lower.contains("cannot assign requested address")) {
        return SOURCE_NOT_LOCAL;
      }
      return PORTS_EXHAUSTED;
    }
    if (e instanceof ConnectException && lower.contains("refused")) {
      return REFUSED;
    }
    if (lower.contains("timed out")) {
      return TIMEOUT;
    }
    if (stage == Stage.EXCHANGE && (lower.contains("connection reset") || lower.contains("broken pipe"))) {
      return CLOSED_BY_SERVER;
    }
    if (e instanceof NoRouteToHostException) {
      return other("no route to host");
    }
    return other(message);
  }

  static String errorReply(String errmsg) {
    return ERROR_REPLY + ": " + detail(errmsg == null ? "ok is not 1 and there is no errmsg" : errmsg);
  }

  static String other(String message) {
    return OTHER + ": " + detail(message);
  }

  static String workerDied(String why) {
    return WORKER_DIED + ": " + detail(why);
  }

  private static String detail(String text) {
    String oneLine = text.replace('\n', ' ').strip();
    return oneLine.length() <= MAX_DETAIL ? oneLine : oneLine.substring(0, MAX_DETAIL - 3) + "...";
  }
}

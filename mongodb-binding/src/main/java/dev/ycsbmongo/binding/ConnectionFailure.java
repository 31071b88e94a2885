package dev.ycsbmongo.binding;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns what the driver reports when it cannot use a server into one short cause a person
 * understands ("connection refused", "authentication failed ..."). The driver's
 * {@code MongoTimeoutException} carries the per-server causes only as text (its cluster
 * description), so the classification reads exception classes and messages alike, in order of
 * how specific a cause is: authentication, TLS, host name, refused, connect timeout, no reply,
 * replica-set name.
 */
public final class ConnectionFailure {

  private static final Pattern USER = Pattern.compile("userName='([^']*)'");
  private static final Pattern SOURCE = Pattern.compile("source='([^']*)'");
  /** The driver quotes the server's message whole, quotes and all: it ends at "' on server". */
  private static final Pattern SERVER_MESSAGE = Pattern.compile("\\(([A-Za-z]+)\\): '(.*?)'(?: on server|\\.?\\}|$)");
  private static final Pattern ADDRESS = Pattern.compile("address=([^,}\\s]+)");
  /**
   * What the driver says when the bytes it read are not a MongoDB reply: a length header out of
   * bounds, an unknown opCode, a reply to another request, an unreadable BSON body.
   */
  private static final Pattern NOT_A_REPLY = Pattern.compile("(The reply message length [^}|,]*"
      + "|Unexpected reply message opCode [^}|,]*|The responseTo \\([^}|]*?request"
      + "|Unexpected compressor[^}|,]*|org\\.bson\\.Bson[A-Za-z]*Exception: [^}|]*)");
  private static final Pattern SSL_MESSAGE = Pattern.compile("javax\\.net\\.ssl\\.SSL[A-Za-z]*Exception: ([^,}\\]|]*)");
  private static final Pattern UNKNOWN_HOST = Pattern.compile("UnknownHostException: ([^,}\\]|: ]*)");

  private ConnectionFailure() {
  }

  /**
   * One short cause for {@code failure}.
   *
   * @param tls whether the URL asks for TLS: a handshake that gets no answer is then named as such
   * @param connectTimeoutMs the monitor's read limit too (the driver reads its heartbeats with it)
   */
  public static String cause(Throwable failure, boolean tls, long connectTimeoutMs) {
    return diagnose(failure, tls, connectTimeoutMs).cause();
  }

  /**
   * As {@link #cause(Throwable, boolean, long)}, naming {@code address} ("HOST:PORT", the host whose
   * connection failed, when the caller knows it) where the driver's text does not name one.
   */
  public static String cause(Throwable failure, boolean tls, long connectTimeoutMs, String address) {
    return diagnose(failure, tls, connectTimeoutMs, address).cause();
  }

  /**
   * A cause and whether waiting for the server can cure it: a refused or silent server may come
   * back, a wrong password or a server that speaks another protocol will not.
   */
  public record Diagnosis(String cause, boolean waitingDoesNotHelp) {
  }

  /** As {@link #cause}, with whether waiting for the server can cure it. */
  public static Diagnosis diagnose(Throwable failure, boolean tls, long connectTimeoutMs) {
    return diagnose(failure, tls, connectTimeoutMs, null);
  }

  private static Diagnosis diagnose(Throwable failure, boolean tls, long connectTimeoutMs, String knownAddress) {
    String text = describeChain(failure);
    String lower = text.toLowerCase(Locale.ROOT);
    if (lower.contains("mongosecurityexception") || lower.contains("exception authenticating")
        || lower.contains("authenticationfailed")) {
      return new Diagnosis(authentication(text), true);
    }
    Matcher garbage = NOT_A_REPLY.matcher(text);
    if (garbage.find()) {
      Matcher address = ADDRESS.matcher(text);
      String host = address.find() ? "the server at " + address.group(1)
          : knownAddress != null ? "the server at " + knownAddress : "the server";
      String reason = garbage.group(1).trim();
      reason = reason.length() > 160 ? reason.substring(0, 157) + "..." : reason;
      return new Diagnosis(host + " answered with something that is not a MongoDB reply (" + UriMasker.mask(reason)
          + ")", true);
    }
    return new Diagnosis(transientCause(text, lower, failure, tls, connectTimeoutMs, knownAddress), false);
  }

  private static String transientCause(String text, String lower, Throwable failure, boolean tls,
      long connectTimeoutMs, String knownAddress) {
    if (lower.contains("javax.net.ssl.")) {
      Matcher m = SSL_MESSAGE.matcher(text);
      String detail = m.find() ? m.group(1).trim() : "";
      return "TLS handshake failed" + (detail.isEmpty() ? "" : " (" + detail + ")")
          + ": the server may not use TLS, or its certificate is not trusted (tlsCAFile / javax.net.ssl.trustStore)";
    }
    if (lower.contains("unknownhostexception")) {
      Matcher m = UNKNOWN_HOST.matcher(text);
      return "unknown host" + (m.find() ? " " + m.group(1).trim() : "") + ": the name does not resolve";
    }
    if (lower.contains("connection refused")) {
      return refused(knownAddress != null ? knownAddress : "that host and port");
    }
    if (lower.contains("connect timed out")) {
      return "no answer to the TCP connection attempt within connectTimeoutMs=" + connectTimeoutMs
          + " (host down, or the port filtered)";
    }
    if (lower.contains("read timed out") || lower.contains("mongosocketreadtimeoutexception")
        || lower.contains("sockettimeoutexception")) {
      if (tls) {
        return "the server accepted the connection but did not complete a TLS handshake within connectTimeoutMs="
            + connectTimeoutMs + " (is TLS enabled on the server?)";
      }
      return "the server accepted the connection but did not answer within its time limit (connectTimeoutMs="
          + connectTimeoutMs + " for the first reply): it is stalled, overloaded, or not a MongoDB server";
    }
    if (lower.contains("prematurely reached end of stream") || lower.contains("connection reset")
        || lower.contains("mongosocketreadexception") || lower.contains("broken pipe")) {
      return "the server closed the connection without answering" + (tls ? " (is TLS enabled on the server?)"
          : " (is it a MongoDB server, and does it expect TLS?)");
    }
    if (lower.contains("type=replica_set") && lower.contains("servers=[]")) {
      return "no server matches the replica set name in the URL (replicaSet=...): every host was removed from"
          + " the client's view";
    }
    return "no usable server: " + firstLine(failure);
  }

  /** A refused TCP connection, in the launcher's words; {@code where} is "HOST:PORT" when known. */
  public static String refused(String where) {
    return "connection refused: nothing listens at " + where;
  }

  /**
   * The cause when a host answered but does not belong where the URL says ({@code replicaSet=}).
   *
   * @param requiredSetName the URL's {@code replicaSet}
   * @param found per host, its set name or {@code null} when it is not a replica-set member
   */
  public static String replicaSetMismatch(String requiredSetName, Map<String, Optional<String>> found) {
    List<String> parts = new ArrayList<>();
    for (Map.Entry<String, Optional<String>> e : found.entrySet()) {
      parts.add(e.getKey() + (e.getValue().isPresent() ? " is in replica set '" + e.getValue().get() + "'"
          : " is not a replica-set member (standalone or mongos)"));
    }
    return "wrong replica set name: the URL asks for replicaSet=" + requiredSetName + ", but "
        + (parts.isEmpty() ? "no host matches" : String.join("; ", parts))
        + " (fix replicaSet= in the URL, or drop it for a standalone server)";
  }

  private static String authentication(String text) {
    Matcher user = USER.matcher(text);
    Matcher source = SOURCE.matcher(text);
    Matcher server = SERVER_MESSAGE.matcher(text);
    StringBuilder s = new StringBuilder("authentication failed");
    if (user.find()) {
      s.append(" for user '").append(user.group(1)).append('\'');
      if (source.find()) {
        s.append(" (auth database '").append(source.group(1)).append("')");
      }
    }
    if (server.find()) {
      String reply = server.group(1) + ": " + server.group(2);
      // a server without authentication (the embedded test server) does not know saslStart or authenticate
      s.append("CommandNotFound".equals(server.group(1))
          ? ": the server does not support authentication or rejected it (" + reply + ")"
          : ": the server says " + reply);
    }
    return s.append("; check the user name, password and authSource in the URL").toString();
  }

  /** Class names and messages of the whole cause chain, on one line. */
  static String describeChain(Throwable failure) {
    StringBuilder s = new StringBuilder();
    Map<Throwable, Boolean> seen = new IdentityHashMap<>();
    for (Throwable t = failure; t != null && seen.put(t, Boolean.TRUE) == null; t = t.getCause()) {
      if (s.length() > 0) {
        s.append(" | caused by ");
      }
      s.append(t.getClass().getName()).append(": ").append(t.getMessage());
    }
    return s.toString().replace('\n', ' ').replace('\r', ' ');
  }

  private static String firstLine(Throwable failure) {
    String message = String.valueOf(failure.getMessage());
    int nl = message.indexOf('\n');
    String line = nl < 0 ? message : message.substring(0, nl);
    return UriMasker.mask(line.length() > 300 ? line.substring(0, 300) + "..." : line);
  }
}

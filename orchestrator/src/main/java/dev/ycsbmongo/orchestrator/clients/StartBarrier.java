package dev.ycsbmongo.orchestrator.clients;

import java.io.BufferedReader;
import java.io.IOException;
import java.time.Instant;
import java.util.Optional;

/**
 * When a client starts measuring, so that all N clients of a cell start together.
 *
 * <p>{@code -p client.start=stdin} (the local backend): the client announces itself (its hello
 * frame), then waits for one line {@code start <epoch ms>} on its standard input; the orchestrator
 * writes it to every client once all have said hello, a moment ahead, so that N processes that
 * took different times to start their JVMs begin at one instant. {@code -p client.start=<epoch ms>}
 * (Kubernetes, where the orchestrator cannot write to a pod): the instant is fixed when the Job is
 * created; a client that is ready later starts at once, and the cell's start skew shows it. Without
 * the property a client starts at once (a single client run by hand).
 */
public final class StartBarrier {

  public static final String PROPERTY = "client.start";
  public static final String STDIN = "stdin";
  static final String LINE_PREFIX = "start ";

  private final boolean fromStdin;
  private final Optional<Instant> at;

  private StartBarrier(boolean fromStdin, Optional<Instant> at) {
    this.fromStdin = fromStdin;
    this.at = at;
  }

  /** Start at once. */
  public static StartBarrier none() {
    return new StartBarrier(false, Optional.empty());
  }

  /** Start at {@code instant} (or at once if it has passed). */
  public static StartBarrier at(Instant instant) {
    return new StartBarrier(false, Optional.of(instant));
  }

  /** Start at the instant the orchestrator writes on standard input. */
  public static StartBarrier fromStdin() {
    return new StartBarrier(true, Optional.empty());
  }

  /**
   * The barrier a {@code client.start} value names; {@code null} means {@link #none()}.
   *
   * @throws ClientArgumentException for anything but {@code stdin} or a whole number of ms since the epoch
   */
  public static StartBarrier parse(String value) throws ClientArgumentException {
    if (value == null) {
      return none();
    }
    String v = value.strip();
    if (v.equals(STDIN)) {
      return fromStdin();
    }
    try {
      long ms = Long.parseLong(v);
      if (ms < 0) {
        throw new NumberFormatException();
      }
      return at(Instant.ofEpochMilli(ms));
    } catch (NumberFormatException e) {
      throw new ClientArgumentException("-p " + PROPERTY + ": '" + value + "' is not accepted; accepted: " + STDIN
          + ", or an instant in ms since the epoch");
    }
  }

  /** The {@code -p} value that gives this barrier to a client ({@code none()} has none). */
  public Optional<String> propertyValue() {
    return fromStdin ? Optional.of(STDIN) : at.map(i -> Long.toString(i.toEpochMilli()));
  }

  /** The line the orchestrator writes to a {@code stdin} client to start it at {@code instant}. */
  public static String startLine(Instant instant) {
    return LINE_PREFIX + instant.toEpochMilli();
  }

  /**
   * Blocks until the start instant and returns it (now, for {@link #none()} or an instant passed).
   *
   * @param stdin the client's standard input (read only by a {@code stdin} barrier)
   * @throws ClientArgumentException when standard input ends or holds anything but a start line
   */
  public Instant await(BufferedReader stdin) throws IOException, InterruptedException, ClientArgumentException {
    Instant target;
    if (fromStdin) {
      String line = stdin.readLine();
      if (line == null) {
        throw new ClientArgumentException("standard input ended before the start line (the orchestrator went away);"
            + " accepted: one line '" + LINE_PREFIX + "<epoch ms>'");
      }
      String l = line.strip();
      long ms;
      try {
        ms = l.startsWith(LINE_PREFIX) ? Long.parseLong(l.substring(LINE_PREFIX.length()).strip()) : -1;
      } catch (NumberFormatException e) {
        ms = -1;
      }
      if (ms < 0) {
        throw new ClientArgumentException("standard input: '" + l + "' is not a start line; accepted: '" + LINE_PREFIX
            + "<epoch ms>'");
      }
      target = Instant.ofEpochMilli(ms);
    } else {
      target = at.orElse(null);
    }
    if (target == null) {
      return Instant.now();
    }
    long wait = target.toEpochMilli() - System.currentTimeMillis();
    if (wait > 0) {
      Thread.sleep(wait);
    }
    Instant now = Instant.now();
    return now.isAfter(target) ? now : target;
  }
}

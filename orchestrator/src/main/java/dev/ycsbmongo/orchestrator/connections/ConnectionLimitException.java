package dev.ycsbmongo.orchestrator.connections;

/**
 * A connection stress that cannot start: bad input (URI, source addresses) or an OS limit that
 * stands in the way of the count. The message is one line naming the limit, its current value and
 * the setting to change; nothing has been opened when it is thrown.
 */
public final class ConnectionLimitException extends Exception {

  private static final long serialVersionUID = 1L;

  public ConnectionLimitException(String message) {
    super(message);
  }
}

package dev.ycsbmongo.orchestrator.clients;

/**
 * A client's frames cannot be used: one line saying which client, where in the stream, and what
 * was wrong (damaged, missing, duplicated, out of order). Never carries a stack trace to the user.
 */
public final class FrameException extends Exception {

  private static final long serialVersionUID = 1L;

  public FrameException(String message) {
    super(message, null, false, false);
  }
}

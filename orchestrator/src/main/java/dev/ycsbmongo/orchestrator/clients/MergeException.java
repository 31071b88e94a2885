package dev.ycsbmongo.orchestrator.clients;

/** The clients' outputs cannot be merged into one cell (one line: which client and why). */
public final class MergeException extends Exception {

  private static final long serialVersionUID = 1L;

  public MergeException(String message) {
    super(message, null, false, false);
  }
}

package dev.ycsbmongo.orchestrator.results;

/** A phase's YCSB output is missing or unreadable; the message (one line) becomes the phase's failure cause. */
public final class YcsbOutputException extends Exception {

  private static final long serialVersionUID = 1L;

  public YcsbOutputException(String message) {
    super(message);
  }
}

package dev.ycsbmongo.orchestrator.plan;

/** A comparison that cannot be made (bad syntax, a BY or a value the run does not have): one line for the user. */
public final class CompareSpecException extends IllegalArgumentException {

  private static final long serialVersionUID = 1L;

  public CompareSpecException(String message) {
    super(message);
  }
}

package dev.ycsbmongo.orchestrator.cli;

/** Bad input found by a command (not by the plan loader): one line, exit status 2. */
final class BadInputException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  BadInputException(String message) {
    super(message);
  }
}

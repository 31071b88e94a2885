package dev.ycsbmongo.orchestrator.cli;

import java.util.function.Function;

/**
 * A {@code --uri} value that may name an environment variable ({@code env:NAME}) instead of holding the connection
 * string, so that a password stays out of the process list and shell history. One reading for every command that
 * takes one ({@code connections}, {@code init}, {@code run}/{@code validate}); each words its own error.
 */
final class EnvUri {

  static final String PREFIX = "env:";

  private EnvUri() {
  }

  /**
   * {@code given} itself, or the value of the variable it names. {@code option} is how the error names what was
   * given (e.g. {@code "init --uri env:X"}), {@code expected} what is accepted instead.
   */
  static String resolve(String given, Function<String, String> env, String option, String expected) {
    if (!given.startsWith(PREFIX)) {
      return given;
    }
    String name = given.substring(PREFIX.length());
    String value = name.isEmpty() ? null : env.apply(name);
    if (value == null || value.isBlank()) {
      throw new BadInputException(option + ": environment variable " + (name.isEmpty() ? "(no name)" : name)
          + " is not set; expected " + expected);
    }
    return value;
  }
}

package dev.ycsbmongo.orchestrator;

import dev.ycsbmongo.binding.UriMasker;

/** One-line messages from exception chains, for the one-line errors users see. */
public final class Causes {

  private Causes() {
  }

  /**
   * The message of the innermost cause (the driver wraps the useful one), on one line, with any
   * connection-string password masked: driver messages may quote the URI.
   */
  public static String rootMessage(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    String message = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    return UriMasker.mask(message.replace('\n', ' '));
  }
}

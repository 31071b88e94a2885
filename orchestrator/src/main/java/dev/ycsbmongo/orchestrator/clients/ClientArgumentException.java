package dev.ycsbmongo.orchestrator.clients;

/** A client's own arguments (its index, count, slice or start) are wrong: one line saying what, where and what is accepted. */
public final class ClientArgumentException extends Exception {

  private static final long serialVersionUID = 1L;

  public ClientArgumentException(String message) {
    super(message);
  }
}

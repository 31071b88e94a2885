package dev.ycsbmongo.binding;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import site.ycsb.DBException;

/**
 * A bad binding option: the message is one line naming the property, the value and what is
 * accepted. YCSB's client thread prints the stack trace of any {@code init} failure (twice, once
 * per stream, for every thread); this exception prints its one line instead, once per stream,
 * so a typo with {@code -threads 8000} reads as one clear line rather than 16,000 stack traces.
 */
public final class InvalidSettingException extends DBException {

  private static final long serialVersionUID = 1L;
  private static final Set<String> PRINTED = ConcurrentHashMap.newKeySet();

  public InvalidSettingException(String message) {
    super(UriMasker.mask(message));
  }

  @Override
  public synchronized Throwable fillInStackTrace() {
    return this;
  }

  @Override
  public void printStackTrace(PrintStream s) {
    if (firstTimeOn(s)) {
      s.println(line());
    }
  }

  @Override
  public void printStackTrace(PrintWriter s) {
    if (firstTimeOn(s)) {
      s.println(line());
    }
  }

  private boolean firstTimeOn(Object stream) {
    return PRINTED.add(System.identityHashCode(stream) + getMessage());
  }

  private String line() {
    return "mongodb binding: " + getMessage();
  }
}

package dev.ycsbmongo.it;

import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;

/**
 * Prints one {@code [skipped] Class.method: reason} line on the console for every test or class
 * that is disabled (a condition such as Testcontainers' "no Docker") or aborted (a failed
 * assumption), because failsafe's summary only counts them. Registered for the whole test JVM
 * through {@code META-INF/services/org.junit.platform.launcher.TestExecutionListener}.
 */
public final class SkipReasonPrinter implements TestExecutionListener {

  @Override
  public void executionSkipped(TestIdentifier test, String reason) {
    print(test, reason);
  }

  @Override
  public void executionFinished(TestIdentifier test, TestExecutionResult result) {
    if (result.getStatus() == TestExecutionResult.Status.ABORTED) {
      print(test, result.getThrowable().map(Throwable::getMessage).orElse(null));
    }
  }

  private static void print(TestIdentifier test, String reason) {
    String why = reason == null || reason.isBlank() ? "no reason given" : reason.strip();
    System.out.println("[skipped] " + name(test) + ": " + why);
  }

  /** {@code Class.method} for a method, the simple class name for a class, else JUnit's name. */
  static String name(TestIdentifier test) {
    return test.getSource().map(source -> {
      if (source instanceof MethodSource m) {
        return simple(m.getClassName()) + "." + m.getMethodName();
      }
      if (source instanceof ClassSource c) {
        return simple(c.getClassName());
      }
      return test.getDisplayName();
    }).orElse(test.getDisplayName());
  }

  private static String simple(String className) {
    return className.substring(className.lastIndexOf('.') + 1);
  }
}

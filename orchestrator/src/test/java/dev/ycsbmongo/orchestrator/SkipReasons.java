package dev.ycsbmongo.orchestrator;

import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;

/**
 * One {@code [skipped] test: reason} line on the console for every unit test skipped here (a failed
 * assumption: no /proc, a machine too busy to tell), since surefire only counts them. Registered for
 * the test JVM in {@code META-INF/services/org.junit.platform.launcher.TestExecutionListener}.
 */
public final class SkipReasons implements TestExecutionListener {

  @Override
  public void executionSkipped(TestIdentifier test, String reason) {
    System.out.println("[skipped] " + name(test) + ": " + reason);
  }

  @Override
  public void executionFinished(TestIdentifier test, TestExecutionResult result) {
    if (result.getStatus() == TestExecutionResult.Status.ABORTED) {
      System.out.println("[skipped] " + name(test) + ": "
          + result.getThrowable().map(Throwable::getMessage).orElse("no reason given"));
    }
  }

  private static String name(TestIdentifier test) {
    return test.getSource().filter(MethodSource.class::isInstance).map(MethodSource.class::cast)
        .map(m -> m.getJavaClass().getSimpleName() + "." + m.getMethodName()).orElse(test.getDisplayName());
  }
}

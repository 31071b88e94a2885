package dev.ycsbmongo.orchestrator.kubernetes;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Keeps fabric8's mock API server's per-request log lines (INFO, java.util.logging) out of a green
 * test log; the logger is held strongly so the level sticks. Declare
 * it before {@code @EnableKubernetesMockClient}, so that it runs before the server starts.
 */
public final class QuietMockServer implements BeforeAllCallback {

  private static final java.util.logging.Logger LOG = java.util.logging.Logger.getLogger("io.fabric8.mockwebserver");

  @Override
  public void beforeAll(ExtensionContext context) {
    LOG.setLevel(java.util.logging.Level.WARNING);
  }
}

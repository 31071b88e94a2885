package dev.ycsbmongo.it;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Finds YCSB 0.17.0's own MongoDB launcher ({@code ycsb.sh load|run mongodb ARGS}) for the
 * side-by-side tests: the {@value #PROPERTY} system property, else the {@value #ENV} environment
 * variable ({@code .ci/run} sets it where the CI machine has a copy).
 */
final class StockLauncher {

  static final String PROPERTY = "ycsb.stock.launcher";
  static final String ENV = "YCSB_STOCK_LAUNCHER";

  private StockLauncher() {
  }

  /** The launcher, or why there is none (to skip with). */
  static Found find() {
    String configured = System.getProperty(PROPERTY);
    String from = "-D" + PROPERTY;
    if (configured == null || configured.isBlank()) {
      configured = System.getenv(ENV);
      from = ENV;
    }
    if (configured == null || configured.isBlank()) {
      return new Found(Optional.empty(), "no YCSB 0.17.0 MongoDB launcher given: set " + ENV + " or -D" + PROPERTY
          + " to its ycsb.sh");
    }
    Path launcher = Path.of(configured.trim()).toAbsolutePath().normalize();
    if (!Files.isRegularFile(launcher) || !Files.isExecutable(launcher)) {
      return new Found(Optional.empty(), "no YCSB 0.17.0 MongoDB launcher: " + launcher + " (from " + from
          + ") is not an executable file; set " + ENV + " or -D" + PROPERTY + " to its ycsb.sh");
    }
    return new Found(Optional.of(launcher), "YCSB 0.17.0 launcher " + launcher + " (from " + from + ")");
  }

  record Found(Optional<Path> launcher, String description) {
  }
}

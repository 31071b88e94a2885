package dev.ycsbmongo.it;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Finds YCSB 0.17.0's own MongoDB launcher ({@code ycsb.sh load|run mongodb ARGS}) for the
 * side-by-side tests: the {@value #PROPERTY} system property, else the {@value #ENV} environment
 * variable, else {@code <project root>/../shared/baselines/ycsb-0.17.0-mongodb/ycsb.sh}, where CI
 * keeps one beside its clone.
 */
final class StockLauncher {

  static final String PROPERTY = "ycsb.stock.launcher";
  static final String ENV = "YCSB_STOCK_LAUNCHER";
  static final String DEFAULT = "../shared/baselines/ycsb-0.17.0-mongodb/ycsb.sh";

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
    Path launcher;
    if (configured == null || configured.isBlank()) {
      launcher = ProjectRoot.find().resolve(DEFAULT).normalize();
      from = "the default place";
    } else {
      launcher = Path.of(configured.trim()).toAbsolutePath().normalize();
    }
    if (!Files.isRegularFile(launcher) || !Files.isExecutable(launcher)) {
      return new Found(Optional.empty(), "no YCSB 0.17.0 MongoDB launcher: " + launcher + " (from " + from
          + ") is not an executable file; set " + ENV + " or -D" + PROPERTY + " to its ycsb.sh");
    }
    return new Found(Optional.of(launcher), "YCSB 0.17.0 launcher " + launcher + " (from " + from + ")");
  }

  record Found(Optional<Path> launcher, String description) {
  }
}

package dev.ycsbmongo.it;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/** The project's root directory: the parent of the integration-tests module. */
final class ProjectRoot {

  private ProjectRoot() {
  }

  /**
   * From the {@code ycsbmongo.root} system property (set by the integration-tests pom), else the
   * nearest directory at or above the working directory that holds {@code integration-tests/pom.xml}.
   */
  static Path find() {
    String configured = System.getProperty("ycsbmongo.root");
    if (configured != null && !configured.isBlank()) {
      Path root = Paths.get(configured).toAbsolutePath().normalize();
      if (Files.isRegularFile(root.resolve("integration-tests/pom.xml"))) {
        return root;
      }
    }
    for (Path dir = Paths.get("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.isRegularFile(dir.resolve("integration-tests/pom.xml"))) {
        return dir;
      }
    }
    throw new IllegalStateException("cannot find the project root (a directory with integration-tests/pom.xml) from "
        + Paths.get("").toAbsolutePath() + "; set -Dycsbmongo.root");
  }
}

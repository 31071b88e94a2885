package dev.ycsbmongo.orchestrator.plan;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The project's {@code workloads/} directory, where a plan's workload path is looked up when it is not found
 * beside the plan: a plan copied out of {@code workloads/plans/} keeps its {@code ../rw-95-5}. Found from where
 * the orchestrator's classes are ({@code orchestrator/target/...} in a built project), or from the system
 * property {@value #PROPERTY}.
 */
public final class ProjectWorkloads {

  /** A directory to use instead of the one found beside the classes (tests, unusual installs). */
  public static final String PROPERTY = "ycsbmongo.workloads";

  private static final Optional<Path> FOUND = find();

  private ProjectWorkloads() {
  }

  /** The project's {@code workloads/} directory, when there is one. */
  public static Optional<Path> directory() {
    String configured = System.getProperty(PROPERTY);
    if (configured != null && !configured.isBlank()) {
      Path dir = Path.of(configured).toAbsolutePath().normalize();
      return Files.isDirectory(dir) ? Optional.of(dir) : Optional.empty();
    }
    return FOUND;
  }

  private static Optional<Path> find() {
    Path start;
    try {
      var source = ProjectWorkloads.class.getProtectionDomain().getCodeSource();
      if (source == null) {
        return Optional.empty();
      }
      start = Path.of(source.getLocation().toURI()).toAbsolutePath();
    } catch (URISyntaxException | RuntimeException e) {
      return Optional.empty();  // an unusual class loader: only the plan's own directory is searched
    }
    for (Path dir = start; dir != null; dir = dir.getParent()) {
      Path workloads = dir.resolve("workloads");
      if (Files.isDirectory(workloads.resolve("plans"))) {
        return Optional.of(workloads.normalize());
      }
    }
    return Optional.empty();
  }
}

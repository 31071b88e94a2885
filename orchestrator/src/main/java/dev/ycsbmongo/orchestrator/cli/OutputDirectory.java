package dev.ycsbmongo.orchestrator.cli;

import dev.ycsbmongo.orchestrator.results.RunDirectory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.Locale;
import java.util.Optional;

/** Creates a new run's directory under {@code --output-dir}; one that cannot be is bad input, said in one line. */
final class OutputDirectory {

  private OutputDirectory() {
  }

  static RunDirectory create(Path root, String planName) {
    try {
      return RunDirectory.create(root, planName, LocalDateTime.now());
    } catch (UncheckedIOException e) {
      throw new BadInputException("--output-dir " + root + ": cannot create the run directory: " + reason(e.getCause())
          + "; give a directory you can write to");
    }
  }

  /** What the system said, as a person reads it: {@code permission denied (/srv/results)}. */
  static String reason(IOException e) {
    String file = e instanceof FileSystemException f && f.getFile() != null ? f.getFile() : null;
    String why;
    if (e instanceof AccessDeniedException) {
      why = "permission denied";
    } else if (e instanceof FileAlreadyExistsException) {
      why = "not a directory";  // a file stands where a directory is needed
    } else if (e instanceof NoSuchFileException && file != null
        && Files.isDirectory(Path.of(file).toAbsolutePath().getParent())) {
      why = "the file system does not allow creating directories there";  // /proc, /sys: mkdir says ENOENT
    } else if (e instanceof FileSystemException f && f.getReason() != null) {
      why = f.getReason().toLowerCase(Locale.ROOT);  // read-only file system, not a directory, no space left...
    } else {
      why = String.valueOf(e.getMessage());
    }
    if (why.equals("not a directory") && file != null) {
      file = blocking(Path.of(file)).map(Path::toString).orElse(file);
      return why + " (" + file + " is a file)";
    }
    return file == null ? why : why + " (" + file + ")";
  }

  /** The file that stands where a directory of {@code path} should be: what the user must move. */
  private static Optional<Path> blocking(Path path) {
    for (Path p = path.toAbsolutePath(); p != null; p = p.getParent()) {
      if (Files.exists(p) && !Files.isDirectory(p)) {
        return Optional.of(p);
      }
    }
    return Optional.empty();
  }
}

package dev.ycsbmongo.orchestrator.cli;

import dev.ycsbmongo.orchestrator.exec.RunLock;
import dev.ycsbmongo.orchestrator.results.RunDirectory;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;

/** The commands' side of {@link RunLock}: a held directory is bad input (exit 2), a taken-over lock a note. */
final class RunLocks {

  private RunLocks() {
  }

  /** @param shownAs the directory as the user named it (or as the run printed it) */
  static RunLock take(RunDirectory dir, Path shownAs, String command, PrintWriter err) throws IOException {
    try {
      return RunLock.acquire(dir.path(), shownAs.toString(), command, note -> {
        err.println("orchestrator: note: " + note);
        err.flush();
      });
    } catch (RunLock.InUseException e) {
      throw new BadInputException(e.getMessage());
    }
  }
}

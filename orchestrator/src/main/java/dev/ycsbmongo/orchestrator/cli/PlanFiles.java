package dev.ycsbmongo.orchestrator.cli;

import dev.ycsbmongo.orchestrator.plan.PlanText;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads plan files, turning a missing or unreadable file into one line of bad input; a file over the plan size
 * limit is refused while it is read ({@link PlanText}).
 */
final class PlanFiles {

  private PlanFiles() {
  }

  static String read(Path file) {
    if (!Files.isRegularFile(file)) {
      throw new BadInputException(file + ": no such plan file (expected a YAML or JSON plan; examples in workloads/plans/)");
    }
    try {
      return PlanText.read(file);
    } catch (CharacterCodingException e) {
      throw new BadInputException(file + ": not a UTF-8 text file; expected a YAML or JSON plan");
    } catch (IOException e) {
      throw new BadInputException(file + ": cannot read the plan file: " + e.getMessage());
    }
  }
}

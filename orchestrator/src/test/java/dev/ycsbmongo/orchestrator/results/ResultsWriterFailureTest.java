package dev.ycsbmongo.orchestrator.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.OutputFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A record that cannot be appended (the channel fails, as on a full disk) is one line: file, space, --resume. */
class ResultsWriterFailureTest {

  @Test
  void aFailedAppendNamesTheFileTheFreeSpaceThePhaseAndResume(@TempDir Path dir) throws IOException {
    PhaseResult first = ResultFixtures.load(1, "aws-medium", ResultFixtures.MONGO);
    PhaseResult second = ResultFixtures.run(2, "aws-medium", "rw-50-50", 8, 1, 300, 500, 100_000, 100_000,
        ResultFixtures.MONGO);
    ResultsWriter w = ResultsWriter.open(dir);
    w.append(first);
    w.close();  // its channel now fails every write with an IOException, as a full disk fails it
    OutputFiles.WriteFailed e = assertThrows(OutputFiles.WriteFailed.class, () -> w.append(second));
    String m = e.getMessage();
    assertTrue(m.startsWith("cannot write " + dir.resolve(ResultsWriter.FILE).toAbsolutePath() + ": "), m);
    assertTrue(m.matches(".*\\(\\d+(\\.\\d)? (bytes|KiB|MiB|GiB|TiB|PiB) free on its file system\\); the records before"
        + " it are kept; the record of " + java.util.regex.Pattern.quote(second.phaseId()) + " is not: make room,"
        + " then `orchestrator run --resume .*` runs that phase again"), m);
    assertEquals(1, ResultsReader.read(dir).results().size(), "the record before is intact");
  }
}

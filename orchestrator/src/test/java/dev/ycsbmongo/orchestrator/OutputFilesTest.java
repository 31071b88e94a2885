package dev.ycsbmongo.orchestrator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OutputFilesTest {

  /** The file system of a disk that fills up after {@code room} bytes of the temporary file. */
  private static OutputFiles.Opener diskFullAfter(int room) {
    return temp -> {
      OutputStream real = Files.newOutputStream(temp, StandardOpenOption.CREATE_NEW);
      return new OutputStream() {
        private int written;

        @Override
        public void write(int b) throws IOException {
          if (written++ >= room) {
            throw new IOException("No space left on device");
          }
          real.write(b);
        }

        @Override
        public void close() throws IOException {
          real.close();
        }
      };
    };
  }

  private static List<String> names(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void replacesTheWholeFile(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("summary.csv");
    Files.writeString(file, "an earlier, longer summary\n");
    OutputFiles.writeString(file, "new\n");
    assertEquals("new\n", Files.readString(file));
    assertEquals(List.of("summary.csv"), names(dir), "nothing left beside it");
  }

  @Test
  void aFullDiskKeepsTheEarlierFileAndSaysWhichFileAndHowMuchSpace(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("summary.csv");
    Files.writeString(file, "scenario,throughput\nrw,1000\n");
    OutputFiles.WriteFailed e = assertThrows(OutputFiles.WriteFailed.class,
        () -> OutputFiles.write(file, "scenario,throughput\nrw,2000\nrw,3000\n".getBytes(), diskFullAfter(10)));
    assertEquals("scenario,throughput\nrw,1000\n", Files.readString(file), "the earlier summary is intact");
    assertEquals(List.of("summary.csv"), names(dir), "the half-written temporary file is removed");
    String m = e.getMessage();
    assertTrue(m.startsWith("cannot write " + file.toAbsolutePath() + ": No space left on device ("), m);
    assertTrue(m.matches(".*\\(\\d+(\\.\\d)? (bytes|KiB|MiB|GiB|TiB|PiB) free on its file system\\); its earlier"
        + " content is kept"), m);
    assertFalse(m.contains("\n"), m);
    assertEquals(m + "; run report again", e.advising("run report again").getMessage());
  }

  @Test
  void aFileNeverWrittenBeforeIsAbsentRatherThanCut(@TempDir Path dir) {
    Path file = dir.resolve("report.html");
    OutputFiles.WriteFailed e = assertThrows(OutputFiles.WriteFailed.class,
        () -> OutputFiles.write(file, new byte[4096], diskFullAfter(100)));
    assertFalse(Files.exists(file));
    assertTrue(e.getMessage().endsWith("; it was not written"), e.getMessage());
  }

  @Test
  void aDirectoryThatCannotBeWrittenIsOneLineToo(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("summary.md");
    Files.writeString(file, "# earlier\n");
    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("r-xr-xr-x"));
    try {
      if (Files.isWritable(dir)) {
        return;  // root ignores permissions: nothing to see here
      }
      OutputFiles.WriteFailed e = assertThrows(OutputFiles.WriteFailed.class,
          () -> OutputFiles.writeString(file, "# new\n"));
      assertTrue(e.getMessage().startsWith("cannot write " + file.toAbsolutePath() + ": permission denied ("),
          e.getMessage());
      assertEquals("# earlier\n", Files.readString(file));
    } finally {
      Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
  }

  @Test
  void removesWhatAKilledWriterLeftAndNothingElse(@TempDir Path dir) throws IOException {
    Files.writeString(dir.resolve(".writing-3k9x2.tmp"), "half a summ");
    Files.writeString(dir.resolve("summary.csv"), "whole\n");
    Files.writeString(dir.resolve("notes.tmp"), "someone's own file\n");
    assertEquals(1, OutputFiles.removeLeftovers(dir));
    assertEquals(List.of("notes.tmp", "summary.csv"), names(dir));
  }

  @Test
  void namesSizesAsPeopleRead() {
    assertEquals("0 bytes", OutputFiles.bytes(0));
    assertEquals("1.5 KiB", OutputFiles.bytes(1536));
    assertEquals("12.3 GiB", OutputFiles.bytes((long) (12.3 * (1L << 30))));
  }
}

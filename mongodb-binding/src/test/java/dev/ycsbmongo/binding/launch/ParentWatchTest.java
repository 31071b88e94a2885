package dev.ycsbmongo.binding.launch;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ParentWatchTest {

  private static final Duration POLL = Duration.ofMillis(100);

  @Test
  void noticesTheParentsEndAndDeletesItsConnectionDirectory(@TempDir Path tmp) throws Exception {
    Path dir = Files.createDirectory(tmp.resolve(ParentWatch.TEMP_PREFIX + "4242-abc"));
    Files.writeString(dir.resolve("connection.properties"), "mongodb.url=mongodb://u:p@h/db\n");
    Process parent = new ProcessBuilder("sleep", "60").start();
    CountDownLatch gone = new CountDownLatch(1);
    ParentWatch.watch(Optional.of(parent.toHandle()), dir, POLL, gone::countDown);
    assertFalse(gone.await(500, TimeUnit.MILLISECONDS), "the parent still runs");
    assertTrue(Files.exists(dir));
    parent.destroyForcibly().waitFor();
    assertTrue(gone.await(5, TimeUnit.SECONDS), "the end of the parent was not noticed");
    assertFalse(Files.exists(dir));
  }

  @Test
  void aParentGoneBeforeTheWatchStartedIsNoticedAtOnce() throws Exception {
    CountDownLatch gone = new CountDownLatch(1);
    ParentWatch.watch(Optional.empty(), null, POLL, gone::countDown);
    assertTrue(gone.await(2, TimeUnit.SECONDS));
  }

  @Test
  void deletesOnlyADirectoryNamedAsTheOrchestratorNamesItsOwn(@TempDir Path tmp) throws Exception {
    Path other = Files.createDirectory(tmp.resolve("results"));
    Files.writeString(other.resolve("keep.txt"), "x");
    ParentWatch.deleteTempDir(other);
    assertTrue(Files.exists(other.resolve("keep.txt")));
  }
}

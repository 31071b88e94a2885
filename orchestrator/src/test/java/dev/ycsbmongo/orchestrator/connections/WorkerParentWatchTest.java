package dev.ycsbmongo.orchestrator.connections;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.binding.launch.ParentWatch;
import dev.ycsbmongo.orchestrator.process.ChildJvm;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A worker JVM ends by itself when the process that started it is gone, even with its stdin still open. */
class WorkerParentWatchTest {

  @Test
  void namesTheOrchestratorAsTheParentOfEveryWorker() {
    List<String> command = WorkerProcess.command(ChildJvm.current());
    assertTrue(command.contains(ChildJvm.parentPidOption()), command.toString());
  }

  @Test
  void aWorkerWhoseParentIsKilledEndsWithinSeconds() throws Exception {
    Process parent = new ProcessBuilder("sleep", "60").start();
    List<String> command = new ArrayList<>(WorkerProcess.command(ChildJvm.current()));
    command.replaceAll(a -> a.equals(ChildJvm.parentPidOption()) ? "-D" + ParentWatch.PARENT_PID + "=" + parent.pid() : a);
    // stdin stays an open pipe nobody writes: only the watch can end this worker
    Process worker = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    try {
      assertFalse(worker.waitFor(1500, TimeUnit.MILLISECONDS), "the worker waits for its assignment");
      parent.destroyForcibly().waitFor();
      assertTrue(worker.waitFor(5, TimeUnit.SECONDS), "the worker outlived its parent");
      assertEquals(ParentWatch.PARENT_GONE, worker.exitValue());
    } finally {
      worker.destroyForcibly();
      parent.destroyForcibly();
    }
  }
}

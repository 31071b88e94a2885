package dev.ycsbmongo.orchestrator.exec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * A stand-in for the children's {@code java}: a shell script that runs loads with the real java (so a plan's data is
 * there) and stands in for every other child with {@code behaviour}, a shell fragment (hang, freeze, fail to start
 * threads). Its last command should {@code exec}, so that ending the script ends the child with no orphan left.
 */
public final class FakeChildJava {

  /** Ignores SIGTERM and freezes itself (SIGSTOP): a child that neither ends at its bound nor answers a signal. */
  public static final String FROZEN = "trap '' TERM\nkill -STOP $$\nexec sleep 600";
  /** Says what a JVM out of threads says, then hangs ignoring SIGTERM, as YCSB does once its main thread died. */
  public static final String OUT_OF_THREADS = "echo 'Exception in thread \"main\" java.lang.OutOfMemoryError: unable"
      + " to create native thread: possibly out of memory or process/resource limits reached' >&2\n"
      + "trap '' TERM\nexec sleep 600";

  private FakeChildJava() {
  }

  /** Writes the script into {@code dir}; its path is the children's java. */
  public static Path write(Path dir, String behaviour) throws IOException {
    String real = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Path script = dir.resolve("fake-java");
    Files.writeString(script, "#!/bin/sh\ncase \" $* \" in\n  *\" -load \"*) exec '" + real + "' \"$@\" ;;\nesac\n"
        + behaviour + "\n");
    Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
    return script;
  }
}

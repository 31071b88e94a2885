package dev.ycsbmongo.orchestrator.process;

import dev.ycsbmongo.binding.launch.ParentWatch;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The java command of the child YCSB processes, with the defaults {@code scripts/ycsb} uses
 * (measured in BENCHMARKS.md): 1 GB heap, 512 KB stacks and Parallel GC; from
 * {@value #MANY_THREADS} threads on, 256 KB stacks and Serial GC so thousands of threads fit.
 *
 * @param classPath the class path holding the binding and YCSB
 */
public record ChildJvm(Path java, String classPath, List<String> extraOptions) {

  static final int MANY_THREADS = 1000;
  /** Overrides the class path of the children (tests, unusual layouts). */
  public static final String CLASS_PATH_PROPERTY = "ycsbmongo.child.classpath";
  /** Overrides the java command of the children (tests standing in a child that hangs or fails). */
  public static final String JAVA_PROPERTY = "ycsbmongo.child.java";
  /**
   * The class data sharing archive {@code scripts/orchestrator} started this JVM with (for this
   * class path, built at {@code mvn package}): the children start with it too, about 0.4 s less
   * CPU each (BENCHMARKS.md). Unset (tests, embedding): children start without one.
   */
  public static final String SHARED_ARCHIVE_PROPERTY = "ycsbmongo.child.sharedArchive";

  public ChildJvm {
    extraOptions = List.copyOf(extraOptions);
  }

  /** The JVM running the orchestrator, and its class path (the launcher puts the binding on it). */
  public static ChildJvm current() {
    String java = System.getProperty(JAVA_PROPERTY);
    return new ChildJvm(java != null ? Path.of(java) : Path.of(System.getProperty("java.home"), "bin", "java"),
        System.getProperty(CLASS_PATH_PROPERTY, System.getProperty("java.class.path")),
        sharedArchiveOptions(System.getProperty(SHARED_ARCHIVE_PROPERTY)));
  }

  /**
   * The options that start a child with {@code archive}, none when it is unset or missing. java
   * itself refuses an archive dumped for another class path or JDK and starts without it; the
   * logging option keeps that refusal out of the child's output, which the orchestrator parses.
   */
  static List<String> sharedArchiveOptions(String archive) {
    if (archive == null || archive.isBlank() || !Files.isRegularFile(Path.of(archive))) {
      return List.of();
    }
    return List.of("-XX:SharedArchiveFile=" + archive, "-Xlog:cds=off");
  }

  /**
   * {@code -Dycsbmongo.parentPid=<this process>}: every child (YCSB, connection workers) watches this PID
   * and ends when this process does, whatever signal ended it ({@link ParentWatch}).
   */
  public static String parentPidOption() {
    return "-D" + ParentWatch.PARENT_PID + "=" + ProcessHandle.current().pid();
  }

  public List<String> command(int threads) {
    List<String> c = new ArrayList<>();
    c.add(java.toString());
    c.add("-Xmx1g");
    if (threads >= MANY_THREADS) {
      c.add("-Xss256k");
      c.add("-XX:+UseSerialGC");
    } else {
      c.add("-Xss512k");
      c.add("-XX:+UseParallelGC");
    }
    c.addAll(extraOptions);
    c.add(parentPidOption());
    c.add("-cp");
    c.add(classPath);
    return c;
  }
}

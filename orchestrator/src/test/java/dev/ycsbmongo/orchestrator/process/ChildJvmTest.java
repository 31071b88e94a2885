package dev.ycsbmongo.orchestrator.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChildJvmTest {

  @TempDir
  Path dir;

  @Test
  void childrenStartWithTheLaunchersSharedArchiveBeforeTheClassPath() throws Exception {
    Path archive = Files.createFile(dir.resolve("orchestrator.jsa"));
    ChildJvm jvm = new ChildJvm(Path.of("/jdk/bin/java"), "/cp/*", ChildJvm.sharedArchiveOptions(archive.toString()));

    List<String> argv = jvm.command(8);

    int cp = argv.indexOf("-cp");
    assertTrue(argv.subList(0, cp).containsAll(List.of("-XX:SharedArchiveFile=" + archive, "-Xlog:cds=off")),
        argv.toString());
    assertEquals("/cp/*", argv.get(cp + 1));
  }

  @Test
  void noArchiveOptionsWhenUnsetBlankOrMissing() {
    assertEquals(List.of(), ChildJvm.sharedArchiveOptions(null));
    assertEquals(List.of(), ChildJvm.sharedArchiveOptions(" "));
    // a rebuilt tree without the archive (mvn clean, a failed dump): start as without one
    assertEquals(List.of(), ChildJvm.sharedArchiveOptions(dir.resolve("missing.jsa").toString()));
    assertEquals(List.of(), ChildJvm.sharedArchiveOptions(dir.toString()));
  }
}

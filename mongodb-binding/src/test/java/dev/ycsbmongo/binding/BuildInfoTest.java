package dev.ycsbmongo.binding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class BuildInfoTest {

  @Test
  void theBuildWroteTheVersionAndInACloneTheCommit() {
    BuildInfo b = BuildInfo.current();
    assertFalse(b.version().equals(BuildInfo.UNKNOWN), "build.properties was not written by the build: " + b);
    if (Files.exists(Path.of("..", ".git"))) {  // a clone or worktree: git names the commit
      assertTrue(b.commit().matches("[0-9a-f]{40}"), b.toString());
    }
  }

  @Test
  void describesAShortCommitAndLocalChanges() {
    Properties p = new Properties();
    p.setProperty("version", "1.2.3");
    p.setProperty("commit", "0123456789abcdef0123456789abcdef01234567");
    p.setProperty("modified", "true");
    assertEquals("1.2.3, commit 0123456789ab with local changes", BuildInfo.of(p).describe());
    assertEquals("unknown, commit unknown", BuildInfo.of(new Properties()).describe());
  }
}

package dev.ycsbmongo.orchestrator;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The directories of a process's cgroup under a mount, innermost first. A limit set on a parent group
 * (pids.max, cpu.max) holds for its children, so every level counts, not only the process's own. In a
 * container /proc/self/cgroup may name the host's path while the mount is the container's own group:
 * levels that do not exist are the reader's to skip, and the mount itself is always among them.
 */
public final class CgroupPaths {

  private CgroupPaths() {
  }

  /** {@code mount/path}, then each parent up to {@code mount}; a path that would leave the mount is read as the mount. */
  public static List<String> levels(String mount, String path) {
    List<String> into = new ArrayList<>();
    Path base = Path.of(mount);
    Path p = base.resolve(path.replaceFirst("^/+", "")).normalize();
    if (!p.startsWith(base)) {
      p = base;
    }
    for (; p != null && p.startsWith(base); p = p.getParent()) {
      into.add(p.toString());
    }
    return into;
  }
}

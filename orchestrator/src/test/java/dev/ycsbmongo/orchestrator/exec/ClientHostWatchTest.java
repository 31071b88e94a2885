package dev.ycsbmongo.orchestrator.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ycsbmongo.orchestrator.host.ProcHost;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The target's listening process is looked for once per port, not before every cell. */
class ClientHostWatchTest {

  /** Above any kernel's pid_max: never a live process. */
  private static final long GONE = 999_999_999L;

  @TempDir
  Path root;

  /** A stand-in /proc where {@code pid} listens on {@code port} on 127.0.0.1 (socket inode 4242). */
  private void listening(int port, long pid) throws Exception {
    Files.createDirectories(root.resolve("proc/net"));
    Files.writeString(root.resolve("proc/net/tcp"), "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when"
        + " retrnsmt   uid  timeout inode\n" + String.format(Locale.ROOT, "   0: 0100007F:%04X 00000000:0000 0A"
        + " 00000000:00000000 00:00000000 00000000  1000        0 4242 1 0 100 0 0 10 0\n", port));
    Files.writeString(root.resolve("proc/net/tcp6"), "  sl  local_address remote_address st\n");
    Path fd = Files.createDirectories(root.resolve("proc/" + pid + "/fd"));
    Files.createSymbolicLink(fd.resolve("7"), Path.of("socket:[4242]"));
  }

  @Test
  void aListenerFoundIsRememberedWhileItLives() throws Exception {
    long me = ProcessHandle.current().pid();
    ProcHost host = new ProcHost(root, me);
    listening(47_017, me);
    assertEquals(Optional.of(me), ClientHostWatch.listener(host, 47_017));

    Files.delete(root.resolve("proc/" + me + "/fd/7"));
    assertEquals(Optional.empty(), host.listener(47_017), "a scan now finds nobody");
    assertEquals(Optional.of(me), ClientHostWatch.listener(host, 47_017), "remembered: not scanned again");
  }

  @Test
  void aRememberedListenerThatEndedIsLookedForAgain() throws Exception {
    long me = ProcessHandle.current().pid();
    ProcHost host = new ProcHost(root, me);
    listening(47_018, GONE);
    assertEquals(Optional.of(GONE), ClientHostWatch.listener(host, 47_018));

    Files.delete(root.resolve("proc/" + GONE + "/fd/7"));
    Path fd = Files.createDirectories(root.resolve("proc/" + me + "/fd"));
    Files.createSymbolicLink(fd.resolve("7"), Path.of("socket:[4242]"));  // a restarted server
    assertEquals(Optional.of(me), ClientHostWatch.listener(host, 47_018));
  }

  @Test
  void aPortNobodyListensOnIsNotRemembered() throws Exception {
    long me = ProcessHandle.current().pid();
    ProcHost host = new ProcHost(root, me);
    Files.createDirectories(root.resolve("proc/net"));
    Files.writeString(root.resolve("proc/net/tcp"), "  sl  local_address rem_address   st\n");
    assertEquals(Optional.empty(), ClientHostWatch.listener(host, 47_019));

    listening(47_019, me);  // the server started later
    assertEquals(Optional.of(me), ClientHostWatch.listener(host, 47_019));
  }
}

package dev.ycsbmongo.orchestrator.process;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class ShellWordsTest {

  @Test
  void quotesOnlyWordsTheShellWouldSplitOrExpand() {
    assertEquals("scripts/ycsb run -p recordcount=10 -p 'x=a b' -p 'q=it'\\''s' -p 'v=$HOME'",
        ShellWords.join(List.of("scripts/ycsb", "run", "-p", "recordcount=10", "-p", "x=a b", "-p", "q=it's",
            "-p", "v=$HOME")));
  }
}

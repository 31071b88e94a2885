package dev.ycsbmongo.orchestrator.report.compare;

import dev.ycsbmongo.orchestrator.plan.CompareSpec;
import dev.ycsbmongo.orchestrator.plan.CompareSpecException;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** --compare BY=A,B: syntax, and one-line errors that list what the run accepts. */
class CompareSpecTest {

  private static String error(Runnable r) {
    String m = assertThrows(CompareSpecException.class, r::run).getMessage();
    assertEquals(1, m.lines().count(), m);
    return m;
  }

  @Test
  void parsesByAndTwoValues() {
    assertEquals(new CompareSpec("server.chainingAllowed", "true", "false"), CompareSpec.parse("server.chainingAllowed=true,false"));
    assertEquals(new CompareSpec("storage", "local SSD", "cloud"), CompareSpec.parse(" storage = local SSD , cloud "));
    assertEquals("threadcount=1,2", CompareSpec.parse("threadcount=1,2").toString());
  }

  @Test
  void rejectsTextThatIsNotByEqualsTwoValues() {
    for (String bad : List.of("threadcount", "threadcount=1", "=1,2", "threadcount=,2", "threadcount=1,")) {
      assertEquals("'" + bad + "': expected BY=A,B (e.g. server.chainingAllowed=true,false or storage=ssd,cloud)",
          error(() -> CompareSpec.parse(bad)), bad);
    }
    assertEquals("threadcount=1,1: A and B are the same value", error(() -> CompareSpec.parse("threadcount=1,1")));
  }

  @Test
  void rejectsAnUnknownByWithTheClosestAndAllItCanBe() {
    String m = error(() -> Comparison.of(CompareFixtures.chainingStudy(), CompareSpec.parse("storge=SSD,HDD")));
    assertEquals("BY 'storge' is not a coordinate, a target label or target of this run; did you mean "
        + "'storage'? BY can be: threadcount, server.chainingAllowed, cores, storage, target", m);
    assertTrue(error(() -> Comparison.of(CompareFixtures.chainingStudy(), CompareSpec.parse("chainingAllowed=true,false")))
        .contains("did you mean 'server.chainingAllowed'?"));
  }

  @Test
  void acceptsThreadsAsSummaryMdHeadsThreadcount() {
    Comparison c = Comparison.of(CompareFixtures.chainingStudy(), CompareSpec.parse("threads=8,16"));
    assertEquals(2, c.pairs().size());
    assertTrue(c.pairs().stream().noneMatch(p -> p.cell().containsKey("threadcount")), "threadcount is BY");
  }

  @Test
  void rejectsAValueByDoesNotTakeWithTheValuesItTakes() {
    String m = error(() -> Comparison.of(CompareFixtures.chainingStudy(), CompareSpec.parse("server.chainingAllowed=true,flase")));
    assertEquals("server.chainingAllowed has no value 'flase' in the compared cells; did you mean 'false'? "
        + "server.chainingAllowed takes: true, false", m);
    assertEquals("target has no value 'gcp' in the compared cells; target takes: aws-medium, aws-large",
        error(() -> Comparison.of(CompareFixtures.chainingStudy(), CompareSpec.parse("target=aws-medium,gcp"))));
  }

  @Test
  void rejectsComparingRunsWithinOneRun() {
    assertEquals("run=...: comparing runs needs a second run directory (--against RUN_DIR_B)",
        error(() -> Comparison.of(CompareFixtures.chainingStudy(), CompareSpec.parse("run=a,b"))));
  }

  @Test
  void makesSafeFileNames() {
    assertEquals("comparison-server.chainingAllowed-true-vs-false", CompareSpec.parse("server.chainingAllowed=true,false").fileBase());
    assertEquals("comparison-storage-local_SSD-vs-_._etc", CompareSpec.parse("storage=local SSD,../etc").fileBase());
  }
}

package dev.ycsbmongo.orchestrator.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ConsolePromptTest {

  private final StringWriter shown = new StringWriter();

  private ConsolePrompt prompt(String input) {
    return new ConsolePrompt(new PrintWriter(shown), new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void enterConfirmsNoDeclinesClosedInputDeclines() {
    ConsolePrompt p = prompt("\nno\n");
    assertTrue(p.confirm("set it"));
    assertFalse(p.confirm("set it again"));
    assertFalse(p.confirm("and again"), "input closed: nobody to answer");
    assertTrue(shown.toString().contains("orchestrator: ACTION NEEDED: set it (Enter when done, 'no' to fail this"
        + " cell)"), shown.toString());
  }
}

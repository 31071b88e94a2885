package dev.ycsbmongo.orchestrator.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** Runs the command line in this JVM, as the tests do: exit status and what went to stdout and stderr. */
record InProcessCli(int exit, String out, String err) {

  static InProcessCli run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cl = Main.commandLine();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    int exit = cl.execute(args);
    return new InProcessCli(exit, out.toString(), err.toString());
  }
}

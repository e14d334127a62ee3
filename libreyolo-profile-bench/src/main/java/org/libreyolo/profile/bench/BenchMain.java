package org.libreyolo.profile.bench;

import java.io.PrintWriter;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.Option;
import picocli.CommandLine;

/**
 * Entry point of {@code ./libreyolo bench}: the launcher runs it with the bench module on the CLI's
 * classpath, so the product's jars carry no benchmark. Errors are one line, as the CLI's.
 */
public final class BenchMain {
  private BenchMain() {}

  public static void main(String[] args) {
    PrintWriter err = new PrintWriter(System.err, true);
    CommandLine cmd = new CommandLine(new BenchCommand());
    cmd.setOut(new PrintWriter(System.out, true));
    cmd.setErr(err);
    cmd.setExecutionExceptionHandler(
        (ex, line, parsed) -> {
          if (ex instanceof LibreYoloException e) {
            err.println(e.message(Option.Surface.CLI));
            return e.kind().exitCode();
          }
          err.println("error: " + ex.getClass().getSimpleName() + ": " + ex.getMessage());
          return 1;
        });
    cmd.setParameterExceptionHandler(
        (ex, params) -> {
          err.println("error: " + ex.getMessage() + " (see: libreyolo bench --help)");
          return LibreYoloException.Kind.BAD_INPUT.exitCode();
        });
    System.exit(cmd.execute(args));
  }
}

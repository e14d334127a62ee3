package org.libreyolo.profile.cli;

import java.io.PrintWriter;
import java.util.regex.Pattern;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.Option;
import org.libreyolo.profile.process.ChildJvms;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Entry point of {@code ./libreyolo}. Maps errors to the reference exit codes with one line on
 * stderr: 2 bad input, 1 unparsable trace, 3 no profile; never a stack trace. {@code profile check}
 * exits 4 on a REGRESSION.
 */
public final class Main {
  /** A run stopped by a signal: 128 + SIGTERM, what the JVM exits with anyway. */
  static final int STOPPED_EXIT = 143;

  private static final Pattern KEY_VALUE = Pattern.compile("^[A-Za-z_][A-Za-z0-9_-]*=.*");

  private Main() {}

  /** What reads a profile next, as the producers' last line says it. */
  static String summaryCommand(java.nio.file.Path profile) {
    return "libreyolo profile summary " + profile;
  }

  public static void main(String[] args) {
    System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
  }

  /** Runs the command line and returns the exit code (used by tests too). */
  public static int run(String[] args, PrintWriter out, PrintWriter err) {
    String keyValue = firstKeyValue(args);
    if (keyValue != null) {
      err.println(keyValueHint(keyValue, args));
      return LibreYoloException.Kind.BAD_INPUT.exitCode();
    }
    CommandLine cmd = commandLine(args);
    cmd.setOut(out);
    cmd.setErr(err);
    cmd.setExecutionExceptionHandler(
        (ex, line, parsed) -> {
          ProgressBar.clear(err);
          if (ChildJvms.stopping()) { // the error is the clean-up's doing: say what happened
            ChildJvms.sayStopped(
                stopped -> {
                  err.println(stopped);
                  err.flush();
                });
            return STOPPED_EXIT;
          }
          if (ex instanceof LibreYoloException e) {
            err.println(e.message(Option.Surface.CLI));
            return e.kind().exitCode();
          }
          err.println("error: " + ex.getClass().getSimpleName() + ": " + ex.getMessage());
          return 1;
        });
    cmd.setParameterExceptionHandler(
        (ex, params) -> {
          err.println(
              "error: "
                  + ex.getMessage()
                  + " (see: "
                  + ex.getCommandLine().getCommandSpec().qualifiedName()
                  + " --help)");
          return LibreYoloException.Kind.BAD_INPUT.exitCode();
        });
    return cmd.execute(args);
  }

  /**
   * The command tree. Picocli builds the model of every subcommand it is given, by reflection on
   * classes compiled for Java 5 that the class-data archive cannot hold: when the command line
   * names one {@code profile} subcommand, only that one is added (docs/trace-reading.md,
   * "Start-up").
   */
  static CommandLine commandLine(String[] args) {
    CommandLine root = new CommandLine(new RootCommand());
    CommandLine profile = root.getSubcommands().get("profile");
    String named = args.length > 1 && "profile".equals(args[0]) ? args[1] : null;
    boolean one =
        ProfileCommand.SUBCOMMANDS.stream()
            .anyMatch(c -> c.getAnnotation(Command.class).name().equals(named));
    for (Class<?> c : ProfileCommand.SUBCOMMANDS) {
      if (!one || c.getAnnotation(Command.class).name().equals(named)) {
        profile.addSubcommand(c);
      }
    }
    return root;
  }

  /**
   * The reference's {@code key=value} form, answered in this command's own terms: the flag when it
   * has one, else its arguments (a reader's {@code trace=x} means the file argument, not a {@code
   * --trace} it does not have).
   */
  static String keyValueHint(String keyValue, String[] args) {
    String key = keyValue.substring(0, keyValue.indexOf('='));
    String value = keyValue.substring(keyValue.indexOf('=') + 1);
    String flag = "--" + key.replace('_', '-');
    CommandLine command = commandLine(args);
    for (String arg : args) {
      CommandLine sub = command.getSubcommands().get(arg);
      if (sub == null) {
        break;
      }
      command = sub;
    }
    CommandSpec spec = command.getCommandSpec();
    String start = "error: '" + keyValue + "': options are POSIX flags, e.g. ";
    if (spec.findOption(flag) != null || spec.subcommands().size() > 0) {
      return start + flag + " " + value + " (not " + keyValue + ")";
    }
    String positionals =
        spec.positionalParameters().stream()
            .map(p -> p.paramLabel())
            .collect(java.util.stream.Collectors.joining(" "));
    return "error: '"
        + keyValue
        + "': "
        + spec.qualifiedName()
        + " has no "
        + flag
        + (positionals.isEmpty()
            ? "; see: " + spec.qualifiedName() + " --help"
            : "; its arguments are "
                + positionals
                + ", e.g. "
                + spec.qualifiedName()
                + " "
                + value);
  }

  /** A {@code key=value} argument that is not an existing path. */
  static String firstKeyValue(String[] args) {
    for (String arg : args) {
      if (!arg.startsWith("-")
          && KEY_VALUE.matcher(arg).matches()
          && !java.nio.file.Files.exists(java.nio.file.Path.of(arg))) {
        return arg;
      }
    }
    return null;
  }
}

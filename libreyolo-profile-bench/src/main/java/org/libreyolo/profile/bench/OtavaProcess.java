package org.libreyolo.profile.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.libreyolo.profile.LibreYoloException;

/**
 * Apache Otava's own detector as a process: {@code python3
 * libreyolo-profile-bench/bench/otava_detect.py} of the checkout on a source checkout of Otava
 * ({@code --otava DIR}), so the bench compares with Otava itself.
 */
final class OtavaProcess {
  /** The driver script, relative to the checkout. */
  static final String DRIVER = "libreyolo-profile-bench/bench/otava_detect.py";

  private static final Pattern VERSION = Pattern.compile("(?m)^version\\s*=\\s*\"([^\"]+)\"");

  private OtavaProcess() {}

  /** Checks that {@code otava} is a source checkout of Otava before anything is measured. */
  static void check(Path otava) {
    if (!Files.isRegularFile(otava.resolve("otava").resolve("analysis.py"))) {
      throw LibreYoloException.badInput(
          "--otava " + otava + " is not a source checkout of Apache Otava (no otava/analysis.py)");
    }
  }

  /**
   * Runs the driver with these arguments after the checkout; its output, or the failure's last
   * line.
   */
  static String run(Path otava, String... args) throws IOException, InterruptedException {
    List<String> command =
        new ArrayList<>(List.of("python3", Checkout.path(DRIVER).toString(), otava.toString()));
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes());
    if (p.waitFor() != 0) {
      String[] lines = out.strip().split("\n");
      throw LibreYoloException.badInput(
          "--otava " + otava + ": Otava's detector failed: " + lines[lines.length - 1]);
    }
    return out;
  }

  /** Otava's version from the checkout's pyproject.toml. */
  static String version(Path otava) throws IOException {
    Path pyproject = otava.resolve("pyproject.toml");
    if (Files.isRegularFile(pyproject)) {
      Matcher m = VERSION.matcher(Files.readString(pyproject));
      if (m.find()) {
        return m.group(1);
      }
    }
    return "(version unknown)";
  }
}

package org.libreyolo.profile.reader;

import java.nio.file.Files;
import java.nio.file.Path;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.compare.Comparison;
import org.libreyolo.profile.internal.analysis.ProfileLoader;
import org.libreyolo.profile.internal.io.AtomicFiles;
import org.libreyolo.profile.internal.report.HtmlReport;
import org.libreyolo.profile.result.Profile;

/** Writes the HTML reports for the CLI, the Maven goals and the JUnit extension. */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public final class Reports {
  private Reports() {}

  /**
   * One profile (or trace); default output {@code report.html} next to it. Returns the file
   * written.
   *
   * @param input the profile or trace to report on
   * @param out where the output file goes, or null for the default
   * @return the report file written
   */
  public static Path single(Path input, Path out) {
    Profile profile = ProfileLoader.load(input);
    Path target = out != null ? out : sibling(input, "report.html");
    String html = HtmlReport.single(profile, input.toString(), traceOf(profile, input));
    AtomicFiles.writeText(target, html);
    return target;
  }

  /**
   * Two profiles; default output {@code compare.html} next to the second.
   *
   * @param before the earlier profile or its file
   * @param after the later profile or its file
   * @param out where the output file goes, or null for the default
   * @param alpha the significance level, within (0, 1)
   * @return the report file written
   */
  public static Path comparison(Path before, Path after, Path out, double alpha) {
    Profile a = ProfileLoader.load(before);
    Profile b = ProfileLoader.load(after);
    Path target = out != null ? out : sibling(after, "compare.html");
    return comparison(
        a, b, Comparison.compare(a, b, before.toString(), after.toString(), alpha), target);
  }

  /**
   * Two profiles already loaded and compared; writes {@code target}.
   *
   * @param a the earlier profile
   * @param b the later profile
   * @param comparison the descriptive comparison of the two profiles
   * @param target where the file is written
   * @return the report file written
   */
  public static Path comparison(Profile a, Profile b, Comparison.Result comparison, Path target) {
    String html = HtmlReport.comparison(a, b, comparison);
    AtomicFiles.writeText(target, html);
    return target;
  }

  private static Path sibling(Path file, String name) {
    Path parent = file.toAbsolutePath().getParent();
    return parent == null ? Path.of(name) : parent.resolve(name);
  }

  /**
   * The trace a profile came from: the input itself, its recorded path, or a sibling
   * profile_trace.json.
   */
  static Path traceOf(Profile profile, Path input) {
    if (!profile.hasSchema() || input.toString().equals(profile.trace())) {
      return input;
    }
    Path recorded = profile.readFrom(input).traceFile(); // against the profile's own folder
    if (recorded != null && Files.isRegularFile(recorded)) {
      return recorded;
    }
    Path sibling = sibling(input, "profile_trace.json");
    return Files.isRegularFile(sibling) ? sibling : null;
  }
}

package org.libreyolo.profile.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.OutputFiles;
import org.libreyolo.profile.gate.Verdict;
import org.libreyolo.profile.internal.io.AtomicFiles;
import org.libreyolo.profile.internal.io.Records;

/**
 * The A/B across versions of a multi-module build, one summary for all its modules: each module's
 * A/B adds its outcome under the reactor's root, and the summary there is written anew from every
 * module this build has A/B'd so far (docs/ab.md, "Multi-module builds").
 */
@Api(status = Api.Status.INTERNAL, since = "0.1.0")
public final class VersionAbReactor {
  private VersionAbReactor() {}

  /**
   * Adds a module's A/B to the reactor's summary and writes the summary anew.
   *
   * @param root the reactor's output root ({@code <execution root>/target})
   * @param module the module ({@code groupId:artifactId})
   * @param verdict the module's word: its verdict, or {@code FAILED} when a test fails on this
   *     build
   * @param markdown the module's A/B summary
   * @param buildStart when this build started (epoch ms): what an earlier build left is dropped
   * @return the reactor's summary file
   */
  public static Path add(
      Path root, String module, String verdict, String markdown, long buildStart) {
    Path folder = root.resolve(OutputFiles.VERSIONS_FOLDER).resolve("modules");
    Records.write(
        folder.resolve(module.replace(':', '.') + ".json"), new Module(module, verdict, markdown));
    List<Module> modules = new ArrayList<>();
    try (Stream<Path> files = Files.list(folder)) {
      for (Path f : files.sorted().toList()) {
        if (Files.getLastModifiedTime(f).toMillis() + 2000 < buildStart) {
          Files.deleteIfExists(f); // an earlier build's module: not this build's verdict
          continue;
        }
        Module m = Records.read(f, Module.class);
        if (m != null) {
          modules.add(m);
        }
      }
    } catch (IOException e) {
      throw LibreYoloException.badInput(
          "cannot read the reactor's A/B results in " + folder + ": " + e.getMessage(), e);
    }
    Path summary =
        root.resolve(OutputFiles.VERSIONS_FOLDER).resolve(OutputFiles.VERSIONS_SUMMARY_FILE);
    String text = markdown(modules);
    AtomicFiles.writeText(summary, text);
    return summary;
  }

  /**
   * One module's A/B as a multi-module build's summary keeps it.
   *
   * @param module the module ({@code groupId:artifactId})
   * @param verdict its verdict ({@code FAILED} when a test fails on this build)
   * @param markdown its own summary
   */
  public record Module(String module, String verdict, String markdown) {}

  /** FAILED over REGRESSION over INCONCLUSIVE over IMPROVED over PASS. */
  private static String worst(List<Module> modules) {
    List<String> order = List.of("FAILED", "REGRESSION", "INCONCLUSIVE", "IMPROVED", "PASS");
    return modules.stream()
        .map(Module::verdict)
        .min((a, b) -> Integer.compare(rank(order, a), rank(order, b)))
        .orElse(Verdict.PASS.name());
  }

  private static int rank(List<String> order, String verdict) {
    int i = order.indexOf(verdict);
    return i < 0 ? order.size() : i;
  }

  /**
   * A multi-module build's summary: the worst verdict first, a row per module, then each module's
   * own summary one heading down.
   *
   * @param modules the modules A/B'd in this build, in the reactor's order
   * @return the markdown
   */
  static String markdown(List<Module> modules) {
    StringBuilder b = new StringBuilder();
    b.append("## A/B across versions: ")
        .append(worst(modules))
        .append("\n\n| module | verdict |\n|---|---|\n");
    modules.forEach(
        m -> b.append("| ").append(m.module()).append(" | ").append(m.verdict()).append(" |\n"));
    for (var m : modules) {
      b.append("\n")
          .append(
              m.markdown().replaceFirst("^### A/B against", "### " + m.module() + ": A/B against"));
      if (!m.markdown().endsWith("\n")) {
        b.append("\n");
      }
    }
    return b.toString();
  }
}

package org.libreyolo.profile.produce;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.OutputFiles;
import org.libreyolo.profile.internal.io.AtomicFiles;
import org.libreyolo.profile.internal.io.Records;
import org.libreyolo.profile.report.VersionAbReport;

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
   * @param r the module's A/B
   * @param buildStart when this build started (epoch ms): what an earlier build left is dropped
   * @return the reactor's summary file
   */
  public static Path add(Path root, String module, VersionAb.Result r, long buildStart) {
    Path folder = root.resolve(OutputFiles.VERSIONS_FOLDER).resolve("modules");
    String verdict = r.failures().isEmpty() ? r.verdict().name() : "FAILED";
    Records.write(
        folder.resolve(module.replace(':', '.') + ".json"),
        new VersionAbReport.Module(module, verdict, r.markdown()));
    List<VersionAbReport.Module> modules = new ArrayList<>();
    try (Stream<Path> files = Files.list(folder)) {
      for (Path f : files.sorted().toList()) {
        if (Files.getLastModifiedTime(f).toMillis() + 2000 < buildStart) {
          Files.deleteIfExists(f); // an earlier build's module: not this build's verdict
          continue;
        }
        VersionAbReport.Module m = Records.read(f, VersionAbReport.Module.class);
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
    String text = VersionAbReport.reactorMarkdown(modules);
    AtomicFiles.write(summary, out -> out.write(text.getBytes(StandardCharsets.UTF_8)));
    return summary;
  }
}

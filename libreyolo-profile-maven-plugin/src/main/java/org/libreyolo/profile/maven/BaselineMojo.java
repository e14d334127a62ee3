package org.libreyolo.profile.maven;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.libreyolo.profile.io.AtomicFiles;
import org.libreyolo.profile.profile.ProfileIo;

/**
 * Records a produced profile (or repeat aggregate) as the baseline kept in the repository. Refuses
 * to overwrite an existing baseline unless {@code -Dlibreyolo.profile.overwrite=true}.
 */
@Mojo(name = "baseline", threadSafe = true)
public class BaselineMojo extends AbstractProfileMojo {
  /** The profile to record (default: the infer goal's output). */
  @Parameter(property = "libreyolo.profile.current", defaultValue = "${project.build.directory}/libreyolo-profile/infer/profile.json")
  File current;

  /** Baseline name: the file is {@code src/perf/libreyolo-profile/<name>.json} unless {@code baseline} is set. */
  @Parameter(property = "libreyolo.profile.name", defaultValue = "infer")
  String name;

  /** Explicit baseline file (overrides {@code name}). */
  @Parameter(property = "libreyolo.profile.baseline")
  File baseline;

  @Parameter(defaultValue = "${project.basedir}", readonly = true)
  File basedir;

  @Parameter(property = "libreyolo.profile.overwrite", defaultValue = "false")
  boolean overwrite;

  @Override
  void run() throws MojoExecutionException {
    File target = baseline != null ? baseline : new File(basedir, "src/perf/libreyolo-profile/" + name + ".json");
    if (target.exists() && !overwrite) {
      throw new MojoExecutionException("baseline " + target + " exists: set -Dlibreyolo.profile.overwrite=true to replace it");
    }
    ProfileIo.load(current.toPath()); // must be a readable profile or trace
    try {
      byte[] content = Files.readAllBytes(current.toPath());
      AtomicFiles.write(target.toPath(), out -> out.write(content));
    } catch (IOException e) {
      throw new MojoExecutionException("cannot read " + current + ": " + e.getMessage(), e);
    }
    getLog().info("baseline recorded: " + target + " (from " + current + ")");
  }
}

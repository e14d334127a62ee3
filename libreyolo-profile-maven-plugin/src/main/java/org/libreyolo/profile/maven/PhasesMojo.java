package org.libreyolo.profile.maven;

import java.nio.file.Path;
import org.apache.maven.plugins.annotations.Mojo;
import org.libreyolo.profile.reader.ReaderViews;

/** Per-phase time, kernels (CPU: leaf ops) and ops per step. */
@Mojo(name = "phases", threadSafe = true, requiresProject = false)
public class PhasesMojo extends AbstractReaderMojo {
  @Override
  ReaderViews.View view(Path file) {
    return ReaderViews.phases(file);
  }
}

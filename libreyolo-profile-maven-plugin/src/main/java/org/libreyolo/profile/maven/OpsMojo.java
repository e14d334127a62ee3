package org.libreyolo.profile.maven;

import java.nio.file.Path;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.reader.ReaderViews;

/** Framework op rows by CPU share. */
@Mojo(name = "ops", threadSafe = true, requiresProject = false)
public class OpsMojo extends AbstractReaderMojo {
  /** Rows to show. */
  @Parameter(property = "libreyolo.profile.top", defaultValue = Defaults.Readers.TOP)
  int top;

  /** Rows of one phase only. */
  @Parameter(property = "libreyolo.profile.phase")
  String phase;

  @Override
  ReaderViews.View view(Path file) {
    return ReaderViews.ops(file, top, phase);
  }
}

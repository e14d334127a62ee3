package org.libreyolo.profile.maven;

import java.nio.file.Path;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.reader.ReaderViews;

/** Java methods per phase, from the Java samples of the measured runs. */
@Mojo(name = "java", threadSafe = true, requiresProject = false)
public class JavaMojo extends AbstractReaderMojo {
  /** Methods per phase. */
  @Parameter(property = "libreyolo.profile.top", defaultValue = Defaults.Readers.TOP)
  int top;

  /** One phase only. */
  @Parameter(property = "libreyolo.profile.phase")
  String phase;

  /** Rank by samples on the stack instead of as the top Java frame. */
  @Parameter(property = "libreyolo.profile.total", defaultValue = "false")
  boolean total;

  @Override
  ReaderViews.View view(Path file) {
    return ReaderViews.java(file, top, phase, total);
  }
}

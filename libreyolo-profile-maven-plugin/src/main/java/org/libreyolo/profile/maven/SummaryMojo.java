package org.libreyolo.profile.maven;

import java.nio.file.Path;
import org.apache.maven.plugins.annotations.Mojo;
import org.libreyolo.profile.reader.ReaderViews;

/**
 * One-screen summary of a profile or trace: verdict, step time, throughput, busy share, top
 * kernels.
 */
@Mojo(name = "summary", threadSafe = true, requiresProject = false)
public class SummaryMojo extends AbstractReaderMojo {
  @Override
  ReaderViews.View view(Path file) {
    return ReaderViews.summary(file);
  }
}

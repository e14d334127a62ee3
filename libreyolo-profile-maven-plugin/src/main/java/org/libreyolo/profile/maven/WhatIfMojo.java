package org.libreyolo.profile.maven;

import java.nio.file.Path;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.libreyolo.profile.reader.ReaderViews;

/** Rough projection of the step time and throughput without a kernel category or some launches. */
@Mojo(name = "what-if", threadSafe = true, requiresProject = false)
public class WhatIfMojo extends AbstractReaderMojo {
  /** Case-insensitive substring of the kernel category to remove. */
  @Parameter(property = "libreyolo.profile.removeCategory")
  String removeCategory;

  /** Launches to remove per step. */
  @Parameter(property = "libreyolo.profile.removeLaunches")
  Integer removeLaunches;

  @Override
  ReaderViews.View view(Path file) {
    return ReaderViews.whatIf(file, removeCategory, removeLaunches);
  }
}

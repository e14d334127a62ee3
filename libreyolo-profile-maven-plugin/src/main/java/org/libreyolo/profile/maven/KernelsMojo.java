package org.libreyolo.profile.maven;

import java.nio.file.Path;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.options.KernelQuery;
import org.libreyolo.profile.reader.ReaderViews;

/** Kernel rows by share (CPU profiles: leaf-op self times), filtered and sorted. */
@Mojo(name = "kernels", threadSafe = true, requiresProject = false)
public class KernelsMojo extends AbstractReaderMojo {
  /** Rows to show. */
  @Parameter(property = "libreyolo.profile.top", defaultValue = Defaults.Readers.TOP)
  int top;

  /** Case-insensitive substring of the category. */
  @Parameter(property = "libreyolo.profile.category")
  String category;

  /** Case-insensitive regular expression on the raw or friendly name. */
  @Parameter(property = "libreyolo.profile.grep")
  String grep;

  /** Only Tensor-Core kernels. */
  @Parameter(property = "libreyolo.profile.tensorcore", defaultValue = "false")
  boolean tensorcore;

  /** Order: time, count or name. */
  @Parameter(property = "libreyolo.profile.sort", defaultValue = Defaults.Readers.SORT)
  String sort;

  /** Rows of one phase only. */
  @Parameter(property = "libreyolo.profile.phase")
  String phase;

  @Override
  ReaderViews.View view(Path file) {
    return ReaderViews.kernels(file, new KernelQuery(top, category, grep, tensorcore, sort, phase));
  }
}

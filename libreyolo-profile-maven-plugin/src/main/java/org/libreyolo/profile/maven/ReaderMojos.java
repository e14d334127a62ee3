package org.libreyolo.profile.maven;

import org.libreyolo.profile.analysis.ProfileLoader;
import java.io.File;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.libreyolo.profile.python.PyJson;
import org.libreyolo.profile.lens.Lenses;
import org.libreyolo.profile.lens.WhatIf;
import org.libreyolo.profile.result.Profile;
import org.libreyolo.profile.report.TextReport;

/** The reader goals: thin adapters over core's lenses, printed through the Maven log. */
final class ReaderMojos {
  private ReaderMojos() {}

  /** Shared: {@code trace} (a profile.json or any Chrome/Kineto trace) and {@code json}. */
  abstract static class Reader extends AbstractProfileMojo {
    /** profile.json or a trace file. */
    @Parameter(property = "libreyolo.profile.trace")
    File trace;

    @Parameter(property = "libreyolo.profile.json", defaultValue = "false")
    boolean json;

    Profile load() throws MojoExecutionException {
      return ProfileLoader.load(required(trace, "trace").toPath());
    }
  }

  /** {@code profile summary}. */
  @Mojo(name = "summary", threadSafe = true, requiresProject = false)
  public static class SummaryMojo extends Reader {
    @Override
    void run() throws MojoExecutionException {
      Profile p = load();
      if (json) {
        getLog().info(PyJson.indented(Lenses.summary(p)));
      } else {
        log(TextReport.summary(p));
      }
    }
  }

  /** {@code profile get}: one metric, or the list of metrics. */
  @Mojo(name = "get", threadSafe = true, requiresProject = false)
  public static class GetMojo extends Reader {
    @Parameter(property = "libreyolo.profile.field")
    String field;

    @Override
    void run() throws MojoExecutionException {
      Profile p = load();
      if (field == null || field.isEmpty()) {
        log(TextReport.metricList(Lenses.metricNames(p)));
      } else {
        getLog().info(field + " = " + PyJson.str(Lenses.metric(p, field, trace.toString())));
      }
    }
  }

  /** {@code profile phases}. */
  @Mojo(name = "phases", threadSafe = true, requiresProject = false)
  public static class PhasesMojo extends Reader {
    @Override
    void run() throws MojoExecutionException {
      var view = Lenses.phases(load());
      if (json) {
        getLog().info(PyJson.indented(view));
      } else {
        log(TextReport.phases(view));
      }
    }
  }

  /** {@code profile kernels}. */
  @Mojo(name = "kernels", threadSafe = true, requiresProject = false)
  public static class KernelsMojo extends Reader {
    @Parameter(property = "libreyolo.profile.top", defaultValue = "20")
    int top;

    @Parameter(property = "libreyolo.profile.category")
    String category;

    @Parameter(property = "libreyolo.profile.grep")
    String grep;

    @Parameter(property = "libreyolo.profile.tensorcore", defaultValue = "false")
    boolean tensorcore;

    @Parameter(property = "libreyolo.profile.sort", defaultValue = "time")
    String sort;

    @Parameter(property = "libreyolo.profile.phase")
    String phase;

    @Override
    void run() throws MojoExecutionException {
      var view = Lenses.kernels(load(),
          new Lenses.KernelQuery(top, category, grep, tensorcore, sort, phase));
      if (json) {
        getLog().info(PyJson.indented(view));
      } else {
        log(TextReport.kernels(view));
      }
    }
  }

  /** {@code profile ops}. */
  @Mojo(name = "ops", threadSafe = true, requiresProject = false)
  public static class OpsMojo extends Reader {
    @Parameter(property = "libreyolo.profile.top", defaultValue = "20")
    int top;

    @Parameter(property = "libreyolo.profile.phase")
    String phase;

    @Override
    void run() throws MojoExecutionException {
      var view = Lenses.ops(load(), top, phase);
      if (json) {
        getLog().info(PyJson.indented(view));
      } else {
        log(TextReport.ops(view));
      }
    }
  }

  /** {@code profile what-if}. */
  @Mojo(name = "what-if", threadSafe = true, requiresProject = false)
  public static class WhatIfMojo extends Reader {
    @Parameter(property = "libreyolo.profile.removeCategory")
    String removeCategory;

    @Parameter(property = "libreyolo.profile.removeLaunches")
    Integer removeLaunches;

    @Override
    void run() throws MojoExecutionException {
      var view = WhatIf.project(load(), removeCategory, removeLaunches);
      if (json) {
        getLog().info(PyJson.indented(view.json()));
      } else {
        log(TextReport.whatIf(view));
      }
    }
  }
}

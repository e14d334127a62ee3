package org.libreyolo.profile.maven;

import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.Option;
import org.libreyolo.profile.produce.TrainOptions;
import org.libreyolo.profile.produce.TrainProfiler;
import org.libreyolo.profile.report.TrainReport;

/**
 * Profiles a short LibreYOLO9 training run on a data YAML or a built-in dataset: img/s, the
 * data-loading stall, the phase composition and the verdict. Writes {@code prof/profile.json} and
 * its trace under {@code project} (default: the output directory).
 */
@Mojo(name = "run", threadSafe = true)
public class RunMojo extends AbstractModelMojo {
  /** Data YAML or dataset name (built-in: shapes128, shapes&lt;N&gt;). */
  @Parameter(property = "libreyolo.profile.data", defaultValue = Defaults.Train.DATA)
  String data;

  /** Micro-batch; -1 picks the largest power of two that fits in memory. */
  @Parameter(property = "libreyolo.profile.batch", defaultValue = Defaults.Train.BATCH)
  int batch;

  /** Training input size in pixels. */
  @Parameter(property = "libreyolo.profile.imgsz", defaultValue = Defaults.Train.IMGSZ)
  int imgsz;

  /** Data-loading threads (0: load inside the step). */
  @Parameter(property = "libreyolo.profile.workers", defaultValue = Defaults.Train.WORKERS)
  int workers;

  /**
   * Mixed precision: recorded in the profile, not applied (DJL 0.36 has no autocast; the step runs
   * in float32).
   */
  @Parameter(property = "libreyolo.profile.amp", defaultValue = Defaults.Train.AMP)
  boolean amp;

  /** Measured steps (at least 2). */
  @Parameter(property = "libreyolo.profile.steps", defaultValue = Defaults.Train.STEPS)
  int steps;

  /** Discarded steps before measuring. */
  @Parameter(property = "libreyolo.profile.warmup", defaultValue = Defaults.Train.WARMUP)
  int warmup;

  /** Trials; two or more also write {@code profile_repeat.json}. */
  @Parameter(property = "libreyolo.profile.repeat", defaultValue = Defaults.Train.REPEAT)
  int repeat;

  @Override
  void run() {
    TrainOptions options =
        TrainOptions.builder()
            .data(data)
            .weights(weights)
            .size(size)
            .batch(batch)
            .imgsz(imgsz)
            .workers(workers)
            .amp(amp)
            .steps(steps)
            .warmup(warmup)
            .repeat(repeat)
            .device(deviceSpec())
            .threads(threads)
            .project(projectPath())
            .build();
    TrainProfiler.memoryWarning(options)
        .ifPresent(w -> getLog().warn(Option.render(w, Option.Surface.MAVEN)));
    // the note is for a user who asked for AMP (-Dlibreyolo.profile.amp), not for the default
    boolean ampGiven = amp && System.getProperty("libreyolo.profile.amp") != null;
    TrainReport report =
        TrainReport.of(
            TrainProfiler.run(options, progress()), ampGiven, AbstractProfileMojo::summaryGoal);
    report.notes().forEach(n -> getLog().info(Option.render(n, Option.Surface.MAVEN)));
    report.warnings().forEach(w -> getLog().warn(Option.render(w, Option.Surface.MAVEN)));
    log(report.lines(json));
  }
}

package org.libreyolo.profile.maven;

import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.produce.InferOptions;
import org.libreyolo.profile.produce.InferProfiler;
import org.libreyolo.profile.report.InferReport;
import org.libreyolo.profile.result.InferResult;
import org.libreyolo.profile.result.Json;

/**
 * Profiles LibreYOLO9 (or a TorchScript model) inference: latency percentiles, throughput, the
 * preprocess / forward / postprocess split and the verdict. Writes {@code infer/profile.json}, the
 * trace and the summary under {@code project} (default: the output directory).
 */
@Mojo(name = "infer", threadSafe = true)
public class InferMojo extends AbstractInferenceMojo {

  /** CUDA autocast forward (CUDA devices only). */
  @Parameter(property = "libreyolo.profile.half", defaultValue = Defaults.Infer.HALF)
  boolean half;

  /** Autocast dtype: float16/fp16 (bfloat16 is refused on DJL 0.36). */
  @Parameter(property = "libreyolo.profile.ampDtype", defaultValue = Defaults.Infer.AMP_DTYPE)
  String ampDtype;

  /** Discarded iterations before measuring. */
  @Parameter(property = "libreyolo.profile.warmup", defaultValue = Defaults.Infer.WARMUP)
  int warmup;

  /**
   * Measured iterations per process (at least 2; half give latencies, half the stage split); unset:
   * 100 with {@code forks=1}, 30 per fork.
   */
  @Parameter(property = "libreyolo.profile.runs")
  Integer runs;

  /** Trials, each with a fresh model; two or more also write {@code infer_repeat.json}. */
  @Parameter(property = "libreyolo.profile.repeat", defaultValue = Defaults.Infer.REPEAT)
  int repeat;

  /**
   * Processes to measure in, one after another, each a fresh JVM on the plugin's class path with
   * its own warmup, blocks and canary (1: Maven's JVM); the profile merges them and the gate's unit
   * is the fork.
   */
  @Parameter(property = "libreyolo.profile.forks", defaultValue = Defaults.Infer.FORKS)
  int forks;

  /**
   * Write the Chrome trace of 9 extra iterations (the op and work counters come from it); the same
   * switch as the JUnit extension's {@code libreyolo.profile.trace}.
   */
  @Parameter(property = "libreyolo.profile.trace", defaultValue = Defaults.Infer.TRACE)
  boolean trace;

  @Override
  void run() {
    InferOptions options =
        inferOptions()
            .half(half)
            .ampDtype(ampDtype)
            .warmup(warmup)
            .runs(runs)
            .repeat(repeat)
            .forks(forks)
            .trace(trace)
            .build();
    InferResult result = InferProfiler.run(options, progress(), PluginClasspath.of(getClass()));
    if (json) {
      getLog().info(Json.indented(InferReport.json(result)));
    } else {
      log(InferReport.text(result, AbstractProfileMojo::summaryGoal));
    }
  }
}

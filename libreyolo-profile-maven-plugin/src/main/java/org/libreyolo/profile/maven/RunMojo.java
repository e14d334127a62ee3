package org.libreyolo.profile.maven;

import java.io.File;
import java.nio.file.Path;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.libreyolo.profile.engine.DeviceSpec;
import org.libreyolo.profile.engine.Engines;
import org.libreyolo.profile.produce.TrainOptions;
import org.libreyolo.profile.produce.TrainProfiler;

/** {@code profile run}: a short profiled training of LibreYOLO9 on a data YAML or a built-in dataset. */
@Mojo(name = "run", threadSafe = true)
public class RunMojo extends AbstractProfileMojo {
  /** Data YAML or dataset name (built-in: shapes128, shapes&lt;N&gt;). */
  @Parameter(property = "libreyolo.profile.data", defaultValue = "shapes128")
  String data;

  @Parameter(property = "libreyolo.profile.weights")
  String weights;

  @Parameter(property = "libreyolo.profile.size")
  String size;

  @Parameter(property = "libreyolo.profile.batch", defaultValue = "16")
  int batch;

  @Parameter(property = "libreyolo.profile.imgsz", defaultValue = "640")
  int imgsz;

  @Parameter(property = "libreyolo.profile.workers", defaultValue = "8")
  int workers;

  @Parameter(property = "libreyolo.profile.amp", defaultValue = "true")
  boolean amp;

  @Parameter(property = "libreyolo.profile.steps", defaultValue = "20")
  int steps;

  @Parameter(property = "libreyolo.profile.warmup", defaultValue = "5")
  int warmup;

  @Parameter(property = "libreyolo.profile.repeat", defaultValue = "1")
  int repeat;

  @Parameter(property = "libreyolo.profile.device", defaultValue = "0")
  String device;

  @Parameter(property = "libreyolo.profile.threads")
  Integer threads;

  @Parameter(property = "libreyolo.profile.project")
  File project;

  @Override
  void run() {
    TrainOptions options = new TrainOptions(data, weights, size, batch, imgsz, workers, amp, steps, warmup, repeat,
        DeviceSpec.parse(device), threads != null ? threads : Engines.defaultThreads(),
        (project != null ? project : outputDirectory).toPath(),
        Path.of(System.getProperty("user.home"), ".cache", "libreyolo", "datasets"));
    TrainProfiler.Result r = TrainProfiler.run(options, (stage, done, total) -> { });
    String spread = r.imgPerSN() > 1 ? " +/- " + r.imgPerSStd() + " (n=" + r.imgPerSN() + ")" : "";
    getLog().info("img/s: " + r.profile().path("img_per_s").asText() + spread + "  |  " + r.profile().path("bound").asText());
    getLog().info("profile: " + r.reported());
    if (r.autoBatchNote() != null) {
      getLog().info(r.autoBatchNote());
    }
    if (r.warning() != null) {
      getLog().warn(r.warning());
    }
  }
}

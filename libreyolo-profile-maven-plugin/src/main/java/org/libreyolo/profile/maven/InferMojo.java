package org.libreyolo.profile.maven;

import java.io.File;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.libreyolo.profile.engine.DeviceSpec;
import org.libreyolo.profile.engine.Engines;
import org.libreyolo.profile.python.PyJson;
import org.libreyolo.profile.pipeline.NmsOptions;
import org.libreyolo.profile.produce.InferOptions;
import org.libreyolo.profile.produce.InferProfiler;
import org.libreyolo.profile.result.InferResult;
import org.libreyolo.profile.report.InferReport;

/** {@code profile infer}: latency percentiles, throughput and the stage split of LibreYOLO9 inference. */
@Mojo(name = "infer", threadSafe = true)
public class InferMojo extends AbstractProfileMojo {
  /** Image file or directory (default: the bundled sample image). */
  @Parameter(property = "libreyolo.profile.source")
  File source;

  @Parameter(property = "libreyolo.profile.weights")
  String weights;

  @Parameter(property = "libreyolo.profile.size")
  String size;

  @Parameter(property = "libreyolo.profile.batch", defaultValue = "1")
  int batch;

  @Parameter(property = "libreyolo.profile.imgsz", defaultValue = "640")
  int imgsz;

  @Parameter(property = "libreyolo.profile.half", defaultValue = "false")
  boolean half;

  @Parameter(property = "libreyolo.profile.ampDtype", defaultValue = "float16")
  String ampDtype;

  @Parameter(property = "libreyolo.profile.warmup", defaultValue = "20")
  int warmup;

  @Parameter(property = "libreyolo.profile.runs", defaultValue = "100")
  int runs;

  @Parameter(property = "libreyolo.profile.repeat", defaultValue = "1")
  int repeat;

  @Parameter(property = "libreyolo.profile.conf", defaultValue = "0.25")
  float conf;

  @Parameter(property = "libreyolo.profile.iou", defaultValue = "0.45")
  float iou;

  @Parameter(property = "libreyolo.profile.maxDet", defaultValue = "300")
  int maxDet;

  /** cpu, a CUDA index or cuda:N (the reference default is 0, i.e. CUDA). */
  @Parameter(property = "libreyolo.profile.device", defaultValue = "0")
  String device;

  /** {@code --no-trace}: skip the Chrome trace (the reader positional owns {@code trace}). */
  @Parameter(property = "libreyolo.profile.noTrace", defaultValue = "false")
  boolean noTrace;

  /** Output root; default {@code ${project.build.directory}/libreyolo-profile}. */
  @Parameter(property = "libreyolo.profile.project")
  File project;

  @Parameter(property = "libreyolo.profile.json", defaultValue = "false")
  boolean json;

  /** Intra-op threads (default: all cores). */
  @Parameter(property = "libreyolo.profile.threads")
  Integer threads;

  @Override
  void run() {
    InferOptions options = new InferOptions(source == null ? null : source.toPath(), weights, size, batch, imgsz,
        half, ampDtype, warmup, runs, repeat, new NmsOptions(conf, iou, maxDet), DeviceSpec.parse(device),
        threads != null ? threads : Engines.defaultThreads(), !noTrace,
        (project != null ? project : outputDirectory).toPath());
    InferResult result = InferProfiler.run(options, (stage, done, total) -> {
      if (done == total) {
        getLog().debug(stage + " " + done + "/" + total);
      }
    });
    if (json) {
      getLog().info(PyJson.indented(InferReport.json(result)));
    } else {
      log(InferReport.text(result));
    }
  }
}

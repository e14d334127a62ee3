package org.libreyolo.profile.maven;

import java.io.File;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.engine.DeviceSpec;
import org.libreyolo.profile.pipeline.NmsOptions;
import org.libreyolo.profile.produce.InferOptions;
import org.libreyolo.profile.produce.InferProfiler;
import org.libreyolo.profile.report.InferReport;
import org.libreyolo.profile.result.InferResult;
import org.libreyolo.profile.python.PyJson;

/**
 * Profiles LibreYOLO9 (or a TorchScript model) inference: latency percentiles, throughput, the
 * preprocess / forward / postprocess split and the verdict. Writes {@code infer/profile.json},
 * the trace and the summary under {@code project} (default: the output directory).
 */
@Mojo(name = "infer", threadSafe = true)
public class InferMojo extends AbstractProfileMojo {
  /** Image file or directory, or an .npz with a preprocessed {@code input} (default: the bundled sample image). */
  @Parameter(property = "libreyolo.profile.source")
  File source;

  /** LibreYOLO9{t,s,m,c}.pt, an .npz/.safetensors state dict, or a TorchScript file (default: random-init LibreYOLO9 of {@code size}). */
  @Parameter(property = "libreyolo.profile.weights")
  String weights;

  /** Model size t, s, m or c (default: t, or the size in the weights name). */
  @Parameter(property = "libreyolo.profile.size")
  String size;

  /** Images per forward pass. */
  @Parameter(property = "libreyolo.profile.batch", defaultValue = Defaults.Infer.BATCH)
  int batch;

  /** Input size in pixels (0: the model's native size). */
  @Parameter(property = "libreyolo.profile.imgsz", defaultValue = Defaults.Infer.IMGSZ)
  int imgsz;

  /** CUDA autocast forward (CUDA devices only). */
  @Parameter(property = "libreyolo.profile.half", defaultValue = Defaults.Infer.HALF)
  boolean half;

  /** Autocast dtype: float16/fp16 (bfloat16 is refused on DJL 0.36). */
  @Parameter(property = "libreyolo.profile.ampDtype", defaultValue = Defaults.Infer.AMP_DTYPE)
  String ampDtype;

  /** Discarded iterations before measuring. */
  @Parameter(property = "libreyolo.profile.warmup", defaultValue = Defaults.Infer.WARMUP)
  int warmup;

  /** Measured iterations (at least 2; half give latencies, half the stage split). */
  @Parameter(property = "libreyolo.profile.runs", defaultValue = Defaults.Infer.RUNS)
  int runs;

  /** Trials, each with a fresh model; two or more also write {@code infer_repeat.json}. */
  @Parameter(property = "libreyolo.profile.repeat", defaultValue = Defaults.Infer.REPEAT)
  int repeat;

  /** Confidence threshold of the postprocess (affects NMS work). */
  @Parameter(property = "libreyolo.profile.conf", defaultValue = Defaults.Infer.CONF)
  float conf;

  /** NMS IoU threshold. */
  @Parameter(property = "libreyolo.profile.iou", defaultValue = Defaults.Infer.IOU)
  float iou;

  /** Maximum detections per image. */
  @Parameter(property = "libreyolo.profile.maxDet", defaultValue = Defaults.Infer.MAX_DET)
  int maxDet;

  /** cpu, a CUDA index or cuda:N (the reference default is 0, i.e. CUDA; this build's native decides what exists). */
  @Parameter(property = "libreyolo.profile.device", defaultValue = Defaults.DEVICE)
  String device;

  /** Skip the Chrome trace of 9 extra iterations (the readers' {@code trace} parameter names a file). */
  @Parameter(property = "libreyolo.profile.noTrace", defaultValue = "false")
  boolean noTrace;

  /** Output root (default: {@code outputDirectory}). */
  @Parameter(property = "libreyolo.profile.project")
  File project;

  /** Log the result as JSON. */
  @Parameter(property = "libreyolo.profile.json", defaultValue = "false")
  boolean json;

  /** Intra-op threads (default: all cores; use 1 on busy 2-core machines). */
  @Parameter(property = "libreyolo.profile.threads")
  Integer threads;

  @Override
  void run() {
    InferOptions options = InferOptions.builder().source(source == null ? null : source.toPath()).weights(weights)
        .size(size).batch(batch).imgsz(imgsz).half(half).ampDtype(ampDtype).warmup(warmup).runs(runs).repeat(repeat)
        .nms(new NmsOptions(conf, iou, maxDet)).device(DeviceSpec.parse(device)).threads(threads).trace(!noTrace)
        .project((project != null ? project : outputDirectory).toPath()).build();
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

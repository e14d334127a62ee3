package org.libreyolo.profile.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import org.libreyolo.profile.options.NmsOptions;
import org.libreyolo.profile.report.PredictionReport;
import org.libreyolo.profile.yolo.Prediction;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code libreyolo predict [source]}: detections for an image, a directory or an .npz input. */
@Command(
    name = "predict",
    mixinStandardHelpOptions = true,
    description = "Run LibreYOLO9 on images and print the detections.")
public final class PredictCommand implements Runnable {
  @Spec CommandSpec spec;

  @Parameters(
      index = "0",
      arity = "0..1",
      paramLabel = "<source>",
      description =
          "image file, directory of images, or .npz with 'input' (NCHW float32); default: the bundled sample image")
  Path source;

  @Mixin ModelOptions model;
  @Mixin EngineOptions engine;

  @Option(
      names = "--imgsz",
      defaultValue = "640",
      description = "input size, a multiple of 32 (default: ${DEFAULT-VALUE})")
  int imgsz;

  @Option(
      names = "--batch",
      defaultValue = "1",
      description = "images per forward (default: ${DEFAULT-VALUE})")
  int batch;

  @Mixin NmsFlags nms;

  @Option(names = "--json", description = "print detections as JSON")
  boolean json;

  @Option(
      names = "--save-raw",
      paramLabel = "FILE.npz",
      description = "write the raw predictions tensor to an .npz")
  Path saveRaw;

  @Override
  public void run() {
    NmsOptions options = nms.options();
    engine.spec();
    Prediction.Result r =
        Prediction.run(
            new Prediction.Request(
                model.weights, model.size, imgsz, batch, options, source, saveRaw),
            engine::boot);
    print(r);
  }

  private void print(Prediction.Result r) {
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      out.println(PredictionReport.json(r));
      return;
    }
    String note = PredictionReport.randomWeightsNote(r);
    if (note != null) {
      spec.commandLine().getErr().println(note);
    }
    PredictionReport.text(r).forEach(out::println);
    if (saveRaw != null) {
      out.println("raw predictions: " + saveRaw);
    }
  }
}

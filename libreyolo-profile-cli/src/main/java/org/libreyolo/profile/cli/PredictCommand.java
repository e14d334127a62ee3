package org.libreyolo.profile.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.libreyolo.profile.options.NmsOptions;
import org.libreyolo.profile.result.Detection;
import org.libreyolo.profile.result.Json;
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
    print(r.names(), r.detections(), r);
  }

  private void print(List<String> names, List<List<Detection>> results, Prediction.Result weights) {
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      List<Map<String, Object>> images = new ArrayList<>();
      for (int i = 0; i < results.size(); i++) {
        List<Map<String, Object>> dets = new ArrayList<>();
        for (Detection d : results.get(i)) {
          Map<String, Object> m = new LinkedHashMap<>();
          m.put("class_id", d.classId());
          m.put("class", d.className());
          m.put("score", round(d.score(), 4));
          m.put(
              "box",
              List.of(round(d.x1(), 1), round(d.y1(), 1), round(d.x2(), 1), round(d.y2(), 1)));
          dets.add(m);
        }
        Map<String, Object> image = new LinkedHashMap<>();
        image.put("image", names.get(i));
        image.put("weights", weights.weightsLabel());
        image.put("num_detections", dets.size());
        image.put("detections", dets);
        images.add(image);
      }
      out.println(Json.indented(images));
      return;
    }
    if (weights.randomWeights()) {
      spec.commandLine()
          .getErr()
          .println(
              "note: "
                  + weights.requestedWeights()
                  + " not found locally: random-init weights (seeded), detections are not meaningful");
    }
    for (int i = 0; i < results.size(); i++) {
      out.printf(Locale.ROOT, "%s: %d detection(s)%n", names.get(i), results.get(i).size());
      for (Detection d : results.get(i)) {
        out.printf(
            Locale.ROOT,
            "  %-14s %.3f  [%.1f, %.1f, %.1f, %.1f]%n",
            d.className(),
            d.score(),
            d.x1(),
            d.y1(),
            d.x2(),
            d.y2());
      }
    }
    if (saveRaw != null) {
      out.println("raw predictions: " + saveRaw);
    }
  }

  private static double round(double v, int places) {
    return java.math.BigDecimal.valueOf(v)
        .setScale(places, java.math.RoundingMode.HALF_EVEN)
        .doubleValue();
  }
}

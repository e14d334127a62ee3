package org.libreyolo.profile.cli;

import ai.djl.Device;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.internal.python.PyJson;
import org.libreyolo.profile.internal.data.ImageSource;
import org.libreyolo.profile.internal.image.RgbImage;
import org.libreyolo.profile.internal.io.AtomicFiles;
import org.libreyolo.profile.internal.io.Npz;
import org.libreyolo.profile.internal.io.Tensor;
import org.libreyolo.profile.internal.model.CocoNames;
import org.libreyolo.profile.internal.model.Detector;
import org.libreyolo.profile.result.Detection;
import org.libreyolo.profile.options.NmsOptions;
import org.libreyolo.profile.internal.pipeline.DetectionPipeline;
import org.libreyolo.profile.internal.weights.Detectors;
import org.libreyolo.profile.internal.weights.WeightsSource;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code libreyolo predict [source]}: detections for an image, a directory or an .npz input. */
@Command(name = "predict", mixinStandardHelpOptions = true,
    description = "Run LibreYOLO9 on images and print the detections.")
public final class PredictCommand implements Runnable {
  @Spec CommandSpec spec;

  @Parameters(index = "0", arity = "0..1", paramLabel = "<source>",
      description = "image file, directory of images, or .npz with 'input' (NCHW float32); default: the bundled sample image")
  Path source;

  @Mixin ModelOptions model;
  @Mixin EngineOptions engine;

  @Option(names = "--imgsz", defaultValue = "640", description = "input size, a multiple of 32 (default: ${DEFAULT-VALUE})")
  int imgsz;

  @Option(names = "--batch", defaultValue = "1", description = "images per forward (default: ${DEFAULT-VALUE})")
  int batch;

  @Mixin NmsFlags nms;

  @Option(names = "--json", description = "print detections as JSON")
  boolean json;

  @Option(names = "--save-raw", paramLabel = "FILE.npz", description = "write the raw predictions tensor to an .npz")
  Path saveRaw;

  @Override
  public void run() {
    DetectionPipeline.checkSize("size", imgsz);
    if (batch <= 0) {
      throw LibreYoloException.badInput("--batch must be >= 1, got " + batch);
    }
    NmsOptions options = nms.options();
    engine.spec();
    boolean npzInput = source != null && source.toString().toLowerCase(Locale.ROOT).endsWith(".npz");
    Tensor input = npzInput ? npzInput(source) : null;
    List<RgbImage> images = npzInput ? List.of() : ImageSource.load(checkedSource());
    WeightsSource weights = model.resolve();
    Device device = engine.boot();

    List<Npz.FloatArray> raw = saveRaw != null ? new ArrayList<>() : null;
    List<String> names = new ArrayList<>();
    List<List<Detection>> results = new ArrayList<>();
    try (Detector detector = Detectors.load(weights, CocoNames.NAMES.size(), device)) {
      DetectionPipeline predictor = new DetectionPipeline(detector, imgsz, imgsz, options);
      if (input != null) {
        results.addAll(predictor.predict(DetectionPipeline.prepared(input.toFloat32(), input.shape()), raw));
        for (int i = 0; i < results.size(); i++) {
          names.add(source.getFileName() + "[" + i + "]");
        }
      } else {
        for (int start = 0; start < images.size(); start += batch) {
          List<RgbImage> chunk = images.subList(start, Math.min(images.size(), start + batch));
          results.addAll(predictor.predict(predictor.preprocess(chunk), raw));
          chunk.forEach(image -> names.add(image.name()));
        }
      }
      if (saveRaw != null) {
        AtomicFiles.write(saveRaw, out -> Npz.writeFloat32(out, Map.of("predictions", concat(raw))));
      }
      print(names, results, weights);
    }
  }

  private Path checkedSource() {
    if (source != null && !Files.exists(source)) {
      throw LibreYoloException.badInput("no images found at: " + source + " (no such file or directory)");
    }
    return source;
  }

  private static Tensor npzInput(Path file) {
    if (!Files.isRegularFile(file)) {
      throw LibreYoloException.badInput("no such .npz file: " + file);
    }
    Tensor input = Npz.read(file).get("input");
    if (input == null) {
      throw LibreYoloException.badInput(file + " has no 'input' array (expected NCHW float32, already preprocessed)");
    }
    return input;
  }

  private static Npz.FloatArray concat(List<Npz.FloatArray> parts) {
    if (parts.size() == 1) {
      return parts.get(0);
    }
    long[] shape = parts.get(0).shape().clone();
    int total = 0;
    shape[0] = 0;
    for (Npz.FloatArray p : parts) {
      shape[0] += p.shape()[0];
      total += p.values().length;
    }
    float[] values = new float[total];
    int at = 0;
    for (Npz.FloatArray p : parts) {
      System.arraycopy(p.values(), 0, values, at, p.values().length);
      at += p.values().length;
    }
    return new Npz.FloatArray(values, shape);
  }

  private void print(List<String> names, List<List<Detection>> results, WeightsSource weights) {
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
          m.put("box", List.of(round(d.x1(), 1), round(d.y1(), 1), round(d.x2(), 1), round(d.y2(), 1)));
          dets.add(m);
        }
        Map<String, Object> image = new LinkedHashMap<>();
        image.put("image", names.get(i));
        image.put("weights", weights.label());
        image.put("num_detections", dets.size());
        image.put("detections", dets);
        images.add(image);
      }
      out.println(PyJson.indented(images));
      return;
    }
    if (weights.kind() == WeightsSource.Kind.RANDOM_INIT) {
      spec.commandLine().getErr().println("note: " + weights.requested()
          + " not found locally: random-init weights (seeded), detections are not meaningful");
    }
    for (int i = 0; i < results.size(); i++) {
      out.printf(Locale.ROOT, "%s: %d detection(s)%n", names.get(i), results.get(i).size());
      for (Detection d : results.get(i)) {
        out.printf(Locale.ROOT, "  %-14s %.3f  [%.1f, %.1f, %.1f, %.1f]%n",
            d.className(), d.score(), d.x1(), d.y1(), d.x2(), d.y2());
      }
    }
    if (saveRaw != null) {
      out.println("raw predictions: " + saveRaw);
    }
  }

  private static double round(double v, int places) {
    return java.math.BigDecimal.valueOf(v).setScale(places, java.math.RoundingMode.HALF_EVEN).doubleValue();
  }
}

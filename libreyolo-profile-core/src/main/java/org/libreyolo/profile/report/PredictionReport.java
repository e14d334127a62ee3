package org.libreyolo.profile.report;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.result.Detection;
import org.libreyolo.profile.result.Json;
import org.libreyolo.profile.yolo.ModelFacts;
import org.libreyolo.profile.yolo.Prediction;

/**
 * The {@code predict} and {@code model} commands' results in words and as JSON: detections per
 * image, a built-in model's facts.
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public final class PredictionReport {
  private PredictionReport() {}

  /**
   * The detections as JSON, one object per image (score to 4 decimals, box to 1).
   *
   * @param r the prediction
   * @return the indented JSON array
   */
  public static String json(Prediction.Result r) {
    List<Map<String, Object>> images = new ArrayList<>();
    for (int i = 0; i < r.detections().size(); i++) {
      List<Map<String, Object>> dets = new ArrayList<>();
      for (Detection d : r.detections().get(i)) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("class_id", d.classId());
        m.put("class", d.className());
        m.put("score", round(d.score(), 4));
        m.put(
            "box", List.of(round(d.x1(), 1), round(d.y1(), 1), round(d.x2(), 1), round(d.y2(), 1)));
        dets.add(m);
      }
      Map<String, Object> image = new LinkedHashMap<>();
      image.put("image", r.names().get(i));
      image.put("weights", r.weightsLabel());
      image.put("num_detections", dets.size());
      image.put("detections", dets);
      images.add(image);
    }
    return Json.indented(images);
  }

  /**
   * The detections in words: a line per image, a line per detection.
   *
   * @param r the prediction
   * @return the lines
   */
  public static List<String> text(Prediction.Result r) {
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < r.detections().size(); i++) {
      lines.add(
          String.format(
              Locale.ROOT, "%s: %d detection(s)", r.names().get(i), r.detections().get(i).size()));
      for (Detection d : r.detections().get(i)) {
        lines.add(
            String.format(
                Locale.ROOT,
                "  %-14s %.3f  [%.1f, %.1f, %.1f, %.1f]",
                d.className(),
                d.score(),
                d.x1(),
                d.y1(),
                d.x2(),
                d.y2()));
      }
    }
    return lines;
  }

  /**
   * The note for weights that were not found.
   *
   * @param r the prediction
   * @return the note, or null with real weights
   */
  public static String randomWeightsNote(Prediction.Result r) {
    return r.randomWeights()
        ? "note: "
            + r.requestedWeights()
            + " not found locally: random-init weights (seeded), detections are not meaningful"
        : null;
  }

  /**
   * A built-in model's facts as JSON.
   *
   * @param f the facts
   * @return the indented JSON object
   */
  public static String json(ModelFacts f) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("model", f.model());
    m.put("size", f.size());
    m.put("nc", f.classes());
    m.put("imgsz", f.imgsz());
    m.put("params", f.params());
    m.put("gflops", Math.round(f.gflops() * 100) / 100.0);
    m.put("output_shape", f.outputShape());
    return Json.indented(m);
  }

  /**
   * A built-in model's facts in words.
   *
   * @param f the facts
   * @return the lines
   */
  public static List<String> text(ModelFacts f) {
    return List.of(
        String.format(
            Locale.ROOT, "LibreYOLO9%s  nc=%d  imgsz=%d", f.size(), f.classes(), f.imgsz()),
        String.format(Locale.ROOT, "params   %,d", f.params()),
        String.format(Locale.ROOT, "GFLOPs   %.2f", f.gflops()),
        String.format(
            Locale.ROOT,
            "output   (1, %d, %d)  xyxy + %d class scores per anchor",
            4 + f.classes(),
            f.outputShape().get(2),
            f.classes()));
  }

  private static double round(double v, int places) {
    return BigDecimal.valueOf(v).setScale(places, RoundingMode.HALF_EVEN).doubleValue();
  }
}

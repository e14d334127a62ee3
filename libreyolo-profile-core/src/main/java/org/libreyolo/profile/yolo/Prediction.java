package org.libreyolo.profile.yolo;

import ai.djl.Device;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.internal.data.ImageSource;
import org.libreyolo.profile.internal.image.RgbImage;
import org.libreyolo.profile.internal.io.AtomicFiles;
import org.libreyolo.profile.internal.io.Npz;
import org.libreyolo.profile.internal.io.Tensor;
import org.libreyolo.profile.internal.model.CocoNames;
import org.libreyolo.profile.internal.pipeline.DetectionPipeline;
import org.libreyolo.profile.internal.runtime.ModelRuntimes;
import org.libreyolo.profile.internal.weights.WeightsSource;
import org.libreyolo.profile.options.NmsOptions;
import org.libreyolo.profile.result.Detection;

/** Detections for images, a directory or an already preprocessed {@code .npz} input. */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public final class Prediction {
  private Prediction() {}

  /**
   * What to predict on and with.
   *
   * @param weights the weights file or built-in name; null for the size's default
   * @param size {@code t}, {@code s}, {@code m} or {@code c}; null for the size in the weights name
   * @param imgsz input height and width, a positive multiple of 32
   * @param batch images per forward, at least 1
   * @param nms the postprocess thresholds
   * @param source an image, a directory, an .npz with an {@code input} array (NCHW float32), or
   *     null for the sample
   * @param saveRaw where to write the raw predictions as .npz, or null
   */
  @Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
  public record Request(
      String weights,
      String size,
      int imgsz,
      int batch,
      NmsOptions nms,
      Path source,
      Path saveRaw) {}

  /**
   * The detections, one list per image, with the names the images go by.
   *
   * @param names per image, its file name ({@code input.npz[0]} for an .npz row)
   * @param detections per image, its detections
   * @param weightsLabel the weights as the profile names them
   * @param randomWeights whether the weights are seeded random ones
   * @param requestedWeights the weights as the user named them
   */
  @Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
  public record Result(
      List<String> names,
      List<List<Detection>> detections,
      String weightsLabel,
      boolean randomWeights,
      String requestedWeights) {}

  /**
   * Checks the request, reads the input, then boots the device and predicts.
   *
   * @param request what to predict on
   * @param device boots the engine and resolves the device, after every option is checked
   * @return the detections
   */
  public static Result run(Request request, Supplier<Device> device) {
    DetectionPipeline.checkSize("size", request.imgsz());
    if (request.batch() <= 0) {
      throw LibreYoloException.badInput("{batch} must be >= 1, got " + request.batch());
    }
    Path source = request.source();
    boolean npzInput =
        source != null && source.toString().toLowerCase(Locale.ROOT).endsWith(".npz");
    Tensor input = npzInput ? npzInput(source) : null;
    List<RgbImage> images = npzInput ? List.of() : ImageSource.load(checked(source));
    WeightsSource weights = WeightsSource.resolve(request.weights(), request.size());
    Device on = device.get();
    List<Npz.FloatArray> raw = request.saveRaw() != null ? new ArrayList<>() : null;
    List<String> names = new ArrayList<>();
    List<List<Detection>> results = new ArrayList<>();
    try (Yolo9 yolo =
        new Yolo9(
            ModelRuntimes.open(weights, CocoNames.NAMES.size(), on),
            request.imgsz(),
            request.nms(),
            weights)) {
      if (input != null) {
        results.addAll(
            yolo.postprocessed(DetectionPipeline.prepared(input.toFloat32(), input.shape()), raw));
        for (int i = 0; i < results.size(); i++) {
          names.add(source.getFileName() + "[" + i + "]");
        }
      } else {
        for (int start = 0; start < images.size(); start += request.batch()) {
          List<RgbImage> chunk =
              images.subList(start, Math.min(images.size(), start + request.batch()));
          results.addAll(yolo.postprocessed(yolo.pipeline().preprocess(chunk), raw));
          chunk.forEach(image -> names.add(image.name()));
        }
      }
    }
    if (request.saveRaw() != null) {
      AtomicFiles.write(
          request.saveRaw(), out -> Npz.writeFloat32(out, Map.of("predictions", concat(raw))));
    }
    return new Result(
        names,
        results,
        weights.label(),
        weights.kind() == WeightsSource.Kind.RANDOM_INIT,
        weights.requested());
  }

  private static Path checked(Path source) {
    if (source != null && !Files.exists(source)) {
      throw LibreYoloException.badInput(
          "no images found at: " + source + " (no such file or directory)");
    }
    return source;
  }

  private static Tensor npzInput(Path file) {
    if (!Files.isRegularFile(file)) {
      throw LibreYoloException.badInput("no such .npz file: " + file);
    }
    Tensor input = Npz.read(file).get("input");
    if (input == null) {
      throw LibreYoloException.badInput(
          file + " has no 'input' array (expected NCHW float32, already preprocessed)");
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
}

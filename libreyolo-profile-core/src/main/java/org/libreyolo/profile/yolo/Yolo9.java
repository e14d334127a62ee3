package org.libreyolo.profile.yolo;

import ai.djl.Device;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.nn.Block;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.internal.data.ImageSource;
import org.libreyolo.profile.internal.image.RgbImage;
import org.libreyolo.profile.internal.model.CocoNames;
import org.libreyolo.profile.internal.model.Detector;
import org.libreyolo.profile.internal.model.Yolo9Detector;
import org.libreyolo.profile.internal.model.Yolo9Size;
import org.libreyolo.profile.internal.pipeline.DetectionPipeline;
import org.libreyolo.profile.internal.runtime.ModelRuntimes;
import org.libreyolo.profile.internal.weights.Detectors;
import org.libreyolo.profile.internal.weights.WeightsSource;
import org.libreyolo.profile.options.NmsOptions;
import org.libreyolo.profile.result.Detection;

/**
 * A LibreYOLO9 detector (or a TorchScript detection model) with its pipeline at one input size: the
 * three phases of a predict call as a perf test measures them, or a whole prediction.
 *
 * <pre>{@code
 * Yolo9 yolo = Yolo9.randomInit("t", 320);
 * var input = yolo.preprocess(Yolo9.sampleImages());
 * try (NDManager sub = yolo.newSubManager()) {
 *   yolo.postprocess(yolo.forward(sub, input), input);
 * }
 * }</pre>
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public final class Yolo9 implements AutoCloseable {
  private final Detector detector;
  private final DetectionPipeline pipeline;
  private final WeightsSource weights;

  Yolo9(Detector detector, int imgsz, NmsOptions nms, WeightsSource weights) {
    this.detector = detector;
    this.weights = weights;
    try {
      this.pipeline = new DetectionPipeline(detector, imgsz, imgsz, nms);
    } catch (RuntimeException e) {
      detector.close();
      throw e;
    }
  }

  /**
   * LibreYOLO9 with seeded random weights (seed 0), 80 classes, on the CPU: a perf test's model
   * where trained weights do not matter.
   *
   * @param size {@code t}, {@code s}, {@code m} or {@code c}
   * @param imgsz input height and width, a positive multiple of 32
   * @return the detector; close it after the tests
   */
  public static Yolo9 randomInit(String size, int imgsz) {
    Yolo9Size s = Yolo9Size.parse(size);
    DetectionPipeline.checkSize("size", imgsz);
    return new Yolo9(
        Detectors.randomInit(s, CocoNames.NAMES.size(), Device.cpu(), 0),
        imgsz,
        NmsOptions.DEFAULT,
        WeightsSource.resolve(null, size));
  }

  /**
   * A detector from weights as the CLI's {@code predict} takes them: a built-in {@code
   * LibreYOLO9<size>.pt} name (random-init when the file is absent), an .npz/.safetensors of
   * upstream-named tensors, or a TorchScript file.
   *
   * @param weights the weights file or built-in name; null for the size's default
   * @param size {@code t}, {@code s}, {@code m} or {@code c}; null for the size in the weights name
   * @param imgsz input height and width, a positive multiple of 32
   * @param nms the postprocess thresholds
   * @param device where to run (the engine booted, the device checked: {@code Engine.boot})
   * @return the detector; close it when done
   */
  public static Yolo9 open(String weights, String size, int imgsz, NmsOptions nms, Device device) {
    DetectionPipeline.checkSize("size", imgsz);
    WeightsSource source = WeightsSource.resolve(weights, size);
    return new Yolo9(
        ModelRuntimes.open(source, CocoNames.NAMES.size(), device), imgsz, nms, source);
  }

  /**
   * The bundled CC0 sample photo, as a one-image batch.
   *
   * @return one image
   */
  public static List<Image> sampleImages() {
    return List.of(new Image(ImageSource.sample()));
  }

  /**
   * The images of a file or a directory (sorted by name); null is the bundled sample.
   *
   * @param source an image file or a directory of images
   * @return the decoded images
   */
  public static List<Image> readImages(Path source) {
    List<Image> images = new ArrayList<>();
    ImageSource.load(source).forEach(rgb -> images.add(new Image(rgb)));
    return images;
  }

  /**
   * Letterboxes the images into one input batch (the preprocess phase).
   *
   * @param images the images, at most the batch the model takes
   * @return the batch, ready for {@link #forward}
   */
  public Input preprocess(List<Image> images) {
    List<RgbImage> rgb = new ArrayList<>(images.size());
    images.forEach(i -> rgb.add(i.rgb));
    return new Input(pipeline.preprocess(rgb));
  }

  /**
   * Runs the network on a batch (the forward phase); the arrays live in {@code sub}.
   *
   * @param sub a sub-manager of {@link #newSubManager()}, closed by the caller after postprocess
   * @param input a preprocessed batch
   * @return the raw predictions
   */
  public NDList forward(NDManager sub, Input input) {
    return pipeline.forward(sub, input.batch);
  }

  /**
   * Decodes and suppresses the raw predictions (the postprocess phase).
   *
   * @param predictions the output of {@link #forward}
   * @param input the batch they came from
   * @return per image, its detections in original image coordinates
   */
  public List<List<Detection>> postprocess(NDList predictions, Input input) {
    return pipeline.postprocess(predictions.get(0), input.batch);
  }

  /**
   * Preprocess, forward and postprocess in one call.
   *
   * @param images the images of one batch
   * @return per image, its detections
   */
  public List<List<Detection>> predict(List<Image> images) {
    return postprocessed(preprocess(images).batch, null);
  }

  List<List<Detection>> postprocessed(
      DetectionPipeline.Batch batch, List<org.libreyolo.profile.internal.io.Npz.FloatArray> raw) {
    return pipeline.predict(batch, raw);
  }

  /**
   * A sub-manager of the model's manager: one per iteration, closed after it (djl-engine.md).
   *
   * @return a new sub-manager
   */
  public NDManager newSubManager() {
    return detector.manager().newSubManager();
  }

  /**
   * The network as a DJL block, for {@code StepProfiler.model(block)}; null for a TorchScript
   * model.
   *
   * @return the block, or null
   */
  public Block block() {
    return detector instanceof Yolo9Detector y ? y.net() : null;
  }

  /**
   * The weights as the profile names them ({@code random-init}, a file name).
   *
   * @return the weights label
   */
  public String weightsLabel() {
    return weights.label();
  }

  /**
   * Whether the weights are seeded random ones (a built-in name whose file is absent).
   *
   * @return true for random-init weights
   */
  public boolean randomWeights() {
    return weights.kind() == WeightsSource.Kind.RANDOM_INIT;
  }

  /**
   * The weights as the user named them.
   *
   * @return the requested weights
   */
  public String requestedWeights() {
    return weights.requested();
  }

  DetectionPipeline pipeline() {
    return pipeline;
  }

  /** Frees the network's native memory. */
  @Override
  public void close() {
    detector.close();
  }

  /** A decoded RGB image. */
  @Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
  public static final class Image {
    final RgbImage rgb;

    Image(RgbImage rgb) {
      this.rgb = rgb;
    }

    /**
     * The file name the image came from.
     *
     * @return the name
     */
    public String name() {
      return rgb.name();
    }
  }

  /** A preprocessed batch: what {@link #forward} and {@link #postprocess} take. */
  @Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
  public static final class Input {
    final DetectionPipeline.Batch batch;

    Input(DetectionPipeline.Batch batch) {
      this.batch = batch;
    }

    /**
     * How many images the batch holds.
     *
     * @return the image count
     */
    public int count() {
      return batch.count();
    }
  }
}

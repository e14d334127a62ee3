package org.libreyolo.profile.internal.weights;

import ai.djl.Device;
import java.util.Map;
import org.libreyolo.profile.internal.io.Tensor;
import org.libreyolo.profile.internal.model.Detector;
import org.libreyolo.profile.internal.model.TorchScriptDetector;
import org.libreyolo.profile.internal.model.Yolo9Detector;
import org.libreyolo.profile.internal.model.Yolo9Size;

/** Builds the detector that a {@link WeightsSource} describes. */
public final class Detectors {
  private Detectors() {}

  /**
   * @param classes class count for a built-in model (a tensor file's own head decides otherwise)
   */
  public static Detector load(WeightsSource source, int classes, Device device) {
    return switch (source.kind()) {
      case RANDOM_INIT -> randomInit(source.size(), classes, device, RandomInit.DEFAULT_SEED);
      case TORCHSCRIPT -> new TorchScriptDetector(source.file(), device);
      case ENGINE_MODEL ->
          throw new IllegalArgumentException(
              source.requested()
                  + " opens on its engine's runtime (internal.runtime.ModelRuntimes)");
      case TENSOR_FILE -> fromTensors(source, classes, device);
    };
  }

  public static Yolo9Detector randomInit(Yolo9Size size, int classes, Device device, long seed) {
    Yolo9Detector detector = new Yolo9Detector(size, classes, device, WeightsSource.RANDOM_INIT);
    RandomInit.apply(detector.net(), seed);
    return detector;
  }

  private static Detector fromTensors(WeightsSource source, int classes, Device device) {
    Map<String, Tensor> tensors = WeightsLoader.readTensors(source.file());
    Yolo9Size inferred = WeightsLoader.inferSize(tensors);
    Yolo9Size size =
        inferred != null ? inferred : source.size() != null ? source.size() : Yolo9Size.T;
    int fileClasses = WeightsLoader.inferClasses(tensors);
    Yolo9Detector detector =
        new Yolo9Detector(size, fileClasses > 0 ? fileClasses : classes, device, source.label());
    try {
      WeightsLoader.apply(tensors, detector.net().namedParameters(), source.requested());
      return detector;
    } catch (RuntimeException e) {
      detector.close();
      throw e;
    }
  }
}

package org.libreyolo.profile.internal.runtime.onnx;

import ai.djl.Device;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.onnxruntime.NodeInfo;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import ai.onnxruntime.TensorInfo;
import java.nio.FloatBuffer;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.internal.model.Detector;
import org.libreyolo.profile.internal.model.ModelInfo;

/**
 * An ONNX model behind the same {@link Detector} face as a TorchScript one (docs/onnx.md), for
 * inference only: the pipeline's preprocessed batch (a libtorch tensor) goes to ONNX Runtime as a
 * direct view of its memory, and the first output is copied back, both inside {@code forward}.
 */
public final class OnnxDetector implements Detector, OnnxBacked {
  private final OnnxSession session;
  private final NDManager manager;
  private final String inputName;
  private final long[] inputShape;
  private ModelInfo info;

  public OnnxDetector(Path file, Device device, int threads) {
    if (!Device.Type.CPU.equals(device.getDeviceType())) {
      throw LibreYoloException.badInput(
          "ONNX models run on the CPU here (ONNX Runtime's CPU provider): set {device} to cpu for "
              + file);
    }
    this.session = new OnnxSession(file, threads);
    try {
      Map<String, NodeInfo> inputs = session.inputs();
      if (inputs.size() != 1) {
        throw LibreYoloException.badInput(
            file
                + " takes "
                + inputs.size()
                + " inputs ("
                + String.join(", ", inputs.keySet())
                + "): profile infer feeds one image batch; export the model with a single"
                + " [N, 3, H, W] input");
      }
      Map.Entry<String, NodeInfo> input = inputs.entrySet().iterator().next();
      if (!(input.getValue().getInfo() instanceof TensorInfo t) || t.getShape().length != 4) {
        throw LibreYoloException.badInput(
            file + "'s input " + input.getKey() + " is not a [N, 3, H, W] tensor");
      }
      this.inputName = input.getKey();
      this.inputShape = t.getShape();
    } catch (RuntimeException e) {
      session.close();
      throw e;
    }
    this.manager = NDManager.newBaseManager(device);
  }

  /** The ONNX Runtime session the forward runs in. */
  public OnnxSession session() {
    return session;
  }

  @Override
  public ModelInfo info() {
    // ONNX Runtime's Java API does not list the initializers: the parameter count is unknown
    return info != null
        ? info
        : new ModelInfo("ONNX", "?", -1, -1, session.file().toString(), "onnx");
  }

  @Override
  public NDManager manager() {
    return manager;
  }

  @Override
  public Device device() {
    return manager.getDevice();
  }

  @Override
  public NDList forward(NDArray input) {
    long[] shape = input.getShape().getShape();
    checkFits(shape);
    // a direct view of the libtorch tensor: ONNX Runtime reads it in place
    FloatBuffer view = input.toByteBuffer().order(java.nio.ByteOrder.nativeOrder()).asFloatBuffer();
    try (OnnxTensor x = OnnxTensor.createTensor(session.environment(), view, shape);
        OrtSession.Result r = session.run(Map.of(inputName, x))) {
      OnnxTensor out = (OnnxTensor) r.get(0);
      long[] outShape = out.getInfo().getShape();
      FloatBuffer values = out.getFloatBuffer();
      float[] copy = new float[values.remaining()];
      values.get(copy);
      describe(outShape);
      return new NDList(input.getManager().create(copy, new Shape(outShape)));
    } catch (OrtException e) {
      throw LibreYoloException.badInput(
          "ONNX Runtime failed to run " + session.file() + ": " + e.getMessage());
    }
  }

  /** A fixed input dimension run at another size is refused before ONNX Runtime sees it. */
  private void checkFits(long[] shape) {
    for (int d = 0; d < 4; d++) {
      if (inputShape[d] > 0 && inputShape[d] != shape[d]) {
        throw LibreYoloException.badInput(
            session.file() + " has a fixed input shape " + Arrays.toString(inputShape));
      }
    }
  }

  private void describe(long[] shape) {
    if (info == null) {
      info = ModelInfo.exported(shape, "ONNX", -1, session.file().toString(), "onnx");
    }
  }

  @Override
  public void close() {
    session.close();
    manager.close();
  }
}

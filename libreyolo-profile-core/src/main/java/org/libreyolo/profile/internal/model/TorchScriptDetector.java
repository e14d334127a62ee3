package org.libreyolo.profile.internal.model;

import ai.djl.Device;
import ai.djl.MalformedModelException;
import ai.djl.Model;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.training.ParameterStore;
import java.io.IOException;
import java.nio.file.Path;
import org.libreyolo.profile.LibreYoloException;

/**
 * A TorchScript model, for inference only: a LibreYOLO9 export (first output (B, 4+nc, A)) or any
 * other model, which {@code profile infer} then profiles without postprocess.
 */
public final class TorchScriptDetector implements Detector {
  private final Model model;
  private final ParameterStore parameters;
  private final String label;
  private final long parameterCount;
  private ModelInfo info;

  public TorchScriptDetector(Path file, Device device) {
    this.model = Model.newInstance("torchscript", device, "PyTorch");
    try {
      model.load(file.toAbsolutePath().getParent(), file.getFileName().toString());
    } catch (IOException | MalformedModelException | RuntimeException e) {
      model.close();
      throw LibreYoloException.badInput(
          "cannot load TorchScript model " + file + ": " + firstLine(e));
    }
    this.parameters = new ParameterStore(model.getNDManager(), false);
    this.label = file.toString();
    this.parameterCount = countParameters(model);
  }

  /**
   * The module's parameter elements (its named parameters, as {@code sum(p.numel())} counts them in
   * Python): part of the environment fingerprint, so the gate sees a different model file.
   */
  private static long countParameters(Model model) {
    try {
      long n = 0;
      for (var p : model.getBlock().getParameters()) {
        n += p.getValue().getArray().size();
      }
      return n;
    } catch (RuntimeException e) {
      return -1; // a module that cannot list its parameters: the fingerprint says unknown
    }
  }

  private static String firstLine(Throwable e) {
    String msg = String.valueOf(e.getMessage());
    int nl = msg.indexOf('\n');
    return nl < 0 ? msg : msg.substring(0, nl);
  }

  @Override
  public ModelInfo info() {
    // the class count is known once the first forward has shown the output layout
    return info != null
        ? info
        : new ModelInfo("TorchScript", "?", -1, parameterCount, label, "torchscript");
  }

  @Override
  public NDManager manager() {
    return model.getNDManager();
  }

  @Override
  public Device device() {
    return model.getNDManager().getDevice();
  }

  @Override
  public NDList forward(NDArray input) {
    NDList out = model.getBlock().forward(parameters, new NDList(input), false);
    if (info == null) {
      info =
          ModelInfo.exported(
              out.get(0).getShape().getShape(),
              "TorchScript",
              parameterCount,
              label,
              "torchscript");
    }
    return out;
  }

  @Override
  public void close() {
    model.close();
  }
}

package org.libreyolo.profile.onnx;

import ai.onnxruntime.OnnxTensorLike;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import java.nio.file.Path;
import java.util.Map;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.internal.runtime.onnx.OnnxBacked;
import org.libreyolo.profile.internal.runtime.onnx.OnnxSession;
import org.libreyolo.profile.produce.DeployedModel;

/**
 * An ONNX model in ONNX Runtime, for perf tests of the model as deployed (docs/onnx.md): measure
 * {@link #run} in a step, and a traced step records ONNX Runtime's kernels as its ops (give the
 * model to the step: {@code StepOptions.Builder#onnx}, the JUnit {@code StepProfiler#onnx}). Runs
 * on the CPU provider, the given intra-op threads, inter-op 1.
 *
 * <pre>{@code
 * try (OnnxModel model = OnnxModel.load(Path.of("model.onnx"), 1);
 *     OnnxTensor x = OnnxTensor.createTensor(model.environment(), input)) {
 *   try (OrtSession.Result r = model.run(Map.of("images", x))) { ... }
 * }
 * }</pre>
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public final class OnnxModel implements DeployedModel, OnnxBacked, AutoCloseable {
  private final OnnxSession session;

  private OnnxModel(OnnxSession session) {
    this.session = session;
  }

  /**
   * Loads a model; an unreadable file is a {@code LibreYoloException} naming it.
   *
   * @param file the {@code .onnx} file
   * @param threads intra-op threads, at least 1
   * @return the model
   */
  public static OnnxModel load(Path file, int threads) {
    return new OnnxModel(new OnnxSession(file, threads));
  }

  /**
   * One run of the model; close the result.
   *
   * @param inputs the model's inputs by name
   * @return ONNX Runtime's outputs
   * @throws OrtException when ONNX Runtime refuses the inputs
   */
  public OrtSession.Result run(Map<String, ? extends OnnxTensorLike> inputs) throws OrtException {
    return session.run(inputs);
  }

  /** {@return the environment to create input tensors in} */
  public OrtEnvironment environment() {
    return session.environment();
  }

  /** {@return the model file} */
  @Override
  public Path file() {
    return session.file();
  }

  /** {@return the session, for the runtime that traces it (not for users)} */
  @Override
  public OnnxSession session() {
    return session;
  }

  @Override
  public void close() {
    session.close();
  }
}

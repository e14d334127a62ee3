package org.libreyolo.profile.produce;

import java.nio.file.Path;
import org.libreyolo.profile.Api;

/**
 * A model as deployed, loaded by the user's code and run by an engine other than the step's DJL
 * blocks (an {@link org.libreyolo.profile.onnx.OnnxModel} on ONNX Runtime). Named on a step ({@link
 * StepOptions.Builder#runsOn}, the JUnit extension's {@code StepProfiler.runsOn}), its engine is
 * the one a traced step records kernels of and the environment names; which engine that is, the
 * runtime found for it decides (docs/contributing.md, "an engine").
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public interface DeployedModel {
  /** {@return the model's file} */
  Path file();
}

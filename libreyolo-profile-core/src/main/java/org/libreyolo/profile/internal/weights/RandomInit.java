package org.libreyolo.profile.internal.weights;

import ai.djl.nn.Parameter;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.util.SplittableRandom;
import org.libreyolo.profile.internal.model.Yolo9Net;

/**
 * Seeded initialisation matching PyTorch's defaults in distribution: conv weights and biases
 * U(+-1/sqrt(fan_in)), BN at identity; then the head's bias priors (box 1.0, class
 * ln(5/nc/(640/stride)^2)). Values come from a Java RNG, so they do not depend on libtorch.
 */
public final class RandomInit {
  public static final long DEFAULT_SEED = 0L;

  private RandomInit() {}

  public static void apply(Yolo9Net net, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    net.forEachConvParameters(
        (fanIn, weight, bias) -> {
          float bound = (float) (1.0 / Math.sqrt(fanIn));
          fillUniform(weight, bound, random);
          if (bias != null) {
            fillUniform(bias, bound, random);
          }
        });
    net.initHeadBiases();
  }

  private static void fillUniform(Parameter p, float bound, SplittableRandom random) {
    int n = Math.toIntExact(p.getShape().size());
    FloatBuffer values =
        ByteBuffer.allocateDirect(n * 4).order(ByteOrder.nativeOrder()).asFloatBuffer();
    for (int i = 0; i < n; i++) {
      values.put((float) ((random.nextDouble() * 2 - 1) * bound));
    }
    values.flip();
    p.getArray().set(values);
  }
}

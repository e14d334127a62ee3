package org.libreyolo.profile.internal.train;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.index.NDIndex;
import ai.djl.nn.Parameter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * PyTorch-style SGD with Nesterov momentum (0.937) and three parameter groups, as LibreYOLO trains:
 * BN gammas and all biases without weight decay, every other weight with 5e-4. DJL's built-in SGD
 * has neither Nesterov nor groups, so the update is written with in-place NDArray ops: {@code g +=
 * wd w; v = m v + g; w -= lr (g + m v)}.
 */
public final class NesterovSgd {
  public static final float MOMENTUM = 0.937f;
  public static final float WEIGHT_DECAY = 5e-4f;

  private record Slot(Parameter parameter, NDArray velocity, float decay) {}

  private final List<Slot> slots = new ArrayList<>();

  /**
   * @param parameters upstream-named trainable parameters (running statistics are skipped)
   */
  public NesterovSgd(Map<String, Parameter> parameters, NDManager state) {
    for (Map.Entry<String, Parameter> e : parameters.entrySet()) {
      Parameter p = e.getValue();
      if (p.getType() == Parameter.Type.RUNNING_MEAN || p.getType() == Parameter.Type.RUNNING_VAR) {
        continue;
      }
      boolean decays = p.getType() == Parameter.Type.WEIGHT;
      slots.add(new Slot(p, state.zeros(p.getArray().getShape()), decays ? WEIGHT_DECAY : 0f));
    }
  }

  /** Weight decay group sizes: {decayed, not decayed} parameter counts. */
  public int[] groups() {
    int decayed = 0;
    for (Slot s : slots) {
      if (s.decay() > 0) {
        decayed++;
      }
    }
    return new int[] {decayed, slots.size() - decayed};
  }

  /** One update with learning rate {@code lr}, then the gradients are zeroed. */
  public void step(float lr, NDManager scratch) {
    for (Slot s : slots) {
      NDArray w = s.parameter().getArray();
      NDArray g = w.getGradient();
      g.attach(scratch); // the wrapper, not the gradient: freed with the step's scratch manager
      if (s.decay() > 0) {
        NDArray decay = w.mul(s.decay());
        g.addi(decay);
        decay.close();
      }
      s.velocity().muli(MOMENTUM).addi(g);
      NDArray update = s.velocity().mul(MOMENTUM);
      update.addi(g).muli(lr);
      w.subi(update);
      update.close();
      g.muli(0f);
    }
  }

  /**
   * The update only when {@code loss} is finite, as a gradient scaler skips overflowed steps: a
   * non-finite loss leaves weights and momentum untouched and clears the (NaN) gradients.
   *
   * @return whether the update was applied
   */
  public boolean stepIfFinite(double loss, float lr, NDManager scratch) {
    if (Double.isFinite(loss)) {
      step(lr, scratch);
      return true;
    }
    for (Slot s : slots) {
      NDArray g = s.parameter().getArray().getGradient();
      g.attach(scratch);
      // g * 0 keeps NaN; overwrite instead
      g.set(new NDIndex("..."), 0f);
    }
    return false;
  }

  /**
   * LibreYOLO's per-iteration schedule: linear warm-up from 1e-4 to lr0, then linear decay to lr0 *
   * 0.01.
   */
  public static float learningRate(long iteration, long warmupIterations, long totalIterations) {
    double lr0 = 0.01;
    double start = 1e-4;
    if (iteration <= warmupIterations) {
      return (float) (start + (lr0 - start) * iteration / Math.max(1, warmupIterations));
    }
    double progress =
        (double) (iteration - warmupIterations) / Math.max(1, totalIterations - warmupIterations);
    return (float) (lr0 + (lr0 * 0.01 - lr0) * Math.min(1, progress));
  }
}

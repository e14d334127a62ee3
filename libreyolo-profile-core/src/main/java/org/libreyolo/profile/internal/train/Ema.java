package org.libreyolo.profile.internal.train;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.nn.Parameter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Exponential moving average of every floating-point state entry, BN running statistics included,
 * with LibreYOLO's ramp {@code decay(u) = 0.9999 (1 - exp(-u / 2000))}.
 */
public final class Ema {
  private final List<Parameter> parameters = new ArrayList<>();
  private final List<NDArray> shadow = new ArrayList<>();
  private long updates;

  public Ema(Map<String, Parameter> named, NDManager state) {
    for (Parameter p : named.values()) {
      parameters.add(p);
      NDArray copy = p.getArray().duplicate();
      copy.attach(state);
      shadow.add(copy);
    }
  }

  public static double decay(long updates) {
    return 0.9999 * (1 - Math.exp(-updates / 2000.0));
  }

  public void update() {
    updates++;
    float d = (float) decay(updates);
    for (int i = 0; i < parameters.size(); i++) {
      NDArray blend = parameters.get(i).getArray().mul(1 - d);
      shadow.get(i).muli(d).addi(blend);
      blend.close();
    }
  }

  public long updates() {
    return updates;
  }
}

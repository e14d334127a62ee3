package org.libreyolo.profile.internal.weights;

import ai.djl.nn.Parameter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.internal.io.Npz;
import org.libreyolo.profile.internal.io.Safetensors;
import org.libreyolo.profile.internal.io.Tensor;
import org.libreyolo.profile.internal.model.Yolo9Size;

/** Reads upstream-named tensors and copies them into the model's parameters by name. */
public final class WeightsLoader {
  private static final int SHOWN = 5;

  private WeightsLoader() {}

  public static Map<String, Tensor> readTensors(Path file) {
    String lower = file.toString().toLowerCase(Locale.ROOT);
    return lower.endsWith(".safetensors") ? Safetensors.read(file) : Npz.read(file);
  }

  /** Size from tensor shapes, as upstream does: conv0 width 16 t, 64 c, 32 s or m (elan1 width). */
  public static Yolo9Size inferSize(Map<String, Tensor> tensors) {
    Tensor conv0 = tensors.get("backbone.conv0.conv.weight");
    if (conv0 == null || conv0.shape().length == 0) {
      return null;
    }
    long width = conv0.shape()[0];
    if (width == 16) {
      return Yolo9Size.T;
    }
    if (width == 64) {
      return Yolo9Size.C;
    }
    Tensor elan1 = tensors.get("backbone.elan1.cv1.conv.weight");
    if (width == 32 && elan1 != null && elan1.shape().length > 0) {
      return elan1.shape()[0] == 128 ? Yolo9Size.M : Yolo9Size.S;
    }
    return null;
  }

  /** Class count from the out-channels of the first class tower's final conv. */
  public static int inferClasses(Map<String, Tensor> tensors) {
    Tensor cls = tensors.get("head.cv3.0.2.weight");
    return cls == null || cls.shape().length == 0 ? -1 : (int) cls.shape()[0];
  }

  /**
   * Copies every expected tensor into its parameter. Missing, unexpected and mis-shaped names are
   * all reported together (the first few of each), so one run shows what is wrong.
   */
  public static void apply(
      Map<String, Tensor> tensors, Map<String, Parameter> parameters, String source) {
    List<String> missing = new ArrayList<>();
    List<String> misShaped = new ArrayList<>();
    List<String> unexpected = new ArrayList<>();
    for (Map.Entry<String, Parameter> e : parameters.entrySet()) {
      Tensor t = tensors.get(e.getKey());
      if (t == null) {
        missing.add(e.getKey());
      } else if (!Arrays.equals(t.shape(), e.getValue().getShape().getShape())) {
        misShaped.add(e.getKey() + " " + t.shapeText() + " != " + e.getValue().getShape());
      }
    }
    for (String name : tensors.keySet()) {
      if (!parameters.containsKey(name) && !name.endsWith("num_batches_tracked")) {
        unexpected.add(name);
      }
    }
    if (!missing.isEmpty() || !misShaped.isEmpty() || !unexpected.isEmpty()) {
      StringBuilder msg =
          new StringBuilder("weights ").append(source).append(" do not fit the model:");
      describe(msg, "missing", missing);
      describe(msg, "wrong shape", misShaped);
      describe(msg, "unexpected", unexpected);
      throw LibreYoloException.badInput(msg.toString());
    }
    for (Map.Entry<String, Parameter> e : parameters.entrySet()) {
      e.getValue().getArray().set(tensors.get(e.getKey()).toFloat32());
    }
  }

  private static void describe(StringBuilder msg, String what, List<String> keys) {
    if (keys.isEmpty()) {
      return;
    }
    msg.append(' ')
        .append(keys.size())
        .append(' ')
        .append(what)
        .append(" (")
        .append(String.join(", ", keys.subList(0, Math.min(SHOWN, keys.size()))))
        .append(keys.size() > SHOWN ? ", ..." : "")
        .append(");");
  }
}

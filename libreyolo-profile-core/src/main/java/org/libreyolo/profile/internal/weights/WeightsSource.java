package org.libreyolo.profile.internal.weights;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.internal.model.Yolo9Size;
import org.libreyolo.profile.runtime.EngineFiles;

/**
 * What {@code --weights} names: a built-in architecture initialised with a fixed seed (when the
 * upstream file name is given but no such file exists), a tensor file (.npz / .safetensors), a
 * TorchScript archive or a model another engine opens (an ONNX model). Never downloads, never
 * pretends random weights are pretrained.
 */
public record WeightsSource(Kind kind, Yolo9Size size, Path file, String requested) {
  private static final Pattern BUILT_IN =
      Pattern.compile(
          "libreyolo9([tsmc])(-seg|-sem|-pose|-cls|-obb)?\\.pt", Pattern.CASE_INSENSITIVE);

  /** The label recorded in profiles when no weights file was loaded. */
  public static final String RANDOM_INIT = "random-init";

  /** How the weights are obtained. */
  public enum Kind {
    RANDOM_INIT,
    TENSOR_FILE,
    TORCHSCRIPT,
    /** A model another engine runs (inference only): {@link EngineFiles#forModel} names it. */
    ENGINE_MODEL
  }

  /**
   * Resolves {@code --weights} / {@code --size}. Either may be null (defaults: the size's built-in
   * name, and t). A built-in name fixes the size; a different explicit {@code --size} is an error.
   */
  public static WeightsSource resolve(String weights, String sizeFlag) {
    Yolo9Size explicit = sizeFlag == null ? null : Yolo9Size.parse(sizeFlag);
    String name =
        weights != null ? weights : (explicit != null ? explicit : Yolo9Size.T).weightsName();
    Path path = Path.of(name);
    Matcher builtIn =
        BUILT_IN.matcher(path.getFileName() == null ? name : path.getFileName().toString());
    if (builtIn.matches()) {
      Yolo9Size named = Yolo9Size.parse(builtIn.group(1));
      if (explicit != null && explicit != named) {
        throw LibreYoloException.badInput(
            "{weights} "
                + name
                + " is size "
                + named.letter()
                + " but {size} is "
                + explicit.letter()
                + ": drop {size} or use {weights} "
                + explicit.weightsName());
      }
      if (builtIn.group(2) != null) {
        throw LibreYoloException.badInput(
            "{weights} "
                + name
                + ": only the detect task is supported (no -seg/-pose/-obb/-cls/-sem head)");
      }
      if (!Files.exists(path)) {
        return new WeightsSource(Kind.RANDOM_INIT, named, null, name);
      }
    }
    if (!Files.exists(path)) {
      throw LibreYoloException.badInput(
          "weights file not found: "
              + name
              + " (built-in names: LibreYOLO9t.pt, LibreYOLO9s.pt,"
              + " LibreYOLO9m.pt, LibreYOLO9c.pt; files: .npz, .safetensors, .torchscript"
              + engineSuffixes().stream()
                  .map(suffix -> ", " + suffix)
                  .collect(java.util.stream.Collectors.joining())
              + ")");
    }
    if (Files.isDirectory(path)) {
      throw LibreYoloException.badInput(
          "{weights} " + name + " is a directory, not a weights file");
    }
    String lower = name.toLowerCase(Locale.ROOT);
    Yolo9Size size = builtIn.matches() ? Yolo9Size.parse(builtIn.group(1)) : explicit;
    if (lower.endsWith(".npz") || lower.endsWith(".safetensors")) {
      return new WeightsSource(Kind.TENSOR_FILE, size, path, name);
    }
    java.util.Optional<EngineFiles> engine = EngineFiles.forModel(name);
    if (engine.isPresent()) {
      String missing = engine.get().missing();
      if (missing != null) {
        throw LibreYoloException.badInput(
            "{weights} " + name + " is " + engine.get().modelKind() + ": " + missing);
      }
      return new WeightsSource(Kind.ENGINE_MODEL, size, path, name);
    }
    if (lower.endsWith(".torchscript") || lower.endsWith(".ts") || isTorchScriptArchive(path)) {
      return new WeightsSource(Kind.TORCHSCRIPT, size, path, name);
    }
    if (lower.endsWith(".pt") || lower.endsWith(".pth")) {
      throw LibreYoloException.badInput(
          name
              + " is a pickled PyTorch checkpoint, which Java cannot read: export its state dict to"
              + " .npz or .safetensors, or the model to TorchScript");
    }
    throw LibreYoloException.badInput(
        "unsupported weights file "
            + name
            + ": use .npz, .safetensors, a TorchScript archive"
            + engineSuffixes().stream()
                .map(suffix -> " or an " + suffix + " model")
                .collect(java.util.stream.Collectors.joining()));
  }

  /** The model suffixes the other engines open ({@code .onnx}). */
  private static List<String> engineSuffixes() {
    return EngineFiles.all().stream().flatMap(e -> e.modelSuffixes().stream()).toList();
  }

  /** TorchScript archives are zips holding {@code <root>/code/} and {@code constants.pkl}. */
  static boolean isTorchScriptArchive(Path file) {
    try (ZipFile zip = new ZipFile(file.toFile())) {
      Enumeration<? extends ZipEntry> entries = zip.entries();
      while (entries.hasMoreElements()) {
        String entry = entries.nextElement().getName();
        if (entry.contains("/code/") || entry.endsWith("constants.pkl")) {
          return true;
        }
      }
      return false;
    } catch (IOException e) {
      return false;
    }
  }

  /** What the profile's {@code config.weights} records. */
  public String label() {
    return kind == Kind.RANDOM_INIT ? RANDOM_INIT : file.toString();
  }
}

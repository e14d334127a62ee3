package org.libreyolo.profile.gate;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.internal.analysis.ProfileLoader;
import org.libreyolo.profile.internal.io.AtomicFiles;
import org.libreyolo.profile.internal.io.ContentHash;
import org.libreyolo.profile.result.Profile;
import org.libreyolo.profile.result.ProfileSchema;

/**
 * The model file a stored infer baseline was measured on, kept beside it ({@code baseline.json}
 * beside {@code baseline.model.torchscript}). With it the baseline can be measured again: {@code
 * check} runs the baseline's model and the current one side by side in one job and judges that
 * pairing, instead of numbers another day's machine gave (docs/maven.md, "Re-measured in the job").
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public final class BaselineModel {
  private static final String INFIX = ".model";

  private BaselineModel() {}

  /**
   * Keeps the model file the baseline was measured on beside it (atomically); a model kept for an
   * earlier baseline of that name is removed when this one has no model file (a built-in model), so
   * no stale model is ever re-measured.
   *
   * @param baseline the baseline's file, just recorded
   * @return the model file kept, or null when the profile names no model file that exists
   */
  public static Path keep(Path baseline) {
    Path model = modelFile(ProfileLoader.load(baseline));
    try {
      for (Path stale : kept(baseline)) {
        if (model == null
            || !stale.getFileName().equals(besideBaseline(baseline, model).getFileName())) {
          Files.deleteIfExists(stale);
        }
      }
      if (model == null) {
        return null;
      }
      Path target = besideBaseline(baseline, model);
      AtomicFiles.write(target, out -> Files.copy(model, out));
      return target;
    } catch (IOException e) {
      throw LibreYoloException.badInput(
          "cannot keep the baseline's model beside " + baseline + ": " + e.getMessage(), e);
    }
  }

  /**
   * The model kept beside {@code baseline}, if it is the one the baseline was measured on (its hash
   * is the one the baseline records).
   *
   * @param base the baseline profile
   * @param baseline the baseline's file
   * @return the kept model, or null with {@link #whyNotKept} saying why
   */
  public static Path of(Profile base, Path baseline) {
    return whyNotKept(base, baseline) == null ? keptFile(base, baseline) : null;
  }

  /**
   * Why no usable model is kept beside the baseline, in words; null when one is.
   *
   * @param base the baseline profile
   * @param baseline the baseline's file
   * @return the reason, or null
   */
  public static String whyNotKept(Profile base, Path baseline) {
    String weights = base.configText(ProfileSchema.WEIGHTS);
    if (weights == null || weights.isBlank()) {
      return "the baseline names no model file";
    }
    Path file = keptFile(base, baseline);
    if (!Files.isRegularFile(file)) {
      return "no model kept beside it ("
          + file.getFileName()
          + ": the baseline goal keeps the model when it is a file, not a built-in name)";
    }
    String recorded = base.configText(ProfileSchema.WEIGHTS_SHA256);
    if (recorded != null && !Objects.equals(recorded, ContentHash.sha256(file))) {
      return file.getFileName() + " is not the model the baseline measured (its hash differs)";
    }
    return null;
  }

  /**
   * The model file a profile was measured on, if it names one that exists here with the hash the
   * profile records.
   *
   * @param profile an infer profile
   * @return the model file, or null (a built-in model, or the file moved or changed since)
   */
  public static Path modelFile(Profile profile) {
    String weights = profile.configText(ProfileSchema.WEIGHTS);
    if (weights == null || weights.isBlank()) {
      return null;
    }
    Path file;
    try {
      file = Path.of(weights);
    } catch (java.nio.file.InvalidPathException e) {
      return null; // a built-in name that is no path
    }
    if (!Files.isRegularFile(file)) {
      return null;
    }
    String recorded = profile.configText(ProfileSchema.WEIGHTS_SHA256);
    return recorded == null || recorded.equals(ContentHash.sha256(file)) ? file : null;
  }

  /**
   * Where the baseline's model is kept, {@code <stem>.model.<ext>} beside it, whether or not it is
   * there (ask {@link #whyNotKept} first: it reads the file's hash).
   *
   * @param base the baseline profile, naming a model
   * @param baseline the baseline's file
   * @return the kept model's path
   */
  public static Path keptFile(Profile base, Path baseline) {
    String weights = base.configText(ProfileSchema.WEIGHTS);
    return besideBaseline(baseline, Path.of(weights.replace('\\', '/')));
  }

  /** The model's extension keeps its format: the runtime is chosen by it. */
  private static Path besideBaseline(Path baseline, Path model) {
    String name = model.getFileName().toString();
    int dot = name.lastIndexOf('.');
    String ext = dot < 0 ? "" : name.substring(dot);
    return baseline.resolveSibling(stem(baseline) + INFIX + ext);
  }

  /** Every model kept beside {@code baseline}, whatever its format. */
  private static java.util.List<Path> kept(Path baseline) throws IOException {
    Path dir = baseline.toAbsolutePath().getParent();
    if (dir == null || !Files.isDirectory(dir)) {
      return java.util.List.of();
    }
    String prefix = stem(baseline) + INFIX;
    try (var files = Files.list(dir)) {
      return files
          .filter(
              f -> {
                String n = f.getFileName().toString();
                return n.equals(prefix) || n.startsWith(prefix + ".");
              })
          .toList();
    }
  }

  private static String stem(Path baseline) {
    String name = baseline.getFileName().toString();
    return name.endsWith(".json") ? name.substring(0, name.length() - 5) : name;
  }
}

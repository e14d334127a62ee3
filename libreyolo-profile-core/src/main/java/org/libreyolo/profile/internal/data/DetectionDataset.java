package org.libreyolo.profile.internal.data;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.libreyolo.profile.LibreYoloException;

/**
 * A YOLO-layout detection dataset from a data YAML ({@code path}, {@code train}, {@code val},
 * {@code nc}, {@code names}): image files with {@code cls cx cy w h} labels beside them under
 * {@code labels/} instead of {@code images/}. Labels are read and validated up front.
 */
public record DetectionDataset(Path root, List<String> names, List<Item> train) {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  /** One image with its boxes: rows of {@code [class, x1, y1, x2, y2]} normalised to the image. */
  public record Item(Path image, float[] boxes) {
    public int count() {
      return boxes.length / 5;
    }
  }

  /**
   * Resolves {@code data}: a YAML path, or a name (the built-in {@code shapes<N>}, then {@code
   * ./datasets/<name>/} and {@code ~/.libreyolo/datasets/<name>/}).
   */
  public static DetectionDataset resolve(String data, Path cache) {
    Path asPath = Path.of(data);
    boolean looksLikePath =
        data.endsWith(".yaml")
            || data.endsWith(".yml")
            || data.contains("/")
            || data.contains("\\");
    if (looksLikePath || Files.isRegularFile(asPath)) {
      if (!Files.isRegularFile(asPath)) {
        throw LibreYoloException.badInput("data YAML not found: " + data);
      }
      return load(asPath);
    }
    if (ShapesDataset.count(data) > 0) {
      return load(ShapesDataset.ensure(data, cache));
    }
    List<Path> looked =
        List.of(
            Path.of("datasets", data),
            Path.of(System.getProperty("user.home"), ".libreyolo", "datasets", data));
    for (Path dir : looked) {
      for (String file : List.of(data + ".yaml", "data.yaml")) {
        if (Files.isRegularFile(dir.resolve(file))) {
          return load(dir.resolve(file));
        }
      }
    }
    throw LibreYoloException.badInput(
        "dataset '"
            + data
            + "' not found (looked in "
            + looked.get(0)
            + "/ and "
            + looked.get(1)
            + "/; nothing is downloaded): give a data YAML, or use the built-in shapes128, which needs"
            + " no download");
  }

  public static DetectionDataset load(Path yaml) {
    JsonNode cfg;
    try {
      cfg = YAML.readTree(yaml.toFile());
    } catch (IOException e) {
      throw LibreYoloException.badInput(
          "malformed data YAML " + yaml + ": " + firstLine(e.getMessage()), e);
    }
    if (cfg == null || !cfg.isObject()) {
      throw LibreYoloException.badInput(
          "malformed data YAML " + yaml + ": expected a mapping with path/train/names");
    }
    Path base = yaml.toAbsolutePath().getParent();
    Path root = base.resolve(cfg.path("path").asText(".")).normalize();
    List<String> names = new ArrayList<>();
    JsonNode n = cfg.path("names");
    if (n.isArray()) {
      n.forEach(x -> names.add(x.asText()));
    } else if (n.isObject()) {
      for (int i = 0; i < n.size(); i++) {
        if (!n.has(Integer.toString(i))) {
          throw LibreYoloException.badInput(yaml + ": names must be numbered 0.." + (n.size() - 1));
        }
        names.add(n.get(Integer.toString(i)).asText());
      }
    } else {
      throw LibreYoloException.badInput(yaml + ": 'names' is missing (a list or {id: name})");
    }
    if (cfg.has("nc") && cfg.get("nc").asInt(-1) != names.size()) {
      throw LibreYoloException.badInput(
          yaml
              + ": nc "
              + cfg.get("nc").asText()
              + " does not match the "
              + names.size()
              + " names");
    }
    if (!cfg.path("train").isTextual()) {
      throw LibreYoloException.badInput(yaml + ": 'train' must name an image directory");
    }
    Path images = root.resolve(cfg.get("train").asText()).normalize();
    if (!images.startsWith(root)) {
      throw LibreYoloException.badInput(
          yaml + ": train '" + cfg.get("train").asText() + "' escapes the dataset root " + root);
    }
    if (!Files.isDirectory(images)) {
      throw LibreYoloException.badInput(yaml + ": train image directory not found: " + images);
    }
    return new DetectionDataset(root, names, items(images, names.size()));
  }

  private static List<Item> items(Path images, int nc) {
    List<Item> out = new ArrayList<>();
    try (Stream<Path> files = Files.list(images)) {
      for (Path image :
          files
              .filter(Files::isRegularFile)
              .filter(ImageSource::hasImageExtension)
              .sorted()
              .toList()) {
        out.add(new Item(image, readLabels(labelFor(image), nc)));
      }
    } catch (IOException e) {
      throw LibreYoloException.badInput("cannot list " + images + ": " + e.getMessage(), e);
    }
    if (out.isEmpty()) {
      throw LibreYoloException.badInput("no images found at: " + images);
    }
    return out;
  }

  /**
   * {@code .../images/.../x.jpg} to {@code .../labels/.../x.txt} (the last {@code images} segment).
   */
  static Path labelFor(Path image) {
    Path parent = image.getParent();
    List<String> parts = new ArrayList<>();
    for (Path p : parent) {
      parts.add(p.toString());
    }
    int last = parts.lastIndexOf("images");
    String stem = image.getFileName().toString().replaceFirst("\\.[^.]+$", "") + ".txt";
    if (last < 0) {
      return parent.resolve(stem);
    }
    parts.set(last, "labels");
    Path labels = parent.getRoot() == null ? Path.of("") : parent.getRoot();
    for (String p : parts) {
      labels = labels.resolve(p);
    }
    return labels.resolve(stem);
  }

  /**
   * Rows {@code cls cx cy w h} (more fields: a polygon, its bounding box) to [cls, x1, y1, x2, y2].
   */
  static float[] readLabels(Path file, int nc) {
    if (!Files.isRegularFile(file)) {
      return new float[0]; // no label file: a negative image
    }
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw LibreYoloException.badInput("cannot read labels " + file + ": " + e.getMessage(), e);
    }
    float[] out = new float[lines.size() * 5];
    int rows = 0;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).trim();
      if (line.isEmpty()) {
        continue;
      }
      String where = file + ":" + (i + 1);
      String[] f = line.split("\\s+");
      if (f.length < 5 || (f.length > 5 && f.length % 2 == 0)) {
        throw LibreYoloException.badInput(
            "malformed label at " + where + ": expected 'class cx cy w h' or a polygon");
      }
      double[] v = new double[f.length];
      for (int k = 0; k < f.length; k++) {
        try {
          v[k] = Double.parseDouble(f[k]);
        } catch (NumberFormatException e) {
          throw LibreYoloException.badInput(
              "malformed label at " + where + ": '" + f[k] + "' is not a number");
        }
        if (k > 0 && !(v[k] >= 0 && v[k] <= 1)) {
          throw LibreYoloException.badInput(
              "label at " + where + " has a coordinate outside [0, 1]: " + f[k]);
        }
      }
      if (v[0] != Math.rint(v[0]) || v[0] < 0 || v[0] >= nc) {
        throw LibreYoloException.badInput(
            "label at " + where + " has class " + f[0] + " outside 0.." + (nc - 1));
      }
      double x1;
      double y1;
      double x2;
      double y2;
      if (f.length == 5) {
        x1 = v[1] - v[3] / 2;
        y1 = v[2] - v[4] / 2;
        x2 = v[1] + v[3] / 2;
        y2 = v[2] + v[4] / 2;
      } else {
        x1 = 1;
        y1 = 1;
        x2 = 0;
        y2 = 0;
        for (int k = 1; k < f.length; k += 2) {
          x1 = Math.min(x1, v[k]);
          x2 = Math.max(x2, v[k]);
          y1 = Math.min(y1, v[k + 1]);
          y2 = Math.max(y2, v[k + 1]);
        }
      }
      out[rows * 5] = (float) v[0];
      out[rows * 5 + 1] = (float) Math.max(0, x1);
      out[rows * 5 + 2] = (float) Math.max(0, y1);
      out[rows * 5 + 3] = (float) Math.min(1, x2);
      out[rows * 5 + 4] = (float) Math.min(1, y2);
      rows++;
    }
    return java.util.Arrays.copyOf(out, rows * 5);
  }

  private static String firstLine(String m) {
    String s = String.valueOf(m);
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }
}

package org.libreyolo.profile.internal.data;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.GradientPaint;
import java.awt.Graphics2D;
import java.awt.Polygon;
import java.awt.RenderingHints;
import java.awt.Shape;
import java.awt.geom.AffineTransform;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.internal.model.CocoNames;

/**
 * The built-in {@code shapes<N>} datasets: a deterministic, seeded generator of a COCO-like
 * detection set (80 class names, 1-20 objects per image with a COCO-like size spread, textured
 * backgrounds, filled and outlined shapes), written once as a YOLO-layout dataset and reused.
 * Labels are the tight boxes of the pixels each shape still shows after occlusion.
 */
public final class ShapesDataset {
  private static final Pattern NAME = Pattern.compile("shapes(\\d+)");
  private static final String COMPLETE = ".complete";
  private static final int[][] SIZES = {{640, 480}, {480, 640}, {640, 427}, {512, 512}, {600, 400}};

  private ShapesDataset() {}

  /** Image count of a built-in name, or -1 when the name is not {@code shapes<N>}. */
  public static int count(String name) {
    Matcher m = NAME.matcher(name);
    if (!m.matches()) {
      return -1;
    }
    int n = Integer.parseInt(m.group(1));
    if (n < 1 || n > 100_000) {
      throw LibreYoloException.badInput("shapes<N> takes 1 <= N <= 100000, got " + name);
    }
    return n;
  }

  /** The data.yaml of {@code shapes<N>} under {@code cacheRoot}, generated on first use. */
  public static Path ensure(String name, Path cacheRoot) {
    int n = count(name);
    Path root = cacheRoot.resolve(name);
    if (Files.exists(root.resolve(COMPLETE))) {
      return root.resolve("data.yaml");
    }
    try {
      generate(root, n, n);
      Files.writeString(root.resolve(COMPLETE), "generated\n");
    } catch (IOException e) {
      throw LibreYoloException.badInput(
          "cannot write the built-in dataset under " + root + ": " + e.getMessage(), e);
    }
    return root.resolve("data.yaml");
  }

  static void generate(Path root, int train, long seed) throws IOException {
    Random random = new Random(seed);
    int val = Math.max(1, train / 8);
    for (String split : List.of("train", "val")) {
      Files.createDirectories(root.resolve("images").resolve(split));
      Files.createDirectories(root.resolve("labels").resolve(split));
      int count = split.equals("train") ? train : val;
      for (int i = 0; i < count; i++) {
        String stem = String.format(Locale.ROOT, "%s_%06d", split, i);
        image(
            random,
            root.resolve("images").resolve(split).resolve(stem + ".jpg"),
            root.resolve("labels").resolve(split).resolve(stem + ".txt"));
      }
    }
    StringBuilder yaml =
        new StringBuilder(
            "# built-in shapes dataset (generated, seeded)\npath: .\ntrain: images/train\n"
                + "val: images/val\nnc: 80\nnames:\n");
    for (String n : CocoNames.NAMES) {
      yaml.append("  - ").append(n.contains(" ") ? "'" + n + "'" : n).append('\n');
    }
    Files.writeString(root.resolve("data.yaml"), yaml.toString(), StandardCharsets.UTF_8);
  }

  private static void image(Random random, Path imageFile, Path labelFile) throws IOException {
    int[] size = SIZES[random.nextInt(SIZES.length)];
    int w = size[0];
    int h = size[1];
    BufferedImage img = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = img.createGraphics();
    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_OFF);
    background(g, random, w, h);
    int[] owner = new int[w * h];
    java.util.Arrays.fill(owner, -1);
    int objects = 1 + random.nextInt(20);
    int[] classes = new int[objects];
    for (int o = 0; o < objects; o++) {
      classes[o] = random.nextInt(CocoNames.NAMES.size());
      // COCO-like spread: many small objects, some large (log-uniform 2%..60% of the side)
      double side =
          Math.min(w, h)
              * Math.exp(Math.log(0.02) + random.nextDouble() * (Math.log(0.6) - Math.log(0.02)));
      double aspect = Math.exp((random.nextDouble() - 0.5) * 1.2);
      double sw = Math.max(3, side * aspect);
      double sh = Math.max(3, side / aspect);
      double x = random.nextDouble() * (w - sw);
      double y = random.nextDouble() * (h - sh);
      Shape shape = shape(random.nextInt(5), x, y, sw, sh);
      if (random.nextDouble() < 0.3) {
        shape =
            AffineTransform.getRotateInstance(random.nextDouble() * Math.PI, x + sw / 2, y + sh / 2)
                .createTransformedShape(shape);
      }
      boolean filled = random.nextDouble() < 0.7;
      float stroke = (float) Math.max(2, side / 12);
      Shape drawn = filled ? shape : new BasicStroke(stroke).createStrokedShape(shape);
      g.setColor(new Color(random.nextInt(256), random.nextInt(256), random.nextInt(256)));
      g.fill(drawn);
      claim(drawn, owner, w, h, o);
    }
    g.dispose();
    ImageIO.write(img, "jpg", imageFile.toFile());
    Files.writeString(labelFile, labels(owner, w, h, classes), StandardCharsets.UTF_8);
  }

  private static Shape shape(int kind, double x, double y, double w, double h) {
    return switch (kind) {
      case 0 -> new Rectangle2D.Double(x, y, w, h);
      case 1 -> new Ellipse2D.Double(x, y, w, h);
      case 2 ->
          new Polygon(
              new int[] {(int) (x + w / 2), (int) (x + w), (int) x},
              new int[] {(int) y, (int) (y + h), (int) (y + h)},
              3);
      case 3 -> cross(x, y, w, h);
      default -> star(x, y, w, h);
    };
  }

  private static Shape cross(double x, double y, double w, double h) {
    java.awt.geom.Area a =
        new java.awt.geom.Area(new Rectangle2D.Double(x + w * 0.35, y, w * 0.3, h));
    a.add(new java.awt.geom.Area(new Rectangle2D.Double(x, y + h * 0.35, w, h * 0.3)));
    return a;
  }

  private static Shape star(double x, double y, double w, double h) {
    Polygon p = new Polygon();
    for (int i = 0; i < 10; i++) {
      double r = i % 2 == 0 ? 0.5 : 0.2;
      double a = Math.PI / 5 * i - Math.PI / 2;
      p.addPoint((int) (x + w / 2 + Math.cos(a) * r * w), (int) (y + h / 2 + Math.sin(a) * r * h));
    }
    return p;
  }

  private static void background(Graphics2D g, Random random, int w, int h) {
    g.setPaint(
        new GradientPaint(
            0,
            0,
            new Color(random.nextInt(256), random.nextInt(256), random.nextInt(256)),
            w,
            h,
            new Color(random.nextInt(256), random.nextInt(256), random.nextInt(256))));
    g.fillRect(0, 0, w, h);
    for (int i = 0; i < 12; i++) {
      g.setColor(new Color(random.nextInt(256), random.nextInt(256), random.nextInt(256), 90));
      g.setStroke(new BasicStroke(1 + random.nextInt(4)));
      g.drawLine(random.nextInt(w), random.nextInt(h), random.nextInt(w), random.nextInt(h));
    }
    for (int i = 0; i < w * h / 40; i++) {
      g.setColor(new Color(random.nextInt(256), random.nextInt(256), random.nextInt(256), 60));
      g.fillRect(random.nextInt(w), random.nextInt(h), 2, 2);
    }
  }

  /**
   * Marks the pixels a shape covers as owned by object {@code o} (later shapes occlude earlier).
   */
  private static void claim(Shape s, int[] owner, int w, int h, int o) {
    java.awt.Rectangle b = s.getBounds().intersection(new java.awt.Rectangle(0, 0, w, h));
    if (b.isEmpty()) {
      return;
    }
    BufferedImage mask = new BufferedImage(b.width, b.height, BufferedImage.TYPE_BYTE_BINARY);
    Graphics2D g = mask.createGraphics();
    g.translate(-b.x, -b.y);
    g.setColor(Color.WHITE);
    g.fill(s);
    g.dispose();
    for (int y = 0; y < b.height; y++) {
      for (int x = 0; x < b.width; x++) {
        if ((mask.getRGB(x, y) & 0xffffff) != 0) {
          owner[(b.y + y) * w + b.x + x] = o;
        }
      }
    }
  }

  /** One YOLO line per object still visible: the tight box of its remaining pixels. */
  private static String labels(int[] owner, int w, int h, int[] classes) {
    int n = classes.length;
    int[] minX = new int[n];
    int[] minY = new int[n];
    int[] maxX = new int[n];
    int[] maxY = new int[n];
    int[] pixels = new int[n];
    java.util.Arrays.fill(minX, Integer.MAX_VALUE);
    java.util.Arrays.fill(minY, Integer.MAX_VALUE);
    java.util.Arrays.fill(maxX, -1);
    java.util.Arrays.fill(maxY, -1);
    for (int y = 0; y < h; y++) {
      for (int x = 0; x < w; x++) {
        int o = owner[y * w + x];
        if (o >= 0) {
          pixels[o]++;
          minX[o] = Math.min(minX[o], x);
          maxX[o] = Math.max(maxX[o], x);
          minY[o] = Math.min(minY[o], y);
          maxY[o] = Math.max(maxY[o], y);
        }
      }
    }
    StringBuilder out = new StringBuilder();
    for (int o = 0; o < n; o++) {
      if (pixels[o] < 4) {
        continue;
      }
      double bw = (maxX[o] - minX[o] + 1.0) / w;
      double bh = (maxY[o] - minY[o] + 1.0) / h;
      double cx = (minX[o] + (maxX[o] - minX[o] + 1.0) / 2) / w;
      double cy = (minY[o] + (maxY[o] - minY[o] + 1.0) / 2) / h;
      out.append(
          String.format(Locale.ROOT, "%d %.6f %.6f %.6f %.6f%n", classes[o], cx, cy, bw, bh));
    }
    return out.toString();
  }
}

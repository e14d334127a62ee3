package org.libreyolo.profile.internal.data;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.internal.image.RgbImage;

/**
 * Resolves a source argument to images, as the reference does: a directory gives its files (sorted,
 * not recursive) with an image extension; an existing file is taken whatever its extension;
 * anything else gives nothing. Omitted: the bundled sample image.
 */
public final class ImageSource {
  public static final Set<String> EXTENSIONS =
      Set.of("jpg", "jpeg", "png", "bmp", "webp", "tif", "tiff");

  /** The bundled CC0 sample photo (see sample/README.md in the resources). */
  public static final String SAMPLE = "coffee.jpg";

  private ImageSource() {}

  /** The image files at {@code source} (the reference's resolution; may be empty). */
  public static List<Path> resolve(Path source) {
    if (Files.isDirectory(source)) {
      try (Stream<Path> files = Files.list(source)) {
        return files
            .filter(Files::isRegularFile)
            .filter(ImageSource::hasImageExtension)
            .sorted()
            .toList();
      } catch (IOException e) {
        throw LibreYoloException.badInput("cannot list " + source + ": " + e.getMessage(), e);
      }
    }
    return Files.isRegularFile(source) ? List.of(source) : List.of();
  }

  public static boolean hasImageExtension(Path file) {
    String name = file.getFileName().toString();
    int dot = name.lastIndexOf('.');
    return dot >= 0 && EXTENSIONS.contains(name.substring(dot + 1).toLowerCase(Locale.ROOT));
  }

  /**
   * Loads the images at {@code source} (null: the bundled sample). Files without a decoder here
   * (e.g. webp) are skipped; no image at all, or a corrupt image, is a bad-input error.
   */
  public static List<RgbImage> load(Path source) {
    if (source == null) {
      return List.of(sample());
    }
    if (!Files.exists(source)) { // the reference's words, and why
      throw LibreYoloException.badInput(
          "no images found at: " + source + " (no such file or directory)");
    }
    List<Path> files = resolve(source);
    List<RgbImage> images = new ArrayList<>();
    for (Path file : files) {
      RgbImage image = decode(file, files.size() == 1 && !Files.isDirectory(source));
      if (image != null) {
        images.add(image);
      }
    }
    if (images.isEmpty()) {
      throw LibreYoloException.badInput(
          "no images found at: " + source + " (no jpg, png, bmp or tif file there)");
    }
    return images;
  }

  /**
   * Decodes one file; in a directory ({@code strict} false) formats without a decoder are skipped.
   */
  public static RgbImage decode(Path file, boolean strict) {
    if (!strict && !hasDecoder(file)) {
      return null;
    }
    try (InputStream in = Files.newInputStream(file)) {
      BufferedImage image = readWhole(file, in);
      if (image == null) {
        throw LibreYoloException.badInput(
            "cannot decode image "
                + file
                + ": "
                + (isWebp(file)
                    ? "a WebP image, which the JVM's image readers do not decode: convert it to jpg or png"
                    : "corrupt, or not a jpg/png/bmp/tif image"));
      }
      return RgbImage.of(file.getFileName().toString(), image);
    } catch (IOException | RuntimeException e) {
      if (e instanceof LibreYoloException le) {
        throw le;
      }
      throw LibreYoloException.badInput("cannot decode image " + file + ": " + e.getMessage());
    }
  }

  /**
   * Decodes with the first reader for the stream, refusing what it only partly decoded: the JPEG
   * reader fills a truncated file's missing rows with grey and merely warns ("Premature end of JPEG
   * file"), and a profile of half an image would measure another workload.
   */
  private static BufferedImage readWhole(Path file, InputStream in) throws IOException {
    try (ImageInputStream stream = ImageIO.createImageInputStream(in)) {
      Iterator<ImageReader> readers = stream == null ? null : ImageIO.getImageReaders(stream);
      if (readers == null || !readers.hasNext()) {
        return null;
      }
      ImageReader reader = readers.next();
      List<String> truncated = new ArrayList<>();
      try {
        reader.setInput(stream, true, true);
        reader.addIIOReadWarningListener(
            (source, warning) -> {
              if (warning != null && warning.toLowerCase(Locale.ROOT).contains("premature end")) {
                truncated.add(warning);
              }
            });
        BufferedImage image = reader.read(0);
        if (!truncated.isEmpty()) {
          throw LibreYoloException.badInput(
              "cannot decode image "
                  + file
                  + ": the file ends early (truncated: "
                  + truncated.get(0)
                  + "); copy it again");
        }
        return image;
      } finally {
        reader.dispose();
      }
    }
  }

  /** RIFF....WEBP: the container's first twelve bytes. */
  private static boolean isWebp(Path file) {
    try (InputStream in = Files.newInputStream(file)) {
      byte[] head = in.readNBytes(12);
      return head.length == 12
          && new String(head, 0, 4, java.nio.charset.StandardCharsets.US_ASCII).equals("RIFF")
          && new String(head, 8, 4, java.nio.charset.StandardCharsets.US_ASCII).equals("WEBP");
    } catch (IOException e) {
      return false;
    }
  }

  private static boolean hasDecoder(Path file) {
    String name = file.getFileName().toString();
    String suffix = name.substring(name.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT);
    return ImageIO.getImageReadersBySuffix(suffix).hasNext();
  }

  public static RgbImage sample() {
    try (InputStream in =
        ImageSource.class.getResourceAsStream("/org/libreyolo/profile/sample/" + SAMPLE)) {
      if (in == null) {
        throw new IllegalStateException("bundled sample image missing from the classpath");
      }
      return RgbImage.of(SAMPLE, ImageIO.read(in));
    } catch (IOException e) {
      throw new IllegalStateException("bundled sample image unreadable", e);
    }
  }
}

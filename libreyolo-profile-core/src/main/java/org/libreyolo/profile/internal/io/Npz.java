package org.libreyolo.profile.internal.io;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import org.libreyolo.profile.LibreYoloException;

/**
 * numpy {@code .npz} archives (zip of {@code .npy} files, stored or deflated). Reading allocates
 * one buffer per array (DJL's own decoder allocates 1 MiB scratch per array).
 */
public final class Npz {
  private static final byte[] MAGIC = {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y'};
  private static final Pattern DESCR = Pattern.compile("'descr'\\s*:\\s*'([^']*)'");
  private static final Pattern FORTRAN = Pattern.compile("'fortran_order'\\s*:\\s*(True|False)");
  private static final Pattern SHAPE = Pattern.compile("'shape'\\s*:\\s*\\(([^)]*)\\)");
  private static final long MAX_ARRAY_BYTES = Integer.MAX_VALUE - 64;

  private Npz() {}

  /** Reads every array, keyed by name (the entry name without {@code .npy}), in file order. */
  public static Map<String, Tensor> read(Path file) {
    Map<String, Tensor> out = new LinkedHashMap<>();
    try (ZipFile zip = new ZipFile(file.toFile())) {
      Enumeration<? extends ZipEntry> entries = zip.entries();
      while (entries.hasMoreElements()) {
        ZipEntry entry = entries.nextElement();
        if (entry.isDirectory()) {
          continue;
        }
        String name =
            entry.getName().endsWith(".npy")
                ? entry.getName().substring(0, entry.getName().length() - 4)
                : entry.getName();
        try (InputStream in = zip.getInputStream(entry)) {
          out.put(name, readNpy(name, in, entry.getSize()));
        }
      }
    } catch (ZipException e) {
      throw LibreYoloException.badInput(
          "not a valid .npz archive: " + file + " (" + e.getMessage() + ")");
    } catch (IOException e) {
      throw LibreYoloException.badInput("cannot read " + file + ": " + e.getMessage(), e);
    }
    return out;
  }

  static Tensor readNpy(String name, InputStream in, long sizeHint) throws IOException {
    byte[] magic = in.readNBytes(8);
    if (magic.length < 8 || !startsWith(magic, MAGIC)) {
      throw bad(name, "missing the .npy magic");
    }
    int major = magic[6];
    int headerLength;
    if (major == 1) {
      byte[] len = in.readNBytes(2);
      if (len.length < 2) {
        throw bad(name, "truncated header");
      }
      headerLength = (len[0] & 0xff) | (len[1] & 0xff) << 8;
    } else if (major == 2 || major == 3) {
      byte[] len = in.readNBytes(4);
      if (len.length < 4) {
        throw bad(name, "truncated header");
      }
      headerLength = ByteBuffer.wrap(len).order(ByteOrder.LITTLE_ENDIAN).getInt();
      if (headerLength < 0 || headerLength > 1 << 20) {
        throw bad(name, "header length " + headerLength + " out of range");
      }
    } else {
      throw bad(name, "unsupported .npy version " + major);
    }
    byte[] headerBytes = in.readNBytes(headerLength);
    if (headerBytes.length < headerLength) {
      throw bad(name, "truncated header");
    }
    String header = new String(headerBytes, StandardCharsets.ISO_8859_1);
    Matcher descr = DESCR.matcher(header);
    Matcher fortran = FORTRAN.matcher(header);
    Matcher shape = SHAPE.matcher(header);
    if (!descr.find() || !fortran.find() || !shape.find()) {
      throw bad(name, "header lacks descr/fortran_order/shape");
    }
    if (fortran.group(1).equals("True")) {
      throw bad(name, "Fortran-ordered arrays are not supported (save with C order)");
    }
    Tensor.DType dtype = dtype(name, descr.group(1));
    long[] dims = parseShape(name, shape.group(1));
    long count = 1;
    for (long d : dims) {
      if (d < 0 || (d > 0 && count > MAX_ARRAY_BYTES / d)) {
        throw bad(name, "shape " + shape.group(1) + " is too large");
      }
      count *= d;
    }
    long bytes = count * dtype.bytes();
    if (bytes > MAX_ARRAY_BYTES) {
      throw bad(name, "array of " + bytes + " bytes is too large");
    }
    ByteBuffer data = ByteBuffer.allocate((int) bytes);
    int read = in.readNBytes(data.array(), 0, (int) bytes);
    if (read < bytes) {
      throw bad(name, "data truncated: " + read + " of " + bytes + " bytes");
    }
    return new Tensor(name, dtype, dims, data);
  }

  private static Tensor.DType dtype(String name, String descr) {
    String d = descr.toLowerCase(Locale.ROOT);
    if (d.startsWith(">") && !d.endsWith("1")) {
      throw bad(name, "big-endian dtype " + descr + " is not supported");
    }
    String kind = d.replaceFirst("^[<>|=]", "");
    return switch (kind) {
      case "f2" -> Tensor.DType.F16;
      case "f4" -> Tensor.DType.F32;
      case "f8" -> Tensor.DType.F64;
      case "i1" -> Tensor.DType.I8;
      case "u1" -> Tensor.DType.U8;
      case "b1" -> Tensor.DType.BOOL;
      case "i4" -> Tensor.DType.I32;
      case "i8" -> Tensor.DType.I64;
      default -> throw bad(name, "unsupported dtype " + descr);
    };
  }

  private static long[] parseShape(String name, String text) {
    List<Long> dims = new ArrayList<>();
    for (String part : text.split(",")) {
      String p = part.trim().replace("L", "");
      if (!p.isEmpty()) {
        try {
          dims.add(Long.parseLong(p));
        } catch (NumberFormatException e) {
          throw bad(name, "bad shape (" + text + ")");
        }
      }
    }
    return dims.stream().mapToLong(Long::longValue).toArray();
  }

  private static boolean startsWith(byte[] bytes, byte[] prefix) {
    for (int i = 0; i < prefix.length; i++) {
      if (bytes[i] != prefix[i]) {
        return false;
      }
    }
    return true;
  }

  private static LibreYoloException bad(String name, String why) {
    return LibreYoloException.badInput("malformed .npy array '" + name + "': " + why);
  }

  /** Writes float32 arrays as an uncompressed .npz that numpy reads with {@code np.load}. */
  public static void writeFloat32(OutputStream target, Map<String, ? extends FloatArray> arrays)
      throws IOException {
    try (ZipOutputStream zip = new ZipOutputStream(target)) {
      for (Map.Entry<String, ? extends FloatArray> e : arrays.entrySet()) {
        zip.putNextEntry(new ZipEntry(e.getKey() + ".npy"));
        zip.write(npyFloat32(e.getValue()));
        zip.closeEntry();
      }
    }
  }

  /** A float32 array with its shape, to be written. */
  public record FloatArray(float[] values, long[] shape) {}

  static byte[] npyFloat32(FloatArray array) {
    StringBuilder shape = new StringBuilder();
    for (long d : array.shape()) {
      shape.append(d).append(", ");
    }
    if (array.shape().length > 1) {
      shape.setLength(shape.length() - 1);
    }
    String dict =
        "{'descr': '<f4', 'fortran_order': False, 'shape': (" + shape.toString().trim() + "), }";
    int unpadded = 10 + dict.length() + 1;
    int padding = (64 - unpadded % 64) % 64;
    String header = dict + " ".repeat(padding) + "\n";
    ByteArrayOutputStream out =
        new ByteArrayOutputStream(10 + header.length() + array.values().length * 4);
    out.writeBytes(MAGIC);
    out.write(1);
    out.write(0);
    out.write(header.length() & 0xff);
    out.write(header.length() >>> 8);
    out.writeBytes(header.getBytes(StandardCharsets.ISO_8859_1));
    ByteBuffer data = ByteBuffer.allocate(array.values().length * 4).order(ByteOrder.LITTLE_ENDIAN);
    data.asFloatBuffer().put(array.values());
    out.writeBytes(data.array());
    return out.toByteArray();
  }
}

package org.libreyolo.profile.internal.runtime.onnx;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The few facts of an ONNX model's graph the profile needs, read from the file's protobuf without a
 * protobuf library (onnx.proto3: ModelProto.graph = 7; GraphProto.node = 1, initializer = 5;
 * NodeProto input = 1, output = 2, name = 3, op_type = 4; TensorProto dims = 1, name = 8): each
 * convolution's weight shape as the graph declares it, keyed by its node's name and its output's
 * name (ONNX Runtime names the kernels it rewrites after either). Initializer data is skipped, not
 * copied.
 */
public final class OnnxGraph {
  private OnnxGraph() {}

  /** The weight shape of every {@code Conv} whose weight is an initializer; empty if unreadable. */
  public static Map<String, long[]> convolutionWeights(Path model) {
    try (FileChannel ch = FileChannel.open(model, StandardOpenOption.READ)) {
      ByteBuffer b = ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size());
      Map<String, long[]> initializers = new HashMap<>();
      List<String[]> convs = new ArrayList<>(); // name, first output, weight input
      while (b.hasRemaining()) {
        long key = varint(b);
        if (key >>> 3 == 7 && (key & 7) == 2) {
          graph(slice(b), initializers, convs);
        } else {
          skip(b, (int) (key & 7));
        }
      }
      Map<String, long[]> out = new HashMap<>();
      for (String[] c : convs) {
        long[] dims = initializers.get(c[2]);
        if (dims != null) {
          out.put(c[0], dims);
          out.put(c[1], dims);
        }
      }
      return out;
    } catch (IOException | RuntimeException e) {
      return Map.of(); // the counter then uses the shapes the engine recorded
    }
  }

  private static void graph(ByteBuffer g, Map<String, long[]> initializers, List<String[]> convs) {
    while (g.hasRemaining()) {
      long key = varint(g);
      int field = (int) (key >>> 3);
      if (field == 1 && (key & 7) == 2) {
        String[] node = node(slice(g));
        if (node != null) {
          convs.add(node);
        }
      } else if (field == 5 && (key & 7) == 2) {
        tensor(slice(g), initializers);
      } else {
        skip(g, (int) (key & 7));
      }
    }
  }

  /** A Conv node as {name, first output, weight input}, else null. */
  private static String[] node(ByteBuffer n) {
    List<String> inputs = new ArrayList<>();
    String output = "";
    String name = "";
    String op = "";
    while (n.hasRemaining()) {
      long key = varint(n);
      int field = (int) (key >>> 3);
      if ((key & 7) == 2 && field >= 1 && field <= 4) {
        String s = string(n);
        switch (field) {
          case 1 -> inputs.add(s);
          case 2 -> output = output.isEmpty() ? s : output;
          case 3 -> name = s;
          default -> op = s;
        }
      } else {
        skip(n, (int) (key & 7));
      }
    }
    return op.equals("Conv") && inputs.size() >= 2
        ? new String[] {name, output, inputs.get(1)}
        : null;
  }

  private static void tensor(ByteBuffer t, Map<String, long[]> initializers) {
    List<Long> dims = new ArrayList<>();
    String name = null;
    while (t.hasRemaining()) {
      long key = varint(t);
      int field = (int) (key >>> 3);
      if (field == 1 && (key & 7) == 0) {
        dims.add(varint(t));
      } else if (field == 1 && (key & 7) == 2) {
        ByteBuffer packed = slice(t);
        while (packed.hasRemaining()) {
          dims.add(varint(packed));
        }
      } else if (field == 8 && (key & 7) == 2) {
        name = string(t);
      } else {
        skip(t, (int) (key & 7));
      }
    }
    if (name != null) {
      initializers.put(name, dims.stream().mapToLong(Long::longValue).toArray());
    }
  }

  private static long varint(ByteBuffer b) {
    long v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      byte x = b.get();
      v |= (long) (x & 0x7F) << shift;
      if (x >= 0) {
        return v;
      }
    }
    throw new IllegalArgumentException("malformed varint");
  }

  private static ByteBuffer slice(ByteBuffer b) {
    int length = (int) varint(b);
    ByteBuffer s = b.slice(b.position(), length);
    b.position(b.position() + length);
    return s;
  }

  private static String string(ByteBuffer b) {
    ByteBuffer s = slice(b);
    byte[] bytes = new byte[s.remaining()];
    s.get(bytes);
    return new String(bytes, StandardCharsets.UTF_8);
  }

  private static void skip(ByteBuffer b, int wire) {
    switch (wire) {
      case 0 -> varint(b);
      case 1 -> b.position(b.position() + 8);
      case 2 -> {
        int length = (int) varint(b); // read first: it moves the position
        b.position(b.position() + length);
      }
      case 5 -> b.position(b.position() + 4);
      default -> throw new IllegalArgumentException("unsupported wire type " + wire);
    }
  }
}

package org.libreyolo.profile.internal.io;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import org.libreyolo.profile.LibreYoloException;

/** Reads {@code .safetensors}: an 8-byte little-endian header size, a JSON header, raw data. */
public final class Safetensors {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final long MAX_HEADER = 100L << 20;

  private Safetensors() {}

  public static Map<String, Tensor> read(Path file) {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      long size = channel.size();
      ByteBuffer lengthBytes = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
      if (channel.read(lengthBytes, 0) < 8) {
        throw bad(file, "shorter than its 8-byte header length");
      }
      long headerLength = lengthBytes.getLong(0);
      if (headerLength <= 0 || headerLength > MAX_HEADER || 8 + headerLength > size) {
        throw bad(file, "header length " + headerLength + " does not fit the file");
      }
      ByteBuffer header = ByteBuffer.allocate((int) headerLength);
      channel.read(header, 8);
      JsonNode root = JSON.readTree(header.array());
      long dataStart = 8 + headerLength;
      Map<String, Tensor> out = new LinkedHashMap<>();
      Iterator<Map.Entry<String, JsonNode>> fields = root.fields();
      while (fields.hasNext()) {
        Map.Entry<String, JsonNode> e = fields.next();
        if (e.getKey().equals("__metadata__")) {
          continue;
        }
        out.put(e.getKey(), tensor(file, channel, dataStart, size, e.getKey(), e.getValue()));
      }
      return out;
    } catch (IOException e) {
      throw bad(file, e.getMessage());
    }
  }

  private static Tensor tensor(
      Path file, FileChannel channel, long dataStart, long size, String name, JsonNode spec)
      throws IOException {
    String dtype = spec.path("dtype").asText("");
    Tensor.DType type =
        switch (dtype) {
          case "F16" -> Tensor.DType.F16;
          case "F32" -> Tensor.DType.F32;
          case "F64" -> Tensor.DType.F64;
          case "I8" -> Tensor.DType.I8;
          case "U8" -> Tensor.DType.U8;
          case "I32" -> Tensor.DType.I32;
          case "I64" -> Tensor.DType.I64;
          case "BOOL" -> Tensor.DType.BOOL;
          case "BF16" ->
              throw bad(
                  file,
                  "tensor '"
                      + name
                      + "' is BF16, which this engine cannot hold; convert it to float32");
          default -> throw bad(file, "tensor '" + name + "' has unsupported dtype '" + dtype + "'");
        };
    JsonNode shapeNode = spec.path("shape");
    JsonNode offsets = spec.path("data_offsets");
    if (!shapeNode.isArray() || !offsets.isArray() || offsets.size() != 2) {
      throw bad(file, "tensor '" + name + "' lacks shape/data_offsets");
    }
    long[] shape = new long[shapeNode.size()];
    long count = 1;
    for (int i = 0; i < shape.length; i++) {
      shape[i] = shapeNode.get(i).asLong(-1);
      if (shape[i] < 0) {
        throw bad(file, "tensor '" + name + "' has a negative dimension");
      }
      count = Math.multiplyExact(count, shape[i]);
    }
    long begin = offsets.get(0).asLong(-1);
    long end = offsets.get(1).asLong(-1);
    if (begin < 0
        || end < begin
        || dataStart + end > size
        || end - begin != count * type.bytes()
        || end - begin > Integer.MAX_VALUE) {
      throw bad(file, "tensor '" + name + "' has data offsets that do not match its shape");
    }
    ByteBuffer data = ByteBuffer.allocate((int) (end - begin));
    channel.read(data, dataStart + begin);
    data.flip();
    return new Tensor(name, type, shape, data);
  }

  private static LibreYoloException bad(Path file, String why) {
    return LibreYoloException.badInput("not a valid .safetensors file: " + file + " (" + why + ")");
  }
}

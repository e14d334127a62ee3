package org.libreyolo.profile.internal.io;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.util.Arrays;

/**
 * A named tensor read from a file, engine-free: dtype, shape and little-endian raw bytes.
 * Converting to float32 happens in Java so that no unsupported dtype ever reaches libtorch (a BF16
 * array aborts the JVM with DJL 0.36).
 */
public record Tensor(String name, DType dtype, long[] shape, ByteBuffer data) {

  /** The element types this project reads. */
  public enum DType {
    F16(2),
    F32(4),
    F64(8),
    I8(1),
    U8(1),
    I32(4),
    I64(8),
    BOOL(1);

    private final int bytes;

    DType(int bytes) {
      this.bytes = bytes;
    }

    public int bytes() {
      return bytes;
    }
  }

  public Tensor {
    data = data.duplicate().order(ByteOrder.LITTLE_ENDIAN);
  }

  public long elementCount() {
    long n = 1;
    for (long d : shape) {
      n *= d;
    }
    return n;
  }

  /** Shape as upstream prints it, e.g. {@code [16, 3, 3, 3]}. */
  public String shapeText() {
    return Arrays.toString(shape);
  }

  /** The values as float32 (a direct buffer, ready for {@code NDArray.set}). */
  public FloatBuffer toFloat32() {
    int n = Math.toIntExact(elementCount());
    FloatBuffer out =
        ByteBuffer.allocateDirect(n * 4).order(ByteOrder.nativeOrder()).asFloatBuffer();
    ByteBuffer in = data.duplicate().order(ByteOrder.LITTLE_ENDIAN);
    in.rewind();
    for (int i = 0; i < n; i++) {
      out.put(
          switch (dtype) {
            case F32 -> in.getFloat();
            case F64 -> (float) in.getDouble();
            case F16 -> halfToFloat(in.getShort());
            case I8 -> in.get();
            case U8 -> in.get() & 0xff;
            case BOOL -> in.get() != 0 ? 1f : 0f;
            case I32 -> in.getInt();
            case I64 -> in.getLong();
          });
    }
    out.flip();
    return out;
  }

  /** The values as a float array. */
  public float[] toFloatArray() {
    FloatBuffer buffer = toFloat32();
    float[] out = new float[buffer.remaining()];
    buffer.get(out);
    return out;
  }

  static float halfToFloat(short bits) {
    int h = bits & 0xffff;
    int sign = (h >>> 15) << 31;
    int exp = (h >>> 10) & 0x1f;
    int mant = h & 0x3ff;
    if (exp == 0) {
      float value = mant * 0x1p-24f;
      return sign == 0 ? value : -value;
    }
    if (exp == 0x1f) {
      return Float.intBitsToFloat(sign | 0x7f800000 | (mant << 13));
    }
    return Float.intBitsToFloat(sign | ((exp + 112) << 23) | (mant << 13));
  }
}

package org.libreyolo.profile.internal.trace;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Strings from UTF-8 bytes without allocating when the same bytes were seen before: traces repeat a
 * few thousand names and ids across millions of events. The caller supplies the hash it computed
 * while finding the string's end. One pool per thread.
 */
final class BytePool {
  private byte[][] keys = new byte[4096][];
  private String[] values = new String[4096];
  private int size;

  String intern(byte[] b, int offset, int length, int hash) {
    int mask = keys.length - 1;
    int slot = mix(hash) & mask;
    while (true) {
      byte[] key = keys[slot];
      if (key == null) {
        byte[] copy = Arrays.copyOfRange(b, offset, offset + length);
        String created = new String(copy, StandardCharsets.UTF_8);
        keys[slot] = copy;
        values[slot] = created;
        if (++size * 2 > keys.length) {
          grow();
        }
        return created;
      }
      if (key.length == length && Arrays.equals(key, 0, length, b, offset, offset + length)) {
        return values[slot];
      }
      slot = (slot + 1) & mask;
    }
  }

  private static int mix(int h) {
    return h ^ (h >>> 16);
  }

  private static int hash(byte[] key) {
    int h = 0;
    for (byte c : key) {
      h = 31 * h + c;
    }
    return h;
  }

  private void grow() {
    byte[][] oldKeys = keys;
    String[] oldValues = values;
    keys = new byte[oldKeys.length * 2][];
    values = new String[oldKeys.length * 2];
    int mask = keys.length - 1;
    for (int i = 0; i < oldKeys.length; i++) {
      if (oldKeys[i] != null) {
        int slot = mix(hash(oldKeys[i])) & mask;
        while (keys[slot] != null) {
          slot = (slot + 1) & mask;
        }
        keys[slot] = oldKeys[i];
        values[slot] = oldValues[i];
      }
    }
  }
}

package org.libreyolo.profile.internal.trace;

/**
 * Turns the parser's character buffer into a String without allocating when the same text was seen
 * before: traces repeat a few thousand names across hundreds of thousands of events.
 */
final class StringPool {
  private String[] table = new String[4096];
  private int size;

  String intern(char[] chars, int offset, int length) {
    int hash = 0;
    for (int i = offset; i < offset + length; i++) {
      hash = 31 * hash + chars[i];
    }
    int mask = table.length - 1;
    int slot = mix(hash) & mask;
    while (true) {
      String s = table[slot];
      if (s == null) {
        String created = new String(chars, offset, length);
        table[slot] = created;
        if (++size * 2 > table.length) {
          grow();
        }
        return created;
      }
      if (s.hashCode() == hash && equal(s, chars, offset, length)) {
        return s;
      }
      slot = (slot + 1) & mask;
    }
  }

  private static boolean equal(String s, char[] chars, int offset, int length) {
    if (s.length() != length) {
      return false;
    }
    for (int i = 0; i < length; i++) {
      if (s.charAt(i) != chars[offset + i]) {
        return false;
      }
    }
    return true;
  }

  private static int mix(int h) {
    return h ^ (h >>> 16);
  }

  private void grow() {
    String[] old = table;
    table = new String[old.length * 2];
    int mask = table.length - 1;
    for (String s : old) {
      if (s != null) {
        int slot = mix(s.hashCode()) & mask;
        while (table[slot] != null) {
          slot = (slot + 1) & mask;
        }
        table[slot] = s;
      }
    }
  }
}

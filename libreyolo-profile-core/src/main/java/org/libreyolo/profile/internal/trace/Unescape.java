package org.libreyolo.profile.internal.trace;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/** JSON string escapes, for the rare names that hold one. */
final class Unescape {
  private Unescape() {}

  /** The text of the JSON string body {@code b[start, end)}, or null if an escape is invalid. */
  static String jsonString(byte[] b, int start, int end) {
    StringBuilder out = new StringBuilder(end - start);
    ByteArrayOutputStream run = new ByteArrayOutputStream();
    int i = start;
    while (i < end) {
      byte c = b[i];
      if (c != '\\') {
        run.write(c);
        i++;
        continue;
      }
      out.append(run.toString(StandardCharsets.UTF_8));
      run.reset();
      if (i + 1 >= end) {
        return null;
      }
      byte e = b[i + 1];
      i += 2;
      switch (e) {
        case '"' -> out.append('"');
        case '\\' -> out.append('\\');
        case '/' -> out.append('/');
        case 'b' -> out.append('\b');
        case 'f' -> out.append('\f');
        case 'n' -> out.append('\n');
        case 'r' -> out.append('\r');
        case 't' -> out.append('\t');
        case 'u' -> {
          if (i + 4 > end) {
            return null;
          }
          int code = 0;
          for (int k = 0; k < 4; k++) {
            int d = Character.digit(b[i + k], 16);
            if (d < 0) {
              return null;
            }
            code = code * 16 + d;
          }
          out.append((char) code);
          i += 4;
        }
        default -> {
          return null;
        }
      }
    }
    out.append(run.toString(StandardCharsets.UTF_8));
    return out.toString();
  }
}

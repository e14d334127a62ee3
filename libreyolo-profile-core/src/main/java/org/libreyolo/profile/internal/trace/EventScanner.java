package org.libreyolo.profile.internal.trace;

import java.nio.charset.StandardCharsets;

/**
 * Reads the elements of a trace's event array straight from UTF-8 bytes: the seven fields the
 * readers use ({@code ph cat name ts dur pid tid}) are decoded, everything else is skipped without
 * building tokens. Whatever it does not handle exactly as the full JSON parser would (a malformed
 * document, an escaped key, an object as a name, an event longer than the buffer) ends the scan
 * with {@link Unsupported}: the caller then reads the file with the full parser, so results and
 * error messages never depend on which path ran.
 */
final class EventScanner {
  /** The bytes are not something this scanner reads exactly; use the full parser. */
  static final class Unsupported extends Exception {
    private static final long serialVersionUID = 1L;

    Unsupported(String why) {
      super(why, null, false, false);
    }
  }

  /** Deeper values go to the full parser, which enforces its nesting limit. */
  private static final int MAX_SKIPPED_DEPTH = 100;

  private static final double[] POW10 = new double[23];

  static {
    POW10[0] = 1;
    for (int i = 1; i < POW10.length; i++) {
      POW10[i] = POW10[i - 1] * 10;
    }
  }

  private final BytePool pool = new BytePool();
  private byte[] b;
  private int end;
  private int pos;
  private int hash;
  private int stringEnd;
  private boolean arrayEnded;

  /**
   * Scans array elements that start in {@code [from, limit)} of {@code buf} (valid up to {@code
   * end}) into {@code out}; {@code from} must be an element start (first byte after {@code [} or a
   * comma and whitespace). Returns the start of the first element at or after {@code limit}, or the
   * position of the closing bracket ({@link #arrayEnded()}).
   */
  int scan(byte[] buf, int from, int limit, int end, EventBatch out) throws Unsupported {
    this.b = buf;
    this.end = end;
    this.pos = from;
    this.arrayEnded = false;
    skipWhitespace();
    if (peek() == ']') {
      arrayEnded = true;
      return pos;
    }
    while (pos < limit) {
      if (b[pos] == '{') {
        event(out);
      } else {
        skipValue();
      }
      skipWhitespace();
      byte c = peek();
      if (c == ']') {
        arrayEnded = true;
        return pos;
      }
      if (c != ',') {
        throw new Unsupported("expected , or ] after an event");
      }
      pos++;
      skipWhitespace();
    }
    return pos;
  }

  boolean arrayEnded() {
    return arrayEnded;
  }

  /**
   * A likely element start at or after {@code from}: the opening brace of the first {@code "}, {"}
   * seen. Only a guess, checked later against where the previous block really ended.
   */
  static int guessEventStart(byte[] buf, int from, int end) {
    for (int i = from; i < end; i++) {
      if (buf[i] != ',') {
        continue;
      }
      int before = i - 1;
      while (before >= from && isWhitespace(buf[before])) {
        before--;
      }
      if (before < from || buf[before] != '}') {
        continue;
      }
      int after = i + 1;
      while (after < end && isWhitespace(buf[after])) {
        after++;
      }
      if (after < end && buf[after] == '{') {
        return after;
      }
    }
    return -1;
  }

  private void event(EventBatch out) throws Unsupported {
    pos++; // {
    String name = "";
    String cat = null;
    String ph = null;
    double ts = 0;
    boolean hasTs = false;
    double dur = 0;
    String pid = "";
    String tid = "";
    double cost = Double.NaN;
    skipWhitespace();
    if (peek() == '}') {
      pos++;
      return; // no ph, no ts: nothing a reader uses
    }
    while (true) {
      if (peek() != '"') {
        throw new Unsupported("expected a field name");
      }
      int keyStart = pos + 1;
      if (!scanString(keyStart)) {
        throw new Unsupported("escaped field name");
      }
      int keyEnd = stringEnd;
      pos = keyEnd + 1;
      skipWhitespace();
      if (peek() != ':') {
        throw new Unsupported("expected :");
      }
      pos++;
      skipWhitespace();
      byte v = peek();
      switch (field(keyStart, keyEnd - keyStart)) {
        case NAME -> name = v == '"' ? string() : scalarText(v);
        case CAT -> cat = v == '"' ? string() : skipToNull();
        case PH -> ph = v == '"' ? string() : skipToNull();
        case TS -> {
          if (isNumberStart(v)) {
            ts = number();
            hasTs = true;
          } else {
            skipValue();
          }
        }
        case DUR -> {
          if (isNumberStart(v)) {
            dur = number();
          } else {
            dur = 0;
            skipValue();
          }
        }
        case PID -> pid = v == '"' ? string() : scalarText(v);
        case TID -> tid = v == '"' ? string() : scalarText(v);
        case COST -> {
          if (isNumberStart(v)) {
            cost = number();
          } else {
            skipValue();
          }
        }
        default -> skipValue();
      }
      skipWhitespace();
      byte c = peek();
      if (c == '}') {
        pos++;
        break;
      }
      if (c != ',') {
        throw new Unsupported("expected , or } in an event");
      }
      pos++;
      skipWhitespace();
    }
    if (hasTs
        && "X".equals(ph)) { // the only events any reader uses are complete spans with a start
      out.add(name, cat, ph, ts, hasTs, dur, pid, tid, cost);
    }
  }

  private static final int OTHER = 0;
  private static final int NAME = 1;
  private static final int CAT = 2;
  private static final int PH = 3;
  private static final int TS = 4;
  private static final int DUR = 5;
  private static final int PID = 6;
  private static final int TID = 7;
  private static final int COST = 8;
  private static final byte[] COST_KEY =
      TraceConventions.OP_COST_KEY.getBytes(java.nio.charset.StandardCharsets.US_ASCII);

  private int field(int s, int len) {
    switch (len) {
      case 2 -> {
        if (b[s] == 'p' && b[s + 1] == 'h') {
          return PH;
        }
        if (b[s] == 't' && b[s + 1] == 's') {
          return TS;
        }
      }
      case 3 -> {
        byte c0 = b[s];
        byte c1 = b[s + 1];
        byte c2 = b[s + 2];
        if (c0 == 'c' && c1 == 'a' && c2 == 't') {
          return CAT;
        }
        if (c0 == 'd' && c1 == 'u' && c2 == 'r') {
          return DUR;
        }
        if (c1 == 'i' && c2 == 'd') {
          return c0 == 'p' ? PID : c0 == 't' ? TID : OTHER;
        }
      }
      case 4 -> {
        if (b[s] == 'n' && b[s + 1] == 'a' && b[s + 2] == 'm' && b[s + 3] == 'e') {
          return NAME;
        }
      }
      default -> {
        if (len == COST_KEY.length && java.util.Arrays.equals(b, s, s + len, COST_KEY, 0, len)) {
          return COST;
        }
      }
    }
    return OTHER;
  }

  /** A string value as a pooled String; pos moves past the closing quote. */
  private String string() throws Unsupported {
    int start = pos + 1;
    if (!scanString(start)) {
      String s = Unescape.jsonString(b, start, stringEnd);
      if (s == null) {
        throw new Unsupported("string escape");
      }
      pos = stringEnd + 1;
      return s;
    }
    pos = stringEnd + 1;
    return pool.intern(b, start, stringEnd - start, hash);
  }

  /**
   * Finds the closing quote of the string starting at {@code start}; sets {@link #stringEnd} and
   * {@link #hash}. False when the string holds an escape (the hash is then meaningless).
   */
  private boolean scanString(int start) throws Unsupported {
    byte[] buf = b; // locals: C1 keeps them in registers, fields it reloads every byte
    int limit = end;
    int h = 0;
    int i = start;
    boolean plain = true;
    while (true) {
      if (i >= limit) {
        throw new Unsupported("string runs past the buffer");
      }
      byte c = buf[i];
      if (c == '"') {
        break;
      }
      if (c == '\\') {
        plain = false;
        i += 2;
        continue;
      }
      if ((c & 0xff) < 0x20) {
        throw new Unsupported("control character in a string");
      }
      h = 31 * h + c;
      i++;
    }
    stringEnd = i;
    hash = h;
    return plain;
  }

  /** What the full parser's getText() gives for a non-string scalar; null reads as "None". */
  private String scalarText(byte v) throws Unsupported {
    if (v == '{' || v == '[') {
      throw new Unsupported("a structured value where a name or id was expected");
    }
    int start = pos;
    skipValue();
    if (v == 'n') {
      return "None";
    }
    int h = 0;
    for (int i = start; i < pos; i++) {
      h = 31 * h + b[i];
    }
    return pool.intern(b, start, pos - start, h);
  }

  private String skipToNull() throws Unsupported {
    skipValue();
    return null;
  }

  private static boolean isNumberStart(byte c) {
    return c == '-' || (c >= '0' && c <= '9');
  }

  /**
   * A JSON number, correctly rounded: exact-integer mantissas under 2^53 with a power of ten up to
   * 22 take the one-rounding fast path (as Clinger's algorithm), anything else Double.parseDouble.
   */
  private double number() throws Unsupported {
    byte[] buf = b;
    int limit = end;
    int start = pos;
    int i = start;
    boolean negative = buf[i] == '-';
    if (negative) {
      i++;
    }
    long mantissa = 0;
    int digits = 0;
    int exponent = 0;
    boolean exact = true;
    int intStart = i;
    byte c;
    while (i < limit && (c = buf[i]) >= '0' && c <= '9') {
      if (digits < 18) {
        mantissa = mantissa * 10 + (c - '0');
        if (mantissa != 0) {
          digits++;
        }
      } else {
        exact = false;
      }
      i++;
    }
    int intDigits = i - intStart;
    if (intDigits == 0 || (intDigits > 1 && buf[intStart] == '0')) {
      throw new Unsupported("malformed number");
    }
    if (i < limit && buf[i] == '.') {
      i++;
      int fracStart = i;
      while (i < limit && (c = buf[i]) >= '0' && c <= '9') {
        if (digits < 18) {
          mantissa = mantissa * 10 + (c - '0');
          if (mantissa != 0) {
            digits++;
          }
          exponent--;
        } else {
          exact = false;
        }
        i++;
      }
      if (i == fracStart) {
        throw new Unsupported("malformed number");
      }
    }
    if (i < limit && (buf[i] == 'e' || buf[i] == 'E')) {
      i++;
      boolean negativeExp = false;
      if (i < limit && (buf[i] == '+' || buf[i] == '-')) {
        negativeExp = buf[i] == '-';
        i++;
      }
      int expStart = i;
      int e = 0;
      while (i < limit && (c = buf[i]) >= '0' && c <= '9') {
        if (e < 100_000) {
          e = e * 10 + (c - '0');
        }
        i++;
      }
      if (i == expStart) {
        throw new Unsupported("malformed number");
      }
      exponent += negativeExp ? -e : e;
    }
    if (i >= limit) {
      throw new Unsupported("number runs past the buffer");
    }
    pos = i;
    if (exact && mantissa < (1L << 53) && exponent >= -22 && exponent <= 22) {
      double value = exponent >= 0 ? mantissa * POW10[exponent] : mantissa / POW10[-exponent];
      return negative ? -value : value;
    }
    return Double.parseDouble(new String(buf, start, i - start, StandardCharsets.ISO_8859_1));
  }

  private static boolean isDigit(byte c) {
    return c >= '0' && c <= '9';
  }

  private void skipValue() throws Unsupported {
    byte c = peek();
    switch (c) {
      case '"' -> {
        scanString(pos + 1);
        pos = stringEnd + 1;
      }
      case '{', '[' -> skipStructure();
      case 't' -> literal("true");
      case 'f' -> literal("false");
      case 'n' -> literal("null");
      default -> {
        if (!isNumberStart(c)) {
          throw new Unsupported("unexpected byte");
        }
        number();
      }
    }
  }

  private void literal(String word) throws Unsupported {
    if (pos + word.length() >= end) {
      throw new Unsupported("literal runs past the buffer");
    }
    for (int i = 0; i < word.length(); i++) {
      if (b[pos + i] != word.charAt(i)) {
        throw new Unsupported("malformed literal");
      }
    }
    pos += word.length();
  }

  /** Skips a nested object or array, minding strings; structure inside is checked by depth only. */
  private void skipStructure() throws Unsupported {
    byte[] buf = b;
    int limit = end;
    int depth = 0;
    int i = pos;
    while (true) {
      if (i >= limit) {
        throw new Unsupported("value runs past the buffer");
      }
      byte c = buf[i++];
      if (c == '"') {
        while (true) { // skip the string; escapes skip the escaped byte
          if (i >= limit) {
            throw new Unsupported("string runs past the buffer");
          }
          byte d = buf[i++];
          if (d == '"') {
            break;
          }
          if (d == '\\') {
            i++;
          }
        }
      } else if (c == '{' || c == '[') {
        if (++depth > MAX_SKIPPED_DEPTH) {
          throw new Unsupported("deeply nested value");
        }
      } else if (c == '}' || c == ']') {
        if (--depth == 0) {
          pos = i;
          return;
        }
      }
    }
  }

  private void skipWhitespace() {
    byte[] buf = b;
    int limit = end;
    int i = pos;
    while (i < limit) {
      byte c = buf[i];
      if (c != ' ' && c != '\n' && c != '\r' && c != '\t') {
        break;
      }
      i++;
    }
    pos = i;
  }

  static boolean isWhitespace(byte c) {
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
  }

  private byte peek() throws Unsupported {
    if (pos >= end) {
      throw new Unsupported("input ends inside the event array");
    }
    return b[pos];
  }
}

package org.libreyolo.profile.result;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.math.BigDecimal;
import java.util.Iterator;
import java.util.Map;
import org.libreyolo.profile.Api;

/**
 * JSON as every producer and reader writes it, so outputs diff cleanly against the reference:
 * Python's {@code json.dumps} byte for byte: {@code ", "} and {@code ": "} separators when compact,
 * {@code indent=2} layout when pretty, non-ASCII escaped, floats in {@code repr} form ({@code
 * 100.0}, {@code 1e-05}), ints without a point. Also {@link #repr} for text output.
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public final class Json {
  /** Shared mapper for reading JSON and turning maps/records into trees. */
  public static final ObjectMapper MAPPER = new ObjectMapper();

  private Json() {}

  /**
   * Maps, lists, records, numbers, strings and Jackson nodes as indented JSON (2 spaces, {@code ":
   * "}).
   *
   * @param value the value to write
   * @return the JSON text, without a trailing newline
   */
  public static String indented(Object value) {
    return indented(value instanceof JsonNode n ? n : MAPPER.valueToTree(value));
  }

  /**
   * A Jackson tree as compact JSON ({@code ", "} and {@code ": "}), as {@code profile.json} is
   * written.
   *
   * @param node the tree to write
   * @return the JSON text
   */
  public static String compact(JsonNode node) {
    StringBuilder out = new StringBuilder(256);
    write(out, node, -1, 0);
    return out.toString();
  }

  /**
   * A Jackson tree as indented JSON.
   *
   * @param node the tree to write
   * @return the JSON text, without a trailing newline
   */
  public static String indented(JsonNode node) {
    StringBuilder out = new StringBuilder(256);
    write(out, node, 2, 0);
    return out.toString();
  }

  private static void write(StringBuilder out, JsonNode node, int indent, int level) {
    if (node == null || node.isNull() || node.isMissingNode()) {
      out.append("null");
    } else if (node.isObject()) {
      if (node.isEmpty()) {
        out.append("{}");
        return;
      }
      out.append('{');
      Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
      boolean first = true;
      while (fields.hasNext()) {
        Map.Entry<String, JsonNode> e = fields.next();
        separator(out, first, indent, level + 1);
        first = false;
        string(out, e.getKey());
        out.append(": ");
        write(out, e.getValue(), indent, level + 1);
      }
      close(out, indent, level, '}');
    } else if (node.isArray()) {
      if (node.isEmpty()) {
        out.append("[]");
        return;
      }
      out.append('[');
      boolean first = true;
      for (JsonNode item : node) {
        separator(out, first, indent, level + 1);
        first = false;
        write(out, item, indent, level + 1);
      }
      close(out, indent, level, ']');
    } else if (node.isTextual()) {
      string(out, node.asText());
    } else if (node.isBoolean()) {
      out.append(node.asBoolean() ? "true" : "false");
    } else if (node.isIntegralNumber()) {
      out.append(node.bigIntegerValue());
    } else if (node.isNumber()) {
      out.append(repr(node.asDouble()));
    } else {
      string(out, node.asText());
    }
  }

  private static void separator(StringBuilder out, boolean first, int indent, int level) {
    if (!first) {
      out.append(indent < 0 ? ", " : ",");
    }
    if (indent >= 0) {
      out.append('\n').append(" ".repeat(indent * level));
    }
  }

  private static void close(StringBuilder out, int indent, int level, char bracket) {
    if (indent >= 0) {
      out.append('\n').append(" ".repeat(indent * level));
    }
    out.append(bracket);
  }

  private static void string(StringBuilder out, String s) {
    out.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        case '\b' -> out.append("\\b");
        case '\f' -> out.append("\\f");
        default -> {
          if (c < 0x20 || c > 0x7e && c != 0x7f) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    out.append('"');
  }

  /**
   * Python's {@code repr(float)}: shortest round-trip digits, exponent form below 1e-4 or from
   * 1e16.
   *
   * @param x the number
   * @return its repr
   */
  public static String repr(double x) {
    if (Double.isNaN(x)) {
      return "NaN";
    }
    if (Double.isInfinite(x)) {
      return x > 0 ? "Infinity" : "-Infinity";
    }
    if (x == 0) {
      return (1 / x < 0) ? "-0.0" : "0.0";
    }
    BigDecimal d = new BigDecimal(Double.toString(x)).stripTrailingZeros();
    String digits = d.unscaledValue().abs().toString();
    int decpt = digits.length() - d.scale(); // value = 0.digits x 10^decpt
    String sign = x < 0 ? "-" : "";
    if (decpt > -4 && decpt <= 16) {
      if (decpt <= 0) {
        return sign + "0." + "0".repeat(-decpt) + digits;
      }
      if (decpt >= digits.length()) {
        return sign + digits + "0".repeat(decpt - digits.length()) + ".0";
      }
      return sign + digits.substring(0, decpt) + "." + digits.substring(decpt);
    }
    int exp = decpt - 1;
    String mantissa = digits.length() == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
    return sign
        + mantissa
        + "e"
        + (exp < 0 ? "-" : "+")
        + (Math.abs(exp) < 10 ? "0" : "")
        + Math.abs(exp);
  }

  /**
   * The text a node holds, for a typed section's reader ({@code of}): a missing, null or non-text
   * node reads as null, as the reference's readers take it.
   *
   * @param node the node, or null
   * @return its text, or null
   */
  public static String text(JsonNode node) {
    return node != null && node.isTextual() ? node.asText() : null;
  }

  /**
   * Python's {@code str()} of a JSON scalar for text output: None, True/False, ints, float repr.
   *
   * @param node the scalar
   * @return its str
   */
  public static String str(JsonNode node) {
    if (node == null || node.isNull() || node.isMissingNode()) {
      return "None";
    }
    if (node.isBoolean()) {
      return node.asBoolean() ? "True" : "False";
    }
    if (node.isIntegralNumber()) {
      return node.bigIntegerValue().toString();
    }
    if (node.isNumber()) {
      return repr(node.asDouble());
    }
    return node.asText();
  }
}

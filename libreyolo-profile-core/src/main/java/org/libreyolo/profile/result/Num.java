package org.libreyolo.profile.result;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.NullNode;
import org.libreyolo.profile.Api;

/**
 * A number of the profile as Python sees it: its value and whether the file wrote it as an integer.
 * Text output prints {@code str()} of the stored value, so {@code 12} and {@code 12.0} must stay
 * distinct for the readers' output to be byte-identical to the reference's.
 *
 * @param value the value
 * @param integral whether the value is an integer
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public record Num(double value, boolean integral) {

  /**
   * The number at {@code node}, or null when it is missing, null or not a number.
   *
   * @param node the JSON node
   * @return the number, or null
   */
  public static Num of(JsonNode node) {
    return node != null && node.isNumber()
        ? new Num(node.asDouble(), node.isIntegralNumber())
        : null;
  }

  /**
   * The value as a whole number.
   *
   * @return the value as a whole number
   */
  public long asLong() {
    return (long) value;
  }

  /**
   * Python's {@code str()}: {@code 12} for an integer, float repr ({@code 12.0}, {@code 0.1})
   * otherwise.
   *
   * @return the value as the reference prints it
   */
  public String str() {
    return integral ? Long.toString((long) value) : Json.repr(value);
  }

  /**
   * The stored form back as JSON: {@code null} for an absent number, an integer stays an integer.
   *
   * @param n the number, or null
   * @return the JSON node
   */
  public static JsonNode json(Num n) {
    if (n == null) {
      return NullNode.getInstance();
    }
    if (!n.integral) {
      return DoubleNode.valueOf(n.value);
    }
    long v = (long) n.value;
    // as the parser reads it back: an int where it fits, so a written tree equals a read one
    return v == (int) v ? IntNode.valueOf((int) v) : LongNode.valueOf(v);
  }

  /**
   * {@code value or 0}.
   *
   * @param n the number, or null
   * @return the value, or 0 when null
   */
  public static double orZero(Num n) {
    return n == null ? 0.0 : n.value();
  }

  /**
   * Python's {@code str()} of a nullable number: {@code None} when absent.
   *
   * @param n the number, or null
   * @return the value as the reference prints it
   */
  public static String str(Num n) {
    return n == null ? "None" : n.str();
  }
}

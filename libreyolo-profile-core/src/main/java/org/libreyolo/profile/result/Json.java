package org.libreyolo.profile.result;

import com.fasterxml.jackson.databind.JsonNode;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.internal.python.PyJson;

/** JSON as every producer and reader writes it: Python's {@code json.dumps} layout, so outputs diff cleanly against the reference. */
@Api(status = Api.Status.EXPERIMENTAL)
public final class Json {
  private Json() {}

  /**
   * Maps, lists, numbers, strings and Jackson nodes as indented JSON (2 spaces, {@code ": "}).
   *
   * @param value the value to write
   * @return the JSON text, without a trailing newline
   */
  public static String indented(Object value) {
    return PyJson.indented(value);
  }

  /**
   * A Jackson tree as indented JSON.
   *
   * @param node the tree to write
   * @return the JSON text, without a trailing newline
   */
  public static String indented(JsonNode node) {
    return PyJson.indented(node);
  }
}

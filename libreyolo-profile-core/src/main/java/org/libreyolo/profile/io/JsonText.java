package org.libreyolo.profile.io;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;

/** JSON text as Python's {@code json.dumps}: compact, or {@code indent=2} with {@code "key": value}. */
public final class JsonText {
  public static final ObjectMapper MAPPER = new ObjectMapper();

  private static final DefaultPrettyPrinter PRINTER =
      new DefaultPrettyPrinter()
          .withObjectIndenter(new DefaultIndenter("  ", "\n"))
          .withArrayIndenter(new DefaultIndenter("  ", "\n"))
          .withSeparators(Separators.createDefaultInstance()
              .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
              .withObjectEmptySeparator("")
              .withArrayEmptySeparator(""));

  private JsonText() {}

  public static ObjectWriter indented() {
    return MAPPER.writer(PRINTER);
  }

  public static String pretty(Object value) {
    try {
      return indented().writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  public static String compact(Object value) {
    try {
      return MAPPER.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}

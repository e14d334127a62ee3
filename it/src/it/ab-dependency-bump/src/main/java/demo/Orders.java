package demo;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.common.base.Strings;
import java.util.ArrayList;
import java.util.List;

/**
 * The code under test: orders written to JSON and read back with the module's own Jackson, their
 * SKUs padded by its own Guava.
 */
public final class Orders {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private Orders() {}

  /** An order line. */
  public record Line(String sku, int quantity, double price) {}

  /** Writes {@code n} lines as JSON and reads them back; the total price. */
  public static double roundTrip(int n) throws JsonProcessingException {
    List<Line> lines = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      lines.add(new Line(Strings.padStart("sku-" + i, 8, '0'), 1 + i % 5, 0.5 + i % 17));
    }
    String json = MAPPER.writeValueAsString(lines);
    Line[] back = MAPPER.readValue(json, Line[].class);
    double total = 0;
    for (Line l : back) {
      total += l.quantity() * l.price();
    }
    return total;
  }

  /** The Jackson this code runs with. */
  public static String jackson() {
    return com.fasterxml.jackson.databind.cfg.PackageVersion.VERSION.toString();
  }
}

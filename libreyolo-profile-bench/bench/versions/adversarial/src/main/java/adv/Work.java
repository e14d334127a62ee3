package adv;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** The work factor, filtered from -Dwork (100 = unchanged, 105 = 5% more work per call). */
final class Work {
  static final int PERCENT = percent();

  private Work() {}

  /** {@code n} scaled by the work factor. */
  static int scaled(int n) {
    return (int) ((long) n * PERCENT / 100);
  }

  private static int percent() {
    try (InputStream in = Work.class.getResourceAsStream("/work.properties")) {
      Properties p = new Properties();
      p.load(in);
      return Integer.parseInt(p.getProperty("work").trim());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}

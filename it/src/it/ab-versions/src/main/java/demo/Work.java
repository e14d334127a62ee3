package demo;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** The code under test: a hash over a buffer, repeated as often as work.properties says. */
public final class Work {
  private static final int ROUNDS = rounds();

  private Work() {}

  public static long crunch(byte[] data) {
    long h = 1125899906842597L;
    for (int r = 0; r < ROUNDS; r++) {
      for (byte b : data) {
        h = 31 * h + b;
      }
    }
    return h;
  }

  private static int rounds() {
    try (InputStream in = Work.class.getResourceAsStream("/work.properties")) {
      Properties p = new Properties();
      p.load(in);
      return Integer.parseInt(p.getProperty("work").trim());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}

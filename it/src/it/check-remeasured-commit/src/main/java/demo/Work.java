package demo;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** The code under test: two hashes over a buffer, each repeated as often as work.properties says. */
public final class Work {
  private static final Properties WORK = load();

  private Work() {}

  public static long crunch(byte[] data) {
    return hash(data, rounds("crunch"), 31);
  }

  public static long parse(byte[] data) {
    return hash(data, rounds("parse"), 37);
  }

  private static long hash(byte[] data, int rounds, int prime) {
    long h = 1125899906842597L;
    for (int r = 0; r < rounds; r++) {
      for (byte b : data) {
        h = prime * h + b;
      }
    }
    return h;
  }

  private static int rounds(String key) {
    return Integer.parseInt(WORK.getProperty(key).trim());
  }

  private static Properties load() {
    try (InputStream in = Work.class.getResourceAsStream("/work.properties")) {
      Properties p = new Properties();
      p.load(in);
      return p;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}

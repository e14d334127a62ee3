package demo.app;

import demo.lib.Hashing;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** The application module: calls the library, as often as service.properties says. */
public final class Service {
  private static final byte[] DATA = new byte[4096];
  private static final int ROUNDS = rounds();

  private Service() {}

  public static long handle() {
    return Hashing.hash(DATA, ROUNDS);
  }

  private static int rounds() {
    try (InputStream in = Service.class.getResourceAsStream("/service.properties")) {
      Properties p = new Properties();
      p.load(in);
      return Integer.parseInt(p.getProperty("rounds").trim());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}

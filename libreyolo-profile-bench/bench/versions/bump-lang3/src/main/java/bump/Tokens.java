package bump;

import org.apache.commons.lang3.RandomStringUtils;

/** The code under test: session tokens from commons-lang3. */
public final class Tokens {
  private Tokens() {}

  /** {@code n} random 32-character alphanumeric tokens; their total hash. */
  @SuppressWarnings("deprecation") // the call a project on 3.14 has, kept through the bump
  public static int make(int n) {
    int h = 0;
    for (int i = 0; i < n; i++) {
      h += RandomStringUtils.randomAlphanumeric(32).hashCode();
    }
    return h;
  }
}

package org.libreyolo.profile.result;

import java.util.Comparator;
import org.libreyolo.profile.Api;

/**
 * Names with numbers in them ordered as people read them: the numbers as numbers ({@code conv #2}
 * before {@code conv #10}, {@code sgemm_64x64} before {@code sgemm_128x64}), the rest by code
 * point. Every table of rows a reader sorts by name uses it.
 */
@Api(status = Api.Status.INTERNAL, since = "0.1.0")
public final class NaturalOrder implements Comparator<String> {
  /** The one instance. */
  public static final NaturalOrder INSTANCE = new NaturalOrder();

  private NaturalOrder() {}

  @Override
  public int compare(String a, String b) {
    int i = 0;
    int j = 0;
    while (i < a.length() && j < b.length()) {
      char x = a.charAt(i);
      char y = b.charAt(j);
      if (isDigit(x) && isDigit(y)) {
        int ei = digitsEnd(a, i);
        int ej = digitsEnd(b, j);
        int c = compareNumbers(a.substring(i, ei), b.substring(j, ej));
        if (c != 0) {
          return c;
        }
        i = ei;
        j = ej;
      } else {
        if (x != y) {
          return Character.compare(x, y);
        }
        i++;
        j++;
      }
    }
    int rest = Integer.compare(a.length() - i, b.length() - j);
    return rest != 0 ? rest : a.compareTo(b); // equal as numbers ("07" and "7"): still an order
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  private static int digitsEnd(String s, int from) {
    int k = from;
    while (k < s.length() && isDigit(s.charAt(k))) {
      k++;
    }
    return k;
  }

  /** Digit runs of any length by value: leading zeros dropped, then length, then digits. */
  private static int compareNumbers(String x, String y) {
    String a = x.replaceFirst("^0+(?=.)", "");
    String b = y.replaceFirst("^0+(?=.)", "");
    return a.length() != b.length() ? Integer.compare(a.length(), b.length()) : a.compareTo(b);
  }
}

package adv;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Steps chosen to break an A/B across versions that runs both versions in one JVM: each invites
 * the JIT to compile the two class loaders' copies differently.
 */
public final class Steps {
  private static final int[] INTS = new Random(42).ints(50_000, 0, 1 << 20).toArray();
  private static final String[] WORDS = words();

  private Steps() {}

  /** A nested loop run a few times per call: the JIT meets it first as OSR code. */
  public static long modSum() {
    long sum = 0;
    int rounds = Work.scaled(20);
    for (int r = 0; r < rounds; r++) {
      for (int i = 0; i < INTS.length; i++) {
        sum += (INTS[i] ^ r) % 7;
      }
    }
    return sum;
  }

  /** Calls through an interface with four implementations: a megamorphic call site. */
  public static double shapes() {
    Shape[] all = {new Square(2), new Circle(1), new Rect(1, 3), new Tri(2, 2)};
    double area = 0;
    int n = Work.scaled(400_000);
    for (int i = 0; i < n; i++) {
      area += all[(i * 7) & 3].area();
    }
    return area;
  }

  /** Small objects that escape analysis may or may not remove. */
  public static long boxes() {
    long sum = 0;
    int n = Work.scaled(300_000);
    List<Long> kept = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      Long boxed = (long) INTS[i % INTS.length];
      sum += boxed;
      if ((i & 1023) == 0) {
        kept.add(boxed); // a few escape: the allocation stays in the loop
      }
    }
    return sum + kept.size();
  }

  /** String building: StringBuilder growth, int-to-string, the JDK's intrinsics. */
  public static int text() {
    StringBuilder b = new StringBuilder();
    int n = Work.scaled(40_000);
    for (int i = 0; i < n; i++) {
      b.append(WORDS[i % WORDS.length]).append(i).append(',');
    }
    return b.toString().hashCode();
  }

  /** A word count in a HashMap: hashing, boxing, resizing. */
  public static int histogram() {
    Map<String, Integer> counts = new HashMap<>();
    int n = Work.scaled(60_000);
    for (int i = 0; i < n; i++) {
      counts.merge(WORDS[(INTS[i % INTS.length]) % WORDS.length], 1, Integer::sum);
    }
    return counts.size();
  }

  private static String[] words() {
    String[] w = new String[2048];
    Random r = new Random(7);
    for (int i = 0; i < w.length; i++) {
      w[i] = Long.toString(r.nextLong() & 0xffffffffL, 36);
    }
    return w;
  }

  interface Shape {
    double area();
  }

  record Square(double s) implements Shape {
    public double area() {
      return s * s;
    }
  }

  record Circle(double r) implements Shape {
    public double area() {
      return Math.PI * r * r;
    }
  }

  record Rect(double w, double h) implements Shape {
    public double area() {
      return w * h;
    }
  }

  record Tri(double b, double h) implements Shape {
    public double area() {
      return b * h / 2;
    }
  }
}

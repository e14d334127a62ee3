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

  /**
   * Sorts by two keys through the JDK's comparators: alone, the JDK's key-extracting call site
   * sees two of this side's types (inlined); in a JVM holding both versions it sees four (a
   * megamorphic call in code both sides share).
   */
  public static long sorted() {
    Item[] items = ITEMS.clone();
    int rounds = Work.scaled(2);
    long sum = 0;
    for (int r = 0; r < rounds; r++) {
      java.util.Arrays.sort(items, BY_KEY);
      sum += items[r].key();
      java.util.Arrays.sort(items, BY_RANK);
      sum += items[r].rank();
    }
    return sum;
  }

  /** A hot method of about 300 bytes of bytecode: near the JIT's limit for inlining it. */
  public static long bigMethod() {
    long sum = 0;
    int n = Work.scaled(200_000);
    for (int i = 0; i < n; i++) {
      sum += mix(INTS[i % INTS.length]);
    }
    return sum;
  }

  static int mix(int x) {
    x = (x * 33 + 10) ^ (x >>> 4);
    x = (x * 72 + 3) ^ (x >>> 4);
    x = (x * 50 + 10) ^ (x >>> 4);
    x = (x * 63 + 11) ^ (x >>> 5);
    x = (x * 77 + 2) ^ (x >>> 3);
    x = (x * 80 + 1) ^ (x >>> 2);
    x = (x * 63 + 5) ^ (x >>> 6);
    x = (x * 73 + 4) ^ (x >>> 5);
    x = (x * 27 + 12) ^ (x >>> 6);
    x = (x * 63 + 9) ^ (x >>> 3);
    x = (x * 73 + 8) ^ (x >>> 2);
    x = (x * 53 + 11) ^ (x >>> 5);
    x = (x * 22 + 4) ^ (x >>> 5);
    x = (x * 84 + 3) ^ (x >>> 4);
    x = (x * 69 + 7) ^ (x >>> 1);
    x = (x * 97 + 1) ^ (x >>> 2);
    x = (x * 88 + 13) ^ (x >>> 7);
    x = (x * 11 + 3) ^ (x >>> 4);
    x = (x * 78 + 1) ^ (x >>> 2);
    x = (x * 41 + 13) ^ (x >>> 7);
    x = (x * 6 + 5) ^ (x >>> 6);
    x = (x * 63 + 10) ^ (x >>> 4);
    x = (x * 95 + 7) ^ (x >>> 1);
    x = (x * 94 + 13) ^ (x >>> 7);
    x = (x * 57 + 7) ^ (x >>> 1);
    x = (x * 96 + 13) ^ (x >>> 7);
    return x;
  }

  private static final Item[] ITEMS = items();
  private static final java.util.Comparator<Item> BY_KEY =
      java.util.Comparator.comparingInt(Item::key);
  private static final java.util.Comparator<Item> BY_RANK =
      java.util.Comparator.comparingInt(Item::rank);

  record Item(int key, int rank) {}

  private static Item[] items() {
    Item[] out = new Item[20_000];
    for (int i = 0; i < out.length; i++) {
      out[i] = new Item(INTS[i], INTS[(i * 31) % INTS.length] ^ i);
    }
    return out;
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

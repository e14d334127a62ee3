package bump;

import com.google.common.base.Splitter;
import com.google.common.collect.ImmutableMultiset;
import com.google.common.hash.Hashing;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** The code under test: a word count and a checksum of comma-separated lines, with Guava. */
public final class Words {
  /** 200 lines of 40 words each, the same every run. */
  public static final List<String> LINES = lines();

  private static final Splitter COMMA = Splitter.on(',').trimResults().omitEmptyStrings();

  private Words() {}

  /** The lines split, counted and hashed: the number of distinct words plus the checksum's bits. */
  public static long count(List<String> lines) {
    ImmutableMultiset.Builder<String> words = ImmutableMultiset.builder();
    long sum = 0;
    for (String line : lines) {
      words.addAll(COMMA.split(line));
      sum += Hashing.murmur3_128().hashString(line, StandardCharsets.UTF_8).asLong();
    }
    return words.build().elementSet().size() + sum;
  }

  private static List<String> lines() {
    java.util.Random r = new java.util.Random(59);
    java.util.List<String> out = new java.util.ArrayList<>();
    for (int i = 0; i < 200; i++) {
      StringBuilder b = new StringBuilder();
      for (int w = 0; w < 40; w++) {
        b.append(Long.toString(r.nextInt(5000), 36)).append(" , ");
      }
      out.add(b.toString());
    }
    return List.copyOf(out);
  }
}

package org.libreyolo.profile;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The {@code libreyolo.profile.*} names the surfaces read: the Maven plugin's parameters and the
 * JUnit extension's configuration parameters. One {@code mvn verify} carries both (Maven passes its
 * {@code -D} settings on to Surefire's test JVMs), so each surface warns only about a name neither
 * knows: {@code -Dlibreyolo.profile.fork=3} is a typo, not silently nothing. The plugin's and the
 * extension's tests keep this list equal to what they read.
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public final class Properties {
  private Properties() {}

  /** Every name starts so. */
  public static final String PREFIX = "libreyolo.profile.";

  /** The system property that switches Java samples off. */
  public static final String JAVA_SAMPLES_PROPERTY = PREFIX + "javaSamples";

  /** The names after {@link #PREFIX}. */
  public static final Set<String> KNOWN =
      Set.copyOf(
          List.of(
              "abAlpha",
              "abForks",
              "abJvms",
              "abLooks",
              "abMaxRegression",
              "abMode",
              "after",
              "again",
              "alpha",
              "amp",
              "ampDtype",
              "attributes",
              "bad",
              "badRef",
              "baseline",
              "baselineArtifact",
              "baselineClasspath",
              "baselineDirectory",
              "baselineRef",
              "baselineVersion",
              "baselineWeights",
              "batch",
              "before",
              "blockRuns",
              "branch",
              "category",
              "commit",
              "compareAlpha",
              "conf",
              "current",
              "data",
              "deferToCheck",
              "device",
              "failOnInconclusive",
              "failOnMissing",
              "failOnRegression",
              "field",
              "forks",
              "gateSteps",
              "good",
              "goodRef",
              "grep",
              "half",
              "history",
              "historyBranch",
              "imgsz",
              "input",
              "inputShape",
              "iou",
              "javaSamples",
              "jobNoise",
              "json",
              "looks",
              "maxDet",
              "maxRegression",
              "metric",
              "metrics",
              "minMagnitude",
              "name",
              "out",
              "outputDirectory",
              "overwrite",
              "pValue",
              "pairs",
              "phase",
              "processNoise",
              "recordHistory",
              "remeasure",
              "removeCategory",
              "removeLaunches",
              "repeat",
              "requireBaseline",
              "runs",
              "sampledMs",
              "series",
              "size",
              "skip",
              "sort",
              "source",
              "steps",
              "summaryOnlyOnRegression",
              "task",
              "tensorcore",
              "tests",
              "threads",
              "top",
              "total",
              "trace",
              "updateBaseline",
              "warmup",
              "weights",
              "weightsResource",
              "window",
              "workers",
              // set by the tools on their own child JVMs
              "forkOutput",
              "pairedSide"));

  /** The names that are switches: {@code true} or {@code false}, nothing else. */
  public static final Set<String> SWITCHES =
      Set.of(
          "again",
          "amp",
          "failOnInconclusive",
          "failOnMissing",
          "failOnRegression",
          "gateSteps",
          "half",
          "javaSamples",
          "json",
          "overwrite",
          "recordHistory",
          "remeasure",
          "requireBaseline",
          "sampledSteps",
          "skip",
          "summaryOnlyOnRegression",
          "tensorcore",
          "total",
          "trace",
          "updateBaseline");

  /**
   * A switch's value, strictly: {@code true} or {@code false} in any case. Java's and Maven's own
   * reading takes any other word for false, so {@code updateBaseline=maybe} recorded nothing and
   * passed.
   *
   * @param value the value as given
   * @return the switch
   * @throws IllegalArgumentException for any other word
   */
  public static boolean parseSwitch(String value) {
    String v = value == null ? "" : value.strip().toLowerCase(java.util.Locale.ROOT);
    if (v.equals("true") || v.equals("false")) {
      return v.equals("true");
    }
    throw new IllegalArgumentException("must be true or false, got '" + value + "'");
  }

  /**
   * The first switch among {@code properties} whose value is neither true nor false, as one line.
   *
   * @param properties the properties to look at (system properties, Maven's user properties)
   * @return the error, or null when every switch reads
   */
  public static String badSwitch(Map<?, ?> properties) {
    for (String name : new TreeSet<>(SWITCHES)) {
      Object value = properties.get(PREFIX + name);
      if (value != null && !String.valueOf(value).isBlank()) {
        try {
          parseSwitch(String.valueOf(value));
        } catch (IllegalArgumentException e) {
          return "-D" + PREFIX + name + "=" + value + ": " + e.getMessage();
        }
      }
    }
    return null;
  }

  /**
   * One warning per {@code libreyolo.profile.*} name no surface reads, with the nearest known name
   * when one is close.
   *
   * @param properties the properties to look at (system properties, Maven's user properties)
   * @return the warnings, empty when every name is known
   */
  public static List<String> unknown(Map<?, ?> properties) {
    Set<String> names = new TreeSet<>();
    for (Object key : properties.keySet()) {
      String k = String.valueOf(key);
      if (k.startsWith(PREFIX) && !KNOWN.contains(k.substring(PREFIX.length()))) {
        names.add(k);
      }
    }
    List<String> out = new ArrayList<>();
    for (String k : names) {
      String nearest = nearest(k.substring(PREFIX.length()));
      out.add(
          "unknown property -D"
              + k
              + ": no libreyolo-profile goal or test reads it"
              + (nearest == null ? "" : " (did you mean " + PREFIX + nearest + "?)"));
    }
    return out;
  }

  /** The known name within two edits (case ignored), or null. */
  static String nearest(String name) {
    String best = null;
    int bestDistance = 3;
    for (String k : new TreeSet<>(KNOWN)) {
      int d =
          distance(name.toLowerCase(java.util.Locale.ROOT), k.toLowerCase(java.util.Locale.ROOT));
      if (d < bestDistance) {
        best = k;
        bestDistance = d;
      }
    }
    return best;
  }

  /** Levenshtein's edit distance, one row at a time. */
  private static int distance(String a, String b) {
    int[] row = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      row[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      int diagonal = row[0];
      row[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int above = row[j];
        row[j] =
            Math.min(
                Math.min(row[j] + 1, row[j - 1] + 1),
                diagonal + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1));
        diagonal = above;
      }
    }
    return row[b.length()];
  }

  /**
   * Whether Java samples are on in this JVM: {@link Defaults#JAVA_SAMPLES_VALUE} unless the
   * property says otherwise; a value other than true or false is bad input (one line, exit 2),
   * never read as false.
   *
   * @return whether to sample
   */
  public static boolean javaSamples() {
    String v = System.getProperty(JAVA_SAMPLES_PROPERTY);
    if (v == null || v.isBlank()) {
      return Defaults.JAVA_SAMPLES_VALUE;
    }
    return switch (v.strip().toLowerCase(java.util.Locale.ROOT)) {
      case "true" -> true;
      case "false" -> false;
      default ->
          throw LibreYoloException.badInput(
              "-D" + JAVA_SAMPLES_PROPERTY + " must be true or false, got '" + v + "'");
    };
  }
}

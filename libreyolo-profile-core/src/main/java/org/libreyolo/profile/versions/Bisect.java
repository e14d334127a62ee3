package org.libreyolo.profile.versions;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.OutputFiles;
import org.libreyolo.profile.diff.StepChange;
import org.libreyolo.profile.gate.BisectResult;
import org.libreyolo.profile.gate.Verdict;
import org.libreyolo.profile.gate.VersionVerdicts.Outcome;
import org.libreyolo.profile.internal.io.Folders;
import org.libreyolo.profile.internal.io.Leftovers;

/**
 * Finds the version that made a perf test slower: an A/B of the good and the bad version names the
 * tests that regressed, then a binary search per test over the versions between them, each step an
 * in-job A/B of two versions ({@link VersionAb}, as the {@code ab} goal runs it). A step that
 * cannot decide (INCONCLUSIVE) looks at the other half before giving up, and the culprit is always
 * measured against its own predecessor: where that change is no REGRESSION, the slowdown is spread
 * over versions (docs/versions.md, "Bisect").
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public final class Bisect {
  private Bisect() {}

  /** One A/B of two versions: the outcomes of the named perf tests (empty: every one). */
  @FunctionalInterface
  public interface Ab {
    /**
     * @param step the step's number, 1 for the first
     * @param older side A
     * @param newer side B
     * @param tests the perf tests to run ({@code Class.method}); empty: every one
     * @return one outcome per measured step
     */
    List<Outcome> compare(int step, String older, String newer, List<String> tests);
  }

  /**
   * Checks the versions before any A/B: at least two, each once.
   *
   * @param versions oldest first
   */
  public static void checkVersions(List<String> versions) {
    if (versions.size() < 2) {
      throw LibreYoloException.badInput(
          "{good} and {bad} must be two different versions, oldest first; got " + versions);
    }
    if (new LinkedHashSet<>(versions).size() != versions.size()) {
      throw LibreYoloException.badInput("a version appears twice in " + versions);
    }
  }

  /**
   * Runs the bisect.
   *
   * @param versions the versions to search, oldest (the good one) first, the bad one last
   * @param tests the perf tests to bisect; empty: those the good-against-bad A/B finds slower
   * @param ab runs one A/B
   * @param progress one line per step
   * @return what was found, with every step
   */
  public static BisectResult run(
      List<String> versions, List<String> tests, Ab ab, Consumer<String> progress) {
    checkVersions(versions);
    Search s = new Search(List.copyOf(versions), ab, progress);
    int last = versions.size() - 1;
    Map<String, Outcome> total = s.at(0, last, tests);
    List<BisectResult.Finding> findings = new ArrayList<>();
    List<BisectResult.Finding> unchanged = new ArrayList<>();
    List<Outcome> slower = new ArrayList<>();
    for (Outcome o : total.values()) {
      if (o.verdict() == Verdict.REGRESSION) {
        slower.add(o);
      } else {
        BisectResult.Kind kind =
            o.verdict() == Verdict.INCONCLUSIVE
                ? BisectResult.Kind.UNDECIDED
                : BisectResult.Kind.NO_REGRESSION;
        unchanged.add(
            new BisectResult.Finding(o.test(), kind, versions.get(0), versions.get(last), o, o));
      }
    }
    // the largest slowdown first: its steps are the ones a reader waits for
    slower.sort((a, b) -> Double.compare(change(b), change(a)));
    for (Outcome o : slower) {
      findings.add(s.search(o));
    }
    findings.addAll(unchanged); // what was found first, then what was not
    return new BisectResult(List.copyOf(versions), List.copyOf(s.steps), List.copyOf(findings));
  }

  /**
   * The bisect's folder in {@code outputDirectory}: the result files, a folder per step.
   *
   * @param outputDirectory where the goal or command writes
   * @return the folder
   */
  public static Path folder(Path outputDirectory) {
    return outputDirectory.resolve(OutputFiles.BISECT_FOLDER);
  }

  /**
   * Runs the bisect into {@link #folder}: an earlier bisect's files removed first (never read as
   * this one's), each step writing into its {@link #stepFolder}, the result files at the end, whole
   * or not at all. A bisect that fails or is stopped part way (Ctrl-C, SIGTERM) leaves no folder
   * behind.
   *
   * @param outputDirectory where the goal or command writes
   * @param versions the versions, good first, bad last
   * @param tests the perf tests to bisect; empty: those the good-against-bad A/B finds slower
   * @param ab runs one A/B, writing into its step folder
   * @param progress one line per step
   * @param files writes the result's files into the folder (report's, handed in by the surface: the
   *     search never renders)
   * @param <W> what the writer returns
   * @return what {@code files} returned
   */
  public static <W> W runInto(
      Path outputDirectory,
      List<String> versions,
      List<String> tests,
      Ab ab,
      Consumer<String> progress,
      BiFunction<BisectResult, Path, W> files) {
    checkVersions(versions);
    Path folder = folder(outputDirectory);
    Folders.delete(folder);
    Path created = Folders.firstMissing(folder);
    Leftovers.track(created);
    boolean done = false;
    try {
      BisectResult r = run(versions, tests, ab, progress);
      W w = files.apply(r, folder);
      done = true;
      return w;
    } finally {
      Leftovers.forget(created);
      if (!done && created != null) {
        Folders.delete(created);
      }
    }
  }

  /**
   * A step's own folder inside the bisect's (its A/B writes its {@code versions/} there).
   *
   * @param folder the bisect's folder
   * @param step the step's number
   * @param older side A
   * @param newer side B
   * @return the folder
   */
  public static Path stepFolder(Path folder, int step, String older, String newer) {
    return folder.resolve("step-" + step + "-" + label(older) + "-" + label(newer));
  }

  /** A version or a file's name as a folder name can hold it. */
  private static String label(String version) {
    String name =
        Path.of(version).getFileName() == null
            ? version
            : Path.of(version).getFileName().toString();
    return name.replaceAll("[^A-Za-z0-9._-]", "_");
  }

  private static double change(Outcome o) {
    StepChange c = o.timeChange();
    return c == null ? 0 : c.change();
  }

  /** The A/Bs run so far, by pair of versions, and the search over them. */
  private static final class Search {
    private final List<String> versions;
    private final Ab ab;
    private final Consumer<String> progress;
    private final List<BisectResult.Step> steps = new ArrayList<>();
    private final Map<Long, Map<String, Outcome>> measured = new HashMap<>();

    Search(List<String> versions, Ab ab, Consumer<String> progress) {
      this.versions = versions;
      this.ab = ab;
      this.progress = progress;
    }

    /** The outcomes of versions i and j for {@code tests}, from an earlier step where it ran. */
    Map<String, Outcome> at(int i, int j, List<String> tests) {
      Map<String, Outcome> known =
          measured.computeIfAbsent(((long) i << 32) | j, k -> new LinkedHashMap<>());
      if (!tests.isEmpty() && known.keySet().containsAll(tests)) {
        return known;
      }
      String older = versions.get(i);
      String newer = versions.get(j);
      progress.accept(
          "step "
              + (steps.size() + 1)
              + ": "
              + older
              + " (A) against "
              + newer
              + " (B)"
              + (tests.isEmpty() ? "" : ", " + String.join(", ", tests)));
      List<Outcome> outcomes = ab.compare(steps.size() + 1, older, newer, tests);
      steps.add(
          new BisectResult.Step(
              steps.size() + 1, older, newer, List.copyOf(tests), List.copyOf(outcomes)));
      outcomes.forEach(o -> known.put(o.test(), o));
      return known;
    }

    /** One test's outcome for versions i and j (INCONCLUSIVE when the A/B did not measure it). */
    Outcome of(int i, int j, String test) {
      Outcome o = at(i, j, List.of(test)).get(test);
      return o != null ? o : Outcome.notJudged(test, null, "", "not measured");
    }

    /** Binary search of one test that regressed between the first and the last version. */
    BisectResult.Finding search(Outcome total) {
      String test = total.test();
      int lo = 0;
      int hi = versions.size() - 1;
      Outcome hiEvidence = total; // the A/B that showed hi slower, and from where
      int hiFrom = 0;
      while (hi - lo > 1) {
        int mid = (lo + hi) >>> 1;
        Outcome first = of(lo, mid, test);
        if (first.verdict() == Verdict.REGRESSION) {
          hi = mid;
          hiEvidence = first;
          hiFrom = lo;
        } else if (decided(first)) {
          lo = mid;
        } else { // undecided: the other half may say where it is
          Outcome second = of(mid, hi, test);
          if (second.verdict() == Verdict.REGRESSION) {
            lo = mid;
            hiEvidence = second;
            hiFrom = mid;
          } else if (decided(second)) {
            hi = mid; // not after mid, so before it, though too small to see there
            hiEvidence = first;
            hiFrom = lo;
          } else {
            return new BisectResult.Finding(
                test, BisectResult.Kind.UNPLACED, versions.get(lo), versions.get(hi), null, total);
          }
        }
      }
      Outcome own = hiFrom == lo ? hiEvidence : of(lo, hi, test);
      BisectResult.Kind kind =
          own.verdict() == Verdict.REGRESSION
              ? BisectResult.Kind.CULPRIT
              : decided(own) ? BisectResult.Kind.SPREAD : BisectResult.Kind.UNPLACED;
      return new BisectResult.Finding(test, kind, versions.get(lo), versions.get(hi), own, total);
    }

    /** PASS or IMPROVED: the newer side is not slower by the threshold. */
    private static boolean decided(Outcome o) {
      return o.verdict() == Verdict.PASS || o.verdict() == Verdict.IMPROVED;
    }
  }
}

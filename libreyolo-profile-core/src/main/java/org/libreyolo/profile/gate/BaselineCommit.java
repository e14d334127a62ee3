package org.libreyolo.profile.gate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.internal.io.AtomicFiles;
import org.libreyolo.profile.internal.io.GitCli;
import org.libreyolo.profile.result.Json;

/**
 * The commit a perf test's stored baseline was measured on, kept beside it ({@code
 * <class>.<key>.json} beside {@code <class>.<key>.commit.json}). With it the baseline can be
 * measured again: the {@code ab} goal with no baseline named builds that commit and runs its tests
 * beside this build's in the same JVMs, so the numbers another day's machine gave no longer decide
 * (docs/junit.md, "The gate that decides in a pull request").
 *
 * @param commit the full commit id HEAD named when the baseline was recorded
 * @param changed the module's files that differed from that commit then (uncommitted or untracked;
 *     the baselines' own folder left out): the code measured was the commit plus these
 * @param recordedAt when the baseline was recorded
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public record BaselineCommit(String commit, List<String> changed, Instant recordedAt) {
  private static final String SUFFIX = ".commit.json";
  private static final String COMMIT = "commit";
  private static final String CHANGED = "changed";
  private static final String RECORDED_AT = "recorded_at";

  /** The changed files a line names before it counts the rest. */
  private static final int NAMED = 3;

  /**
   * @return the commit's short id, as lines name it
   */
  public String label() {
    return commit.substring(0, Math.min(12, commit.length()));
  }

  /**
   * @return whether the code measured was the commit as committed
   */
  public boolean clean() {
    return changed.isEmpty();
  }

  /**
   * The commit, and where the measured code differed from it, in words.
   *
   * @return e.g. {@code commit 3f2a9c1d0b7e} or {@code commit 3f2a9c1d0b7e with uncommitted changes
   *     to src/main/java/Sorter.java}
   */
  public String describe() {
    if (clean()) {
      return "commit " + label();
    }
    List<String> named = changed.subList(0, Math.min(NAMED, changed.size()));
    return "commit "
        + label()
        + " with uncommitted changes to "
        + String.join(", ", named)
        + (changed.size() > NAMED ? " and " + (changed.size() - NAMED) + " more" : "");
  }

  /**
   * Records the commit the module's checkout is at beside a baseline just recorded; a commit kept
   * for an earlier baseline of that name is removed when there is no checkout, so a stale commit is
   * never measured again.
   *
   * @param baseline the baseline's file
   * @param moduleDir the module whose code the baseline measured
   * @return what was recorded, or null outside a git checkout (or without git), or where HEAD has
   *     no {@code pom.xml} in the module's folder
   */
  public static BaselineCommit record(Path baseline, Path moduleDir) {
    Path file = fileOf(baseline);
    String rev = GitCli.output(moduleDir, "rev-parse", "HEAD");
    String head = rev == null ? "" : rev.strip();
    // a module HEAD does not hold (new, or in an ignored folder) has no commit to build again
    if (head.isEmpty() || GitCli.output(moduleDir, "cat-file", "-e", "HEAD:./pom.xml") == null) {
      try {
        Files.deleteIfExists(file);
      } catch (IOException e) {
        throw LibreYoloException.badInput("cannot remove " + file + ": " + e.getMessage(), e);
      }
      return null;
    }
    BaselineCommit recorded =
        new BaselineCommit(head, changedFiles(moduleDir, baseline), Instant.now());
    ObjectNode json = Json.MAPPER.createObjectNode();
    json.put(COMMIT, recorded.commit());
    recorded.changed().forEach(json.putArray(CHANGED)::add);
    json.put(RECORDED_AT, recorded.recordedAt().toString());
    AtomicFiles.writeText(file, Json.indented(json) + "\n");
    return recorded;
  }

  /**
   * The commit recorded beside {@code baseline}.
   *
   * @param baseline the baseline's file
   * @return the commit, or null when none is recorded
   * @throws LibreYoloException when the file is there but unreadable
   */
  public static BaselineCommit of(Path baseline) {
    Path file = fileOf(baseline);
    if (!Files.isRegularFile(file)) {
      return null;
    }
    try {
      JsonNode json = Json.MAPPER.readTree(file.toFile());
      String commit = json.path(COMMIT).asText("");
      if (!commit.matches("[0-9a-f]{7,64}")) {
        throw new IOException("no commit id in it");
      }
      List<String> changed = new ArrayList<>();
      json.path(CHANGED).forEach(f -> changed.add(f.asText()));
      return new BaselineCommit(
          commit, List.copyOf(changed), Instant.parse(json.path(RECORDED_AT).asText()));
    } catch (IOException | RuntimeException e) {
      throw LibreYoloException.badInput(
          "cannot read "
              + file
              + ": "
              + e.getMessage()
              + "; record the baseline again (-Dlibreyolo.profile.updateBaseline=true)",
          e);
    }
  }

  /**
   * The commit the baselines in a folder were measured on: the most recently recorded one, with the
   * baselines that name it and those that name another.
   *
   * @param commit the commit to measure again, or null when no baseline there records one
   * @param baselines the baselines recorded on it, by file name
   * @param others the baselines recorded on another commit, by file name
   */
  public record Choice(BaselineCommit commit, List<String> baselines, List<String> others) {}

  /**
   * Chooses the commit to measure again for the baselines in {@code baselineDirectory}.
   *
   * @param baselineDirectory where the perf tests' baselines live
   * @return the choice; its commit is null when none is recorded there
   */
  public static Choice choose(Path baselineDirectory) {
    if (!Files.isDirectory(baselineDirectory)) {
      return new Choice(null, List.of(), List.of());
    }
    List<Path> baselines;
    try (Stream<Path> files = Files.list(baselineDirectory)) {
      baselines =
          files
              .filter(f -> f.getFileName().toString().endsWith(SUFFIX))
              .sorted()
              .map(f -> f.resolveSibling(baselineName(f)))
              .toList();
    } catch (IOException e) {
      throw LibreYoloException.badInput(
          "cannot list " + baselineDirectory + ": " + e.getMessage(), e);
    }
    List<BaselineCommit> commits = baselines.stream().map(BaselineCommit::of).toList();
    BaselineCommit latest =
        commits.stream().max(Comparator.comparing(BaselineCommit::recordedAt)).orElse(null);
    List<String> on = new ArrayList<>();
    List<String> off = new ArrayList<>();
    for (int i = 0; i < baselines.size(); i++) {
      String name = baselines.get(i).getFileName().toString();
      (commits.get(i).commit().equals(latest.commit()) ? on : off).add(name);
    }
    return new Choice(latest, List.copyOf(on), List.copyOf(off));
  }

  /** {@code A.key.json} beside {@code A.key.commit.json}. */
  static Path fileOf(Path baseline) {
    String name = baseline.getFileName().toString();
    String stem = name.endsWith(".json") ? name.substring(0, name.length() - 5) : name;
    return baseline.resolveSibling(stem + SUFFIX);
  }

  private static String baselineName(Path commitFile) {
    String name = commitFile.getFileName().toString();
    return name.substring(0, name.length() - SUFFIX.length()) + ".json";
  }

  /**
   * The module's files that differ from HEAD: tracked changes, staged or not, and untracked files
   * git does not ignore under {@code src/} (a new class); the baselines' folder is left out
   * (recording the baselines changes it).
   */
  private static List<String> changedFiles(Path moduleDir, Path baseline) {
    // the short status of the module's folder: tracked changes and untracked files, relative to it
    String status = GitCli.output(moduleDir, "status", "-s", "-uall", ".");
    if (status == null) {
      return List.of();
    }
    String baselines = baselineFolder(moduleDir, baseline);
    Set<String> out = new LinkedHashSet<>();
    status
        .lines()
        .filter(l -> l.length() > 3)
        // an untracked file counts where the build reads it (a new source), not a log or a note
        .filter(l -> !l.startsWith("??") || l.startsWith("?? src/") || l.equals("?? pom.xml"))
        .map(l -> l.substring(3)) // "XY path", a rename "XY old -> new"
        .map(f -> f.contains(" -> ") ? f.substring(f.indexOf(" -> ") + 4) : f)
        .map(f -> f.startsWith("\"") && f.endsWith("\"") ? f.substring(1, f.length() - 1) : f)
        .filter(f -> !isBaselineFile(f, baselines))
        .forEach(out::add);
    return List.copyOf(out);
  }

  private static boolean isBaselineFile(String file, String baselines) {
    if (baselines == null) {
      return false;
    }
    return baselines.isEmpty() // the module's own folder: its top-level JSON files
        ? file.endsWith(".json") && !file.contains("/")
        : file.startsWith(baselines);
  }

  /** The baselines' folder relative to the module, ending in '/'; null when outside it. */
  private static String baselineFolder(Path moduleDir, Path baseline) {
    Path module = moduleDir.toAbsolutePath().normalize();
    Path folder = baseline.toAbsolutePath().normalize().getParent();
    if (folder == null || !folder.startsWith(module)) {
      return null;
    }
    String rel = module.relativize(folder).toString().replace('\\', '/');
    return rel.isEmpty() ? "" : rel + "/";
  }
}

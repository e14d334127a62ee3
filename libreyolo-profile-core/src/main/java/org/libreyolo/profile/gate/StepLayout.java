package org.libreyolo.profile.gate;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.internal.analysis.ProfileLoader;
import org.libreyolo.profile.result.Profile;
import org.libreyolo.profile.result.ProfileSchema;

/**
 * Where a perf step's profile and baseline live, for the JUnit extension that writes them and the
 * Maven {@code check} goal that gates them: {@code <outputRoot>/<class>/<key>/profile.json} beside
 * {@code <baselineDirectory>/<class>.<key>.json}, the class fully qualified and the key the test
 * method plus, for a parameterized or repeated test, its invocation ({@code predict[size=320]}).
 *
 * @param outputRoot the root the outputs go under
 * @param baselineDirectory the directory the baselines live in
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public record StepLayout(Path outputRoot, Path baselineDirectory) {
  /**
   * One step's files, and its profile as read when it was found.
   *
   * @param className the class name
   * @param key the key
   * @param profile the current profile file
   * @param baseline the baseline profile, or its file
   * @param current the current profile, or its file
   */
  public record Step(String className, String key, Path profile, Path baseline, Profile current) {
    /**
     * {@code SimpleClass.key}, as the step's result lines name it.
     *
     * @return the identifier
     */
    public String id() {
      return className.substring(className.lastIndexOf('.') + 1).replace('$', '.') + "." + key;
    }
  }

  /**
   * The output directory of one step.
   *
   * @param className the class name
   * @param key the key
   * @return the step's directory under the output root
   */
  public Path directory(String className, String key) {
    return outputRoot.resolve(className).resolve(key);
  }

  /**
   * The baseline file of one step.
   *
   * @param className the class name
   * @param key the key
   * @return the baseline file under the baseline directory
   */
  public Path baseline(String className, String key) {
    return baselineDirectory.resolve(className + "." + key + ".json");
  }

  /**
   * Every step profile under the output root (a {@code profile.json} two levels down whose {@code
   * config.mode} is {@code step}), in path order; producers' own folders ({@code infer}, {@code
   * run}) are not steps.
   *
   * @return the steps found, sorted
   */
  public List<Step> steps() {
    if (!Files.isDirectory(outputRoot)) {
      return List.of();
    }
    List<Step> out = new ArrayList<>();
    try (Stream<Path> classes = Files.list(outputRoot)) {
      for (Path type : classes.filter(Files::isDirectory).sorted().toList()) {
        try (Stream<Path> keys = Files.list(type)) {
          for (Path dir : keys.filter(Files::isDirectory).sorted().toList()) {
            Path file = dir.resolve("profile.json");
            Profile profile = Files.isRegularFile(file) ? ProfileLoader.load(file) : null;
            if (profile != null && "step".equals(profile.configText(ProfileSchema.MODE))) {
              String className = type.getFileName().toString();
              String key = dir.getFileName().toString();
              out.add(new Step(className, key, file, baseline(className, key), profile));
            }
          }
        }
      }
    } catch (IOException e) {
      throw LibreYoloException.badInput("cannot list " + outputRoot + ": " + e.getMessage(), e);
    }
    return out;
  }

  /**
   * The step baselines under the baseline directory (JSON files whose {@code config.mode} is {@code
   * step}) that none of {@code found} reads: perf tests that did not run this build (a Surefire
   * that does not run JUnit 5, a skipped or deleted test), in name order.
   *
   * @param found the profiles found
   * @return the baselines that have no current run
   */
  public List<Path> baselinesWithoutRun(List<Step> found) {
    if (!Files.isDirectory(baselineDirectory)) {
      return List.of();
    }
    java.util.Set<Path> claimed = new java.util.HashSet<>();
    found.forEach(step -> claimed.add(step.baseline().toAbsolutePath().normalize()));
    List<Path> out = new ArrayList<>();
    try (Stream<Path> files = Files.list(baselineDirectory)) {
      for (Path file :
          files
              .filter(f -> f.getFileName().toString().endsWith(".json") && Files.isRegularFile(f))
              .sorted()
              .toList()) {
        if (!claimed.contains(file.toAbsolutePath().normalize()) && isStepProfile(file)) {
          out.add(file);
        }
      }
    } catch (IOException e) {
      throw LibreYoloException.badInput(
          "cannot list " + baselineDirectory + ": " + e.getMessage(), e);
    }
    return out;
  }

  private static boolean isStepProfile(Path file) {
    try {
      return "step"
          .equals(
              org.libreyolo.profile.result.Json.MAPPER
                  .readTree(file.toFile())
                  .path(ProfileSchema.CONFIG)
                  .path(ProfileSchema.MODE)
                  .asText());
    } catch (IOException e) {
      return false; // not a profile: not ours to name
    }
  }
}

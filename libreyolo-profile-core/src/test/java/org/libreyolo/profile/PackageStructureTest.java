package org.libreyolo.profile;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The layout the data flow promises (capture -> trace -> analysis -> result -> lens/compare ->
 * report, producers and the gate on top): no package cycle across every module's main sources, and
 * the lower layers never reach up. Reads the sources, so it fails the build the moment an import
 * breaks the layering.
 */
class PackageStructureTest {
  private static final Pattern PACKAGE =
      Pattern.compile(
          "^package org\\.libreyolo\\.profile(?:\\.((?:internal\\.)?\\w+))?;", Pattern.MULTILINE);
  private static final Pattern REFERENCE =
      Pattern.compile("org\\.libreyolo\\.profile\\.((?:internal\\.)?\\w+)");

  /**
   * Comments and string literals: a class named in text (a child process's main class) is no
   * dependency.
   */
  private static final Pattern COMMENT =
      Pattern.compile("//[^\\n]*|/\\*.*?\\*/|\"(?:\\\\.|[^\"\\\\\\n])*\"", Pattern.DOTALL);

  private static final String ROOT = "(root)";
  private static final Map<String, Set<String>> DEPENDS = new TreeMap<>();

  /** Each main source of the core library, without its comments and string literals. */
  private static final Map<Path, String> CORE_CODE = new TreeMap<>();

  @BeforeAll
  static void readSources() throws IOException {
    Path repo = Path.of("..").toAbsolutePath().normalize();
    try (Stream<Path> files = Files.walk(repo)) {
      for (Path file :
          files
              .filter(
                  f ->
                      f.toString().endsWith(".java")
                          && f.toString().contains("/src/main/java/")
                          && !f.toString().contains("/target/"))
              .toList()) {
        String source = Files.readString(file);
        if (file.toString().contains("/libreyolo-profile-core/src/main/java/")) {
          CORE_CODE.put(file, COMMENT.matcher(source).replaceAll(""));
        }
        Matcher p = PACKAGE.matcher(source);
        if (!p.find()) {
          continue;
        }
        String from = p.group(1) == null ? ROOT : p.group(1);
        Set<String> to = DEPENDS.computeIfAbsent(from, k -> new TreeSet<>());
        Matcher r = REFERENCE.matcher(COMMENT.matcher(source).replaceAll(""));
        while (r.find()) {
          String target = Character.isUpperCase(r.group(1).charAt(0)) ? ROOT : r.group(1);
          if (!target.equals(from)) {
            to.add(target);
          }
        }
      }
    }
  }

  @Test
  void everyModuleIsRead() {
    assertThat(DEPENDS)
        .containsKeys(
            "internal.analysis",
            "internal.trace",
            "internal.measure",
            "gate",
            "cli",
            "maven",
            "junit",
            "bench");
  }

  @Test
  void noPackageCycles() {
    List<List<String>> cycles = new ArrayList<>();
    for (String start : DEPENDS.keySet()) {
      List<String> cycle = cycleThrough(start);
      if (cycle != null) {
        cycles.add(cycle);
      }
    }
    assertThat(cycles).as("package cycles").isEmpty();
  }

  @Test
  void lowerLayersNeverReachUp() {
    assertOnlyUses("internal.trace", ROOT);
    assertOnlyUses("options", ROOT);
    assertOnlyUses("internal.result", ROOT, "internal.io", "result");
    assertOnlyUses("result", ROOT); // the profile, its keys and its JSON: the bottom of the API
    // the engine seam a third engine implements: nothing of the library's below it
    assertOnlyUses("runtime", ROOT);
    // the process room: starting JVMs and the records they exchange, nothing of what they measure
    assertOnlyUses("process", ROOT, "internal.fork", "internal.io");
    assertOnlyUses(
        "internal.analysis",
        ROOT,
        "internal.python",
        "internal.result",
        "result",
        "runtime",
        "internal.trace");
    assertOnlyUses(
        "internal.capture",
        ROOT,
        "internal.engine",
        "internal.io",
        "internal.python",
        "internal.trace",
        "options",
        "result",
        "runtime");
    assertOnlyUses("internal.lens", ROOT, "internal.python", "result", "internal.trace", "options");
    assertOnlyUses("internal.compare", ROOT, "internal.python", "result", "internal.trace");
    // two profiles compared: a typed result over the profiles, rendered by report
    assertOnlyUses("compare", ROOT, "internal.compare", "internal.python", "result");
    // the diff reads profiles and the traces' op calls; the gate and the reports read it
    assertOnlyUses("diff", ROOT, "result", "internal.analysis");
    assertOnlyUses(
        "internal.report",
        ROOT,
        "internal.analysis",
        "compare",
        "internal.compare",
        "internal.io",
        "internal.lens",
        "internal.python",
        "result",
        "internal.trace",
        "options");
  }

  /**
   * The implementation sits under the API's entry points: no internal package reaches up to the
   * gate, the reader/report views, the producers or the model facade (docs/api.md).
   */
  @Test
  void internalsNeverUseTheEntryPoints() {
    DEPENDS.forEach(
        (from, to) -> {
          if (from.startsWith("internal.")) {
            assertThat(to)
                .as(from)
                .doesNotContain("gate", "report", "produce", "versions", "check", "reader", "yolo");
          }
        });
  }

  /**
   * All rendering (text, JSON, markdown, HTML) lives in {@code report} and its internals: the gate,
   * the history and the producers hand it typed results and never call it; a surface hands the
   * producers report's writers where a run writes its files ({@code AbResult.Writer}, {@code
   * VersionVerdicts.Writer}, the bisect's).
   */
  @Test
  void onlyTheSurfacesAndTheChecksUseCaseRender() {
    for (String pkg :
        List.of("gate", "history", "result", "diff", "compare", "produce", "versions")) {
      assertThat(DEPENDS.getOrDefault(pkg, Set.of()))
          .as(pkg)
          .doesNotContain("report", "internal.report");
    }
    for (String pkg : List.of("gate", "history", "result")) {
      assertThat(DEPENDS.getOrDefault(pkg, Set.of()))
          .as(pkg)
          .doesNotContain("produce", "versions", "check");
    }
  }

  /**
   * The reports render what they are handed: they never measure, never load a profile or a trace
   * ({@code reader} does), and never run the use case that checks a build.
   */
  @Test
  void theReportsNeverReachUpToTheProducers() {
    assertThat(DEPENDS.getOrDefault("report", Set.of()))
        .doesNotContain("produce", "versions", "check", "reader");
    assertThat(DEPENDS.getOrDefault("produce", Set.of())).doesNotContain("versions", "check");
  }

  /**
   * The surfaces and the bench sit on top: nothing in the core library depends on them, no product
   * module on the bench.
   */
  @Test
  void nothingDependsOnTheSurfaces() {
    DEPENDS.forEach(
        (from, to) -> {
          if (!Set.of("cli", "maven", "junit").contains(from)) {
            assertThat(to).as(from).doesNotContain("cli", "maven", "junit");
          }
          if (!from.equals(
              "bench")) { // the launcher puts the bench module beside the CLI: nothing links to it
            assertThat(to).as(from).doesNotContain("bench");
          }
        });
  }

  /**
   * The history's views word what a history command found: the surfaces run the command ({@code
   * HistoryCommands}) and hand its typed result to {@code report}, which never opens the store.
   */
  @Test
  void theReportsNeverRunAHistoryCommand() {
    Pattern runs = Pattern.compile("\\bHistoryCommands\\.[a-z]\\w*\\(|\\bHistory\\.open\\(");
    List<String> running = new ArrayList<>();
    CORE_CODE.forEach(
        (file, code) -> {
          String f = file.toString().replace('\\', '/');
          if ((f.contains("/org/libreyolo/profile/report/")
                  || f.contains("/org/libreyolo/profile/internal/report/"))
              && runs.matcher(code).find()) {
            running.add(file.getFileName().toString());
          }
        });
    assertThat(running).as("report files running a history command").isEmpty();
  }

  /**
   * An engine other than libtorch lives in its own packages (ONNX Runtime: {@code
   * internal.runtime.onnx}, its public face {@code onnx}): the rest of the library reaches it
   * through {@code ModelRuntime} and {@code EngineFiles} only, so a third engine is its own
   * packages and two service files (docs/contributing.md, "an engine").
   */
  @Test
  void noEngineIsNamedOutsideItsOwnPackages() {
    Pattern onnx =
        Pattern.compile(
            "\\bai\\.onnxruntime\\b|org\\.libreyolo\\.profile\\.(internal\\.runtime\\.)?onnx\\b");
    List<String> naming = new ArrayList<>();
    CORE_CODE.forEach(
        (file, code) -> {
          String f = file.toString().replace('\\', '/');
          boolean own =
              f.contains("/org/libreyolo/profile/internal/runtime/onnx/")
                  || f.contains("/org/libreyolo/profile/onnx/");
          if (!own && onnx.matcher(code).find()) {
            naming.add(file.getFileName().toString());
          }
        });
    assertThat(CORE_CODE).hasSizeGreaterThan(100);
    assertThat(naming).as("files naming ONNX Runtime outside its packages").isEmpty();
  }

  private static void assertOnlyUses(String pkg, String... allowed) {
    assertThat(DEPENDS.getOrDefault(pkg, Set.of()))
        .as(pkg + " depends only on")
        .isSubsetOf(Set.of(allowed));
  }

  /** A path start -> ... -> start, or null. */
  private static List<String> cycleThrough(String start) {
    Deque<List<String>> paths = new ArrayDeque<>();
    paths.add(List.of(start));
    Set<String> seen = new TreeSet<>();
    while (!paths.isEmpty()) {
      List<String> path = paths.poll();
      for (String next : DEPENDS.getOrDefault(path.get(path.size() - 1), Set.of())) {
        List<String> longer = new ArrayList<>(path);
        longer.add(next);
        if (next.equals(start)) {
          return longer;
        }
        if (seen.add(next)) {
          paths.add(longer);
        }
      }
    }
    return null;
  }
}

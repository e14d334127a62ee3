package org.libreyolo.profile.process;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.libreyolo.profile.Api;

/**
 * The two class paths of an A/B across versions, split for one JVM: what both name (the same files)
 * is the JVM's own class path; the rest (the module's tests, each side's main classes, the
 * dependencies whose versions differ) goes to that side's class loader. The split is refused, with
 * the reason, when a side's own part holds what loads once per process (JUnit, this extension, DJL,
 * another engine's binding: one engine and one native library per JVM) or a class the shared part
 * holds too (which copy a side would see is then a matter of loader order, not of the build).
 *
 * @param shared the JVM's class path, in this build's order
 * @param baseline the baseline side's own entries, in its order
 * @param candidate this build's own entries, in its order
 * @param whyNot why the two sides cannot share one JVM, or null when they can
 */
@Api(status = Api.Status.INTERNAL, since = "0.1.0")
public record SharedClasspath(
    List<String> shared, List<String> baseline, List<String> candidate, String whyNot) {
  /** The tool's packages whose classes hold process-wide state: both sides must see one copy. */
  static final List<String> PROCESS_WIDE =
      List.of("org/junit/", "org/opentest4j/", "org/libreyolo/profile/", "ai/djl/");

  /**
   * Whether the split can run.
   *
   * @return true when both sides fit one JVM
   */
  public boolean possible() {
    return whyNot == null;
  }

  /**
   * Splits two class paths.
   *
   * @param testClasses the module's compiled tests: on both class paths, yet each side needs its
   *     own copy (they link against that side's classes)
   * @param testClasses the module's compiled tests: on both class paths, yet each side needs its
   *     own copy (they link against that side's classes)
   * @param baseline the baseline's class path ({@code -cp} form)
   * @param candidate this build's class path
   * @param unshareable what the build tool already knows cannot share one JVM (an artifact of the
   *     engine or the test framework at another version), one phrase each; the first is the reason
   * @return the split, with {@link #whyNot} set when it cannot run
   */
  public static SharedClasspath split(
      Path testClasses, String baseline, String candidate, List<String> unshareable) {
    return split(testClasses, baseline, candidate, unshareable, List.of());
  }

  /**
   * Splits two class paths, where more packages than the tool's own hold process-wide state.
   *
   * @param testClasses the module's compiled tests
   * @param baseline the baseline's class path ({@code -cp} form)
   * @param candidate this build's class path
   * @param unshareable what the build tool already knows cannot share one JVM, one phrase each
   * @param processWide class file prefixes besides the tool's own that load once per process (the
   *     other engines' bindings, e.g. {@code ai/onnxruntime/})
   * @return the split, with {@link #whyNot} set when it cannot run
   */
  public static SharedClasspath split(
      Path testClasses,
      String baseline,
      String candidate,
      List<String> unshareable,
      List<String> processWide) {
    String tests = testClasses.toAbsolutePath().normalize().toString();
    List<String> a = entries(baseline);
    List<String> b = entries(candidate);
    Set<String> inA = new LinkedHashSet<>(a);
    Set<String> inB = new LinkedHashSet<>(b);
    inA.remove(tests);
    inB.remove(tests);
    List<String> shared = b.stream().filter(inA::contains).toList();
    List<String> ownA = a.stream().filter(e -> !inB.contains(e)).toList();
    List<String> ownB = b.stream().filter(e -> !inA.contains(e)).toList();
    String why = unshareable.isEmpty() ? null : unshareable.get(0) + " cannot share one JVM";
    if (why == null) {
      List<String> once = new ArrayList<>(PROCESS_WIDE);
      once.addAll(processWide);
      why = conflict(shared, ownA, ownB, once);
    }
    return new SharedClasspath(shared, ownA, ownB, why);
  }

  private static List<String> entries(String classpath) {
    List<String> out = new ArrayList<>();
    for (String e : classpath.split(File.pathSeparator)) {
      if (!e.isBlank()) {
        out.add(Path.of(e).toAbsolutePath().normalize().toString());
      }
    }
    return out;
  }

  /** The first reason a side's own entries cannot sit under the shared ones, or null. */
  private static String conflict(
      List<String> shared, List<String> ownA, List<String> ownB, List<String> processWide) {
    Map<String, String> sharedClasses = new HashMap<>();
    for (String e : shared) {
      for (String c : classes(e)) {
        sharedClasses.putIfAbsent(c, e);
      }
    }
    for (List<String> side : List.of(ownA, ownB)) {
      for (String e : side) {
        // a folder is the module's own classes or tests; a jar may be the engine or the framework
        boolean jar = Files.isRegularFile(Path.of(e));
        for (String c : classes(e)) {
          for (String p : processWide) {
            if (jar && c.startsWith(p)) {
              return name(e)
                  + " (on one side only) holds "
                  + p.substring(0, p.length() - 1).replace('/', '.')
                  + " classes, which load once per process";
            }
          }
          String there = sharedClasses.get(c);
          if (there != null) {
            return "the class path cannot be split: "
                + c.replace('/', '.').replaceFirst("\\.class$", "")
                + " is in "
                + name(e)
                + " (one side) and in "
                + name(there)
                + " (both sides)";
          }
        }
      }
    }
    return null;
  }

  private static String name(String entry) {
    Path p = Path.of(entry);
    return Files.isDirectory(p) ? entry : p.getFileName().toString();
  }

  /** The class files of a class path entry (a jar or a folder), as {@code a/b/C.class}. */
  static List<String> classes(String entry) {
    Path p = Path.of(entry);
    List<String> out = new ArrayList<>();
    try {
      if (Files.isDirectory(p)) {
        try (Stream<Path> files = Files.walk(p)) {
          files
              .filter(f -> f.toString().endsWith(".class"))
              .forEach(f -> out.add(p.relativize(f).toString().replace(File.separatorChar, '/')));
        }
      } else if (Files.isRegularFile(p)) {
        try (ZipFile zip = new ZipFile(p.toFile())) {
          for (Enumeration<? extends ZipEntry> en = zip.entries(); en.hasMoreElements(); ) {
            String n = en.nextElement().getName();
            if (n.endsWith(".class")
                && !n.startsWith("META-INF/")
                && !n.endsWith("module-info.class")) {
              out.add(n);
            }
          }
        }
      }
    } catch (IOException e) {
      // unreadable: the JVM reading it will say so; nothing to compare here
    }
    return out;
  }
}

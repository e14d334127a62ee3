package org.libreyolo.profile.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarOutputStream;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How the two class paths of an A/B across versions split for one JVM, and when they cannot. */
class SharedClasspathTest {
  @TempDir Path dir;

  private Path jar(String name, String... classes) throws IOException {
    Path jar = dir.resolve(name);
    try (OutputStream out = Files.newOutputStream(jar);
        JarOutputStream j = new JarOutputStream(out)) {
      for (String c : classes) {
        j.putNextEntry(new ZipEntry(c));
        j.write(new byte[] {(byte) 0xCA, (byte) 0xFE});
        j.closeEntry();
      }
    }
    return jar;
  }

  private Path folder(String name, String... classes) throws IOException {
    Path root = dir.resolve(name);
    for (String c : classes) {
      Path f = root.resolve(c);
      Files.createDirectories(f.getParent());
      Files.write(f, new byte[] {1});
    }
    Files.createDirectories(root);
    return root;
  }

  private static String cp(Path... entries) {
    return String.join(
        File.pathSeparator, java.util.Arrays.stream(entries).map(Path::toString).toList());
  }

  @Test
  void whatBothNameIsSharedAndEachSideKeepsItsOwnWithTheTestsOnBoth() throws IOException {
    Path tests = folder("test-classes", "demo/WorkPerfTest.class");
    Path classes = folder("classes", "demo/Work.class");
    Path old = jar("demo-1.0.jar", "demo/Work.class");
    Path junit = jar("junit-jupiter-api.jar", "org/junit/jupiter/api/Test.class");
    Path lib2 = jar("lib-2.jar", "com/lib/Util.class");
    Path lib1 = jar("lib-1.jar", "com/lib/Util.class");
    SharedClasspath s =
        SharedClasspath.split(
            tests, cp(tests, old, lib1, junit), cp(tests, classes, lib2, junit), List.of());
    assertThat(s.possible()).isTrue();
    assertThat(s.shared()).containsExactly(junit.toString());
    assertThat(s.baseline()).containsExactly(tests.toString(), old.toString(), lib1.toString());
    assertThat(s.candidate())
        .containsExactly(tests.toString(), classes.toString(), lib2.toString());
  }

  @Test
  void theEngineOrTheTestFrameworkOnOneSideOnlyCannotShareAJvm() throws IOException {
    Path tests = folder("test-classes", "demo/T.class");
    Path djl1 = jar("api-0.35.0.jar", "ai/djl/Model.class");
    Path djl2 = jar("api-0.36.0.jar", "ai/djl/Model.class");
    SharedClasspath s = SharedClasspath.split(tests, cp(tests, djl1), cp(tests, djl2), List.of());
    assertThat(s.possible()).isFalse();
    assertThat(s.whyNot())
        .isEqualTo(
            "api-0.35.0.jar (on one side only) holds ai.djl classes, which load once per process");
  }

  @Test
  void theBuildToolsReasonComesFirst() throws IOException {
    Path tests = folder("test-classes", "demo/T.class");
    SharedClasspath s =
        SharedClasspath.split(tests, cp(tests), cp(tests), List.of("ai.djl:api 0.35.0 -> 0.36.0"));
    assertThat(s.whyNot()).isEqualTo("ai.djl:api 0.35.0 -> 0.36.0 cannot share one JVM");
  }

  @Test
  void aClassOnOneSideAndInTheSharedPartCannotBeSplit() throws IOException {
    Path tests = folder("test-classes", "demo/T.class");
    Path shaded = jar("fat.jar", "com/lib/Util.class", "com/other/X.class");
    Path lib = jar("lib-1.jar", "com/lib/Util.class");
    SharedClasspath s =
        SharedClasspath.split(tests, cp(tests, lib, shaded), cp(tests, shaded), List.of());
    assertThat(s.possible()).isFalse();
    assertThat(s.whyNot())
        .isEqualTo(
            "the class path cannot be split: com.lib.Util is in lib-1.jar (one side) and in"
                + " fat.jar (both sides)");
  }
}

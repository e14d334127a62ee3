package org.libreyolo.profile.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The README's consumer POM and Java examples are the files of the {@code readme-junit} invoker IT,
 * which builds and runs them with Maven: a block follows a {@code <!-- it: path -->} marker and must
 * equal that file with the build's versions in place of its {@code @tokens@}. So every example
 * compiles as written, and the README cannot drift from what was tested.
 */
class ReadmeExamplesTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Pattern BLOCK = Pattern.compile("<!-- it: (\\S+) -->\\s*\\n```[a-z]*\\n(.*?)\\n```", Pattern.DOTALL);
  private static final Pattern TOKEN = Pattern.compile("@([A-Za-z0-9.]+)@");

  @Test
  void everyMarkedReadmeBlockIsTheFileTheItBuilds() throws IOException {
    String readme = Files.readString(ROOT.resolve("README.md"));
    String pom = Files.readString(ROOT.resolve("pom.xml"));
    Matcher m = BLOCK.matcher(readme);
    List<String> files = new ArrayList<>();
    while (m.find()) {
      Path file = ROOT.resolve(m.group(1));
      assertThat(file).as("README marker " + m.group(1)).isRegularFile();
      String expected = substitute(Files.readString(file), pom).strip();
      assertThat(m.group(2).strip()).as("README block for " + m.group(1) + " differs from the file the IT builds")
          .isEqualTo(expected);
      files.add(m.group(1));
    }
    assertThat(files).contains("it/src/it/readme-junit/pom.xml",
        "it/src/it/readme-junit/src/test/java/example/ForwardPerfTest.java",
        "it/src/it/readme-junit/src/test/java/example/ClassifierPerfTest.java",
        "it/src/it/readme-junit/src/test/java/example/SizesPerfTest.java");
  }

  /** {@code @name@} as the invoker filters it: the root POM's property, or its own version. */
  private static String substitute(String text, String pom) {
    Matcher t = TOKEN.matcher(text);
    StringBuilder out = new StringBuilder();
    while (t.find()) {
      String name = t.group(1);
      String value;
      if (name.equals("project.version")) {
        value = first(pom, "<artifactId>libreyolo-profile-parent</artifactId>\\s*<version>([^<]+)</version>");
      } else {
        value = first(pom, "<" + Pattern.quote(name) + ">([^<]+)</" + Pattern.quote(name) + ">");
      }
      t.appendReplacement(out, Matcher.quoteReplacement(value));
    }
    return t.appendTail(out).toString();
  }

  private static String first(String text, String regex) {
    Matcher m = Pattern.compile(regex).matcher(text);
    assertThat(m.find()).as("root pom.xml has " + regex).isTrue();
    return m.group(1);
  }
}

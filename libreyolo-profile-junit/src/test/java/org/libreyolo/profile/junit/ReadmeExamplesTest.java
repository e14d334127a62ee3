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
 * The README's and the guides' consumer POM and Java examples are the files of the {@code
 * readme-junit} invoker IT, which builds and runs them with Maven: a block follows a {@code <!-- it:
 * path -->} marker and must equal that file with the build's versions in place of its {@code
 * @tokens@}. So every example compiles as written, and no page can drift from what was tested. And
 * every relative link of those pages resolves, to a file and, with {@code #anchor}, to a heading.
 */
class ReadmeExamplesTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Pattern BLOCK =
      Pattern.compile("<!-- it: (\\S+) -->\\s*\\n```[a-z]*\\n(.*?)\\n```", Pattern.DOTALL);
  private static final Pattern TOKEN = Pattern.compile("@([A-Za-z0-9.]+)@");

  private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");

  /** README.md, CHANGELOG.md and every page under docs/. */
  static List<Path> pages() throws IOException {
    List<Path> pages =
        new ArrayList<>(List.of(ROOT.resolve("README.md"), ROOT.resolve("CHANGELOG.md")));
    try (var docs = Files.list(ROOT.resolve("docs"))) {
      docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
    }
    return pages;
  }

  @Test
  void everyMarkedReadmeBlockIsTheFileTheItBuilds() throws IOException {
    String pom = Files.readString(ROOT.resolve("pom.xml"));
    List<String> files = new ArrayList<>();
    for (Path page : pages()) {
      Matcher m = BLOCK.matcher(Files.readString(page));
      while (m.find()) {
        Path file = ROOT.resolve(m.group(1));
        assertThat(file).as(page.getFileName() + " marker " + m.group(1)).isRegularFile();
        String expected = substitute(Files.readString(file), pom).strip();
        assertThat(m.group(2).strip())
            .as(
                page.getFileName()
                    + " block for "
                    + m.group(1)
                    + " differs from the file the IT builds")
            .isEqualTo(expected);
        files.add(m.group(1));
      }
    }
    assertThat(files)
        .contains(
            "it/src/it/readme-junit/pom.xml",
            "it/src/it/readme-junit/src/test/java/example/ForwardPerfTest.java",
            "it/src/it/readme-junit/src/test/java/example/ClassifierPerfTest.java",
            "it/src/it/readme-junit/src/test/java/example/SizesPerfTest.java");
  }

  @Test
  void everyRelativeLinkResolves() throws IOException {
    List<String> broken = new ArrayList<>();
    for (Path page : pages()) {
      String text = Files.readString(page);
      Matcher m = LINK.matcher(text);
      while (m.find()) {
        String target = m.group(1);
        if (target.matches("^(https?|mailto):.*")) {
          continue;
        }
        int hash = target.indexOf('#');
        String path = hash < 0 ? target : target.substring(0, hash);
        Path file = path.isEmpty() ? page : page.getParent().resolve(path).normalize();
        if (!Files.exists(file)) {
          broken.add(page.getFileName() + ": " + target + " (no such file)");
        } else if (hash >= 0
            && file.toString().endsWith(".md")
            && !anchors(Files.readString(file)).contains(target.substring(hash + 1))) {
          broken.add(page.getFileName() + ": " + target + " (no such heading)");
        }
      }
    }
    assertThat(broken).as("broken links").isEmpty();
  }

  /**
   * The anchors a renderer gives the page's headings: lower case, punctuation dropped, spaces as
   * dashes.
   */
  private static List<String> anchors(String page) {
    List<String> out = new ArrayList<>();
    for (String line : page.split("\n")) {
      if (line.startsWith("#")) {
        String title = line.replaceFirst("^#+\\s*", "").toLowerCase(java.util.Locale.ROOT);
        out.add(title.replaceAll("[^a-z0-9 _-]", "").replace(' ', '-'));
      }
    }
    return out;
  }

  /** {@code @name@} as the invoker filters it: the root POM's property, or its own version. */
  private static String substitute(String text, String pom) {
    Matcher t = TOKEN.matcher(text);
    StringBuilder out = new StringBuilder();
    while (t.find()) {
      String name = t.group(1);
      String value;
      if (name.equals("project.version")) {
        value =
            first(
                pom,
                "<artifactId>libreyolo-profile-parent</artifactId>\\s*<version>([^<]+)</version>");
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

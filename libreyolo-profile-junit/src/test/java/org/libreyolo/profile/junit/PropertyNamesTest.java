package org.libreyolo.profile.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.libreyolo.profile.Properties;

/** Every configuration parameter the extension reads is one the unknown-name warning knows. */
class PropertyNamesTest {
  @Test
  void theExtensionsParametersAreAllKnown() throws Exception {
    Set<String> names = new TreeSet<>();
    try (Stream<Path> files = Files.list(Path.of("src/main/java/org/libreyolo/profile/junit"))) {
      for (Path f : files.toList()) {
        Matcher m =
            Pattern.compile("(?:param\\(context, |PREFIX \\+ )\"([A-Za-z]+)\"")
                .matcher(Files.readString(f));
        while (m.find()) {
          names.add(m.group(1));
        }
      }
    }
    assertThat(names).contains("warmup", "updateBaseline", "skip").hasSizeGreaterThan(15);
    assertThat(Properties.KNOWN).containsAll(names);
  }
}

package org.libreyolo.profile.maven;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.libreyolo.profile.Properties;

/** Every {@code -Dlibreyolo.profile.*} name a goal reads is one the unknown-name warning knows. */
class PropertyNamesTest {
  @Test
  void thePluginDescriptorsPropertiesAreAllKnown() throws Exception {
    String descriptor = Files.readString(Path.of("target/classes/META-INF/maven/plugin.xml"));
    Matcher m = Pattern.compile("\\$\\{libreyolo\\.profile\\.([A-Za-z]+)\\}").matcher(descriptor);
    Set<String> read = new TreeSet<>();
    while (m.find()) {
      read.add(m.group(1));
    }
    assertThat(read).hasSizeGreaterThan(50);
    assertThat(Properties.KNOWN).containsAll(read);
  }
}

package org.libreyolo.profile;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class PropertiesTest {
  @Test
  void aTypoIsWarnedWithTheNameMeant() {
    assertThat(
            Properties.unknown(
                Map.of(
                    "libreyolo.profile.fork", "3",
                    "libreyolo.profile.forks", "3",
                    "libreyolo.profile.zzzzzzzz", "1",
                    "other.fork", "1")))
        .containsExactly(
            "unknown property -Dlibreyolo.profile.fork: no libreyolo-profile goal or test reads it"
                + " (did you mean libreyolo.profile.forks?)",
            "unknown property -Dlibreyolo.profile.zzzzzzzz: no libreyolo-profile goal or test"
                + " reads it");
  }

  @Test
  void everyNameTheSurfacesReadIsKnown() {
    assertThat(Properties.unknown(Map.of("libreyolo.profile.updateBaseline", "true"))).isEmpty();
  }
}

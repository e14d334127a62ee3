package org.libreyolo.profile.versions;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Which side goes first in each JVM of a look (docs/versions.md, "In shared JVMs"). */
class PairedRunTest {
  /** Every look's JVMs on their own: as many of each order, so each look's cross-over holds. */
  @Test
  void eachLooksJvmsAreBalancedOnTheirOwn() {
    Random random = new Random(5);
    for (int first : new int[] {0, 6, 12}) {
      List<Boolean> look = PairedRun.orders(6, first, random);
      assertThat(look).hasSize(6);
      assertThat(Collections.frequency(look, true)).isEqualTo(3);
    }
  }

  /** With an odd count the JVM left over goes to each side in turn, from look to look. */
  @Test
  void anOddCountsLeftoverAlternatesFromLookToLook() {
    Random random = new Random(5);
    List<Boolean> all = new ArrayList<>();
    for (int look = 0; look < 4; look++) {
      all.addAll(PairedRun.orders(3, 3 * look, random));
    }
    assertThat(Collections.frequency(all, true)).isEqualTo(6);
    assertThat(Collections.frequency(all.subList(0, 3), true))
        .isNotEqualTo(Collections.frequency(all.subList(3, 6), true));
  }
}

package org.libreyolo.profile.internal.python;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Percentages as every renderer prints them. */
class PercentagesTest {
  @Test
  void aPercentageBeyondTenThousandSaysOnlyThatItIsHuge() {
    assertThat(Percentages.signedPercent(0.052)).isEqualTo("+5.2%");
    assertThat(Percentages.signedPercent(-0.1)).isEqualTo("-10.0%");
    assertThat(Percentages.percent(0.385)).isEqualTo("38.5%");
    assertThat(Percentages.signedPercent(99.99)).isEqualTo("+9999.0%");
    // an interval over 2 JVMs printed "+6768553861195.2%" and an MDE of "14861836800807.2%"
    assertThat(Percentages.signedPercent(67685538611.952)).isEqualTo(">+10000%");
    assertThat(Percentages.percent(148618368008.072)).isEqualTo(">10000%");
    assertThat(Percentages.signedPercent(-1.0)).isEqualTo("-100.0%");
  }
}

package org.libreyolo.profile.internal.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The percentile labels along the top of the latency charts stay readable: no histogram bar reaches
 * their band, and the CDF's legend sits bottom right, away from them.
 */
class DistributionLabelsTest {
  private static final double[] MARKS = {10, 12, 30};
  private static final String[] NAMES = {"p50", "p90", "p99"};

  private static double[] skewed() {
    double[] s = new double[60];
    for (int i = 0; i < s.length; i++) {
      s[i] = i < 40 ? 10 : 10 + i; // most iterations in the first bin: its bar is the tallest
    }
    return s;
  }

  @Test
  void noHistogramBarReachesThePercentileLabels() {
    String svg = DistributionSvg.histogram(skewed(), MARKS, NAMES, "ms");
    Matcher bar = Pattern.compile("<rect class=\"bin\" x=\"[^\"]+\" y=\"([0-9.]+)\"").matcher(svg);
    double top = Double.MAX_VALUE;
    while (bar.find()) {
      top = Math.min(top, Double.parseDouble(bar.group(1)));
    }
    double lowestLabel = Svg.TOP + 12 + 13 * (MARKS.length - 1); // its baseline
    assertThat(top).as("the tallest bar's top").isGreaterThan(lowestLabel + 2);
  }

  @Test
  void theCdfLegendSitsBottomRightBelowTheLabels() {
    String svg =
        DistributionSvg.cdf(
            List.of(skewed(), skewed()), List.of("before", "after"), MARKS, NAMES, "ms");
    Matcher swatch =
        Pattern.compile("<rect class=\"legend-swatch\" x=\"([0-9.]+)\" y=\"([0-9.]+)\"")
            .matcher(svg);
    int found = 0;
    while (swatch.find()) {
      found++;
      assertThat(Double.parseDouble(swatch.group(1))).isGreaterThan(Svg.W / 2.0);
      assertThat(Double.parseDouble(swatch.group(2))).isGreaterThan(Svg.H / 2.0);
    }
    assertThat(found).isEqualTo(2);
  }
}

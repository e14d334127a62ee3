package org.libreyolo.profile.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.libreyolo.profile.gate.Verdict;

/** The code behind the bench's tables: medians, the rate intervals of the gate study, a row. */
class BenchTablesTest {
  @Test
  void mediansOfOddEvenAndEmptySamples() {
    assertEquals(2, Medians.of(new double[] {3, 1, 2}));
    assertEquals(2.5, Medians.of(new double[] {4, 1, 3, 2}));
    assertEquals(3, Medians.of(List.of(5.0, 1.0)));
    assertTrue(Double.isNaN(Medians.of(List.<Double>of())));
  }

  /** Wilson's 95% interval against values computed independently from the score formula. */
  @Test
  void wilsonIntervalsOfARate() {
    assertArrayEquals(new double[] {0, 0.27753}, StudyStatistics.wilson(0, 10), 1e-5);
    assertArrayEquals(new double[] {0.23659, 0.76341}, StudyStatistics.wilson(5, 10), 1e-5);
    assertArrayEquals(new double[] {0, 1}, StudyStatistics.wilson(0, 0));
    GateStudy.Counts none = new GateStudy.Counts("aa", 36, 0, 10, 26, 0);
    assertEquals(0.09642, none.flaggedInterval()[1], 1e-5);
  }

  @Test
  void verdictsAreTalliedIntoThreeCounters() {
    int[] counts = new int[3];
    for (Verdict v :
        List.of(Verdict.REGRESSION, Verdict.INCONCLUSIVE, Verdict.PASS, Verdict.IMPROVED)) {
      StudyStatistics.count(counts, v);
    }
    assertArrayEquals(new int[] {1, 1, 2}, counts);
  }

  @Test
  void aRowIsAlignedAndRoundedInTheRootLocale() {
    StringWriter s = new StringWriter();
    new Table(new PrintWriter(s)).row("predict median ms", Table.f(19.126, 2), "< 25");
    assertEquals(
        String.format(Locale.ROOT, "%-40s %12s %14s", "predict median ms", "19.13", "< 25"),
        s.toString().stripTrailing());
  }
}

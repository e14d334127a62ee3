package org.libreyolo.profile.internal.analysis;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.libreyolo.profile.internal.python.PyRound;

/** Per-name [total us, count] in first-seen order: the raw material of kernel and op rows. */
final class Rows {
  final Map<String, double[]> byName = new LinkedHashMap<>();
  double total;
  int count;

  void add(String name, double dur) {
    double[] row = byName.computeIfAbsent(name, k -> new double[2]);
    row[0] += dur;
    row[1] += 1;
    total += dur;
    count++;
  }

  /** Entries sorted by the given rounded share, descending, ties in first-seen order. */
  List<Map.Entry<String, double[]>> sortedByShare(int digits) {
    double denominator = denominator();
    List<Map.Entry<String, double[]>> entries = new ArrayList<>(byName.entrySet());
    // the rounded share once per row: rounding is exact (BigDecimal) and too dear for every
    // comparison
    Map<String, Double> share = new HashMap<>();
    for (Map.Entry<String, double[]> e : entries) {
      share.put(e.getKey(), PyRound.round(e.getValue()[0] / denominator * 100, digits));
    }
    entries.sort((a, b) -> Double.compare(share.get(b.getKey()), share.get(a.getKey())));
    return entries;
  }

  double denominator() {
    return total > 0 ? total : 1.0;
  }
}

package org.libreyolo.profile.analysis;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
    double denominator = total > 0 ? total : 1.0;
    List<Map.Entry<String, double[]>> entries = new ArrayList<>(byName.entrySet());
    entries.sort((a, b) -> Double.compare(
        PyRound.round(b.getValue()[0] / denominator * 100, digits),
        PyRound.round(a.getValue()[0] / denominator * 100, digits)));
    return entries;
  }

  double denominator() {
    return total > 0 ? total : 1.0;
  }
}

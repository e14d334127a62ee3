/**
 * The gates' decisions: the stored-baseline gate ({@link org.libreyolo.profile.gate.Gate}, its
 * options and metrics), the exact counters, the paired blocks of an in-job A/B, baseline recording.
 * Results only: {@code report} renders them.
 */
package org.libreyolo.profile.gate;

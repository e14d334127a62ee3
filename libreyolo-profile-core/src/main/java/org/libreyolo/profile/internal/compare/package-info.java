/**
 * Comparison of two profiles: the reference's 2*SE rule, statistics on raw samples, and the gate's
 * verdict (docs/statistics.md).
 */
package org.libreyolo.profile.internal.compare;

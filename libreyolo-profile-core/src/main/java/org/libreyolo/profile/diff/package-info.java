/**
 * What changed between two profiles, and how much of the step's change each change accounts for
 * ({@link org.libreyolo.profile.diff.ProfileDiff}): per phase, per op call, kernel and op, per Java
 * method, memory. Results only: {@code report} renders them (docs/diff.md).
 */
package org.libreyolo.profile.diff;

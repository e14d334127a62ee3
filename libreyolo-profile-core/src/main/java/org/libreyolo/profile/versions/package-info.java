/**
 * The A/B across versions and the bisect, in one room: a module's perf tests against a baseline
 * version (both in shared JVMs in alternating blocks, checked against each side alone, or in
 * alternating forks), judged per step ({@link org.libreyolo.profile.versions.VersionAb}), and the
 * search for the version that did it ({@link org.libreyolo.profile.versions.Bisect}). The Maven
 * goals resolve the two class paths and adapt it; the JUnit extension runs its child JVMs; the
 * report renders what it hands back.
 */
package org.libreyolo.profile.versions;

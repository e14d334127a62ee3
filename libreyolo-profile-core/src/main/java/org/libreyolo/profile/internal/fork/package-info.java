/**
 * Forked measurement (docs/statistics.md, "Forks"): fresh JVMs started one after another on the
 * parent's classpath, each measuring on its own, their failures reported as one line.
 */
package org.libreyolo.profile.internal.fork;

/**
 * The process room: everything that runs the sides of a measurement in other JVMs or beside each
 * other in one (docs/versions.md). {@link org.libreyolo.profile.process.ChildJvms} starts every
 * child JVM (by kind, found on the child's class path through {@link
 * org.libreyolo.profile.process.ChildJvm}) and carries the one-line error contract; {@link
 * org.libreyolo.profile.process.PerfTestProtocol} is the typed protocol between the parent and a
 * JVM running a module's perf tests (records written as JSON); {@link
 * org.libreyolo.profile.process.SharedClasspath} decides whether the two class paths of an A/B
 * across versions can share one JVM.
 */
package org.libreyolo.profile.process;

/**
 * The CLI ({@code ./libreyolo}): picocli commands that parse POSIX flags and call the core;
 * defaults come from {@link org.libreyolo.profile.Defaults}.
 */
package org.libreyolo.profile.cli;

/**
 * The reader commands every surface runs ({@code summary}, {@code get}, {@code phases}, {@code
 * kernels}, {@code ops}, {@code java}, {@code what-if}, {@code compare}, {@code diff}, {@code
 * report}): each loads a profile or a trace, looks at it and hands what it found to {@code report},
 * which renders it. Reading sits on top of the reports, so that they only render.
 */
package org.libreyolo.profile.reader;

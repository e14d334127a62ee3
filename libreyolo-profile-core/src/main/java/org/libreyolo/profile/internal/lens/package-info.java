/**
 * Lenses: the readers' views of a profile ({@code summary}, {@code get}, {@code phases}, {@code
 * kernels}, {@code ops}, {@code what-if}) as data, rendered by {@code report}.
 */
package org.libreyolo.profile.internal.lens;

/**
 * The Maven plugin: thin mojos over the core; parameters map to {@code -Dlibreyolo.profile.*}
 * properties with defaults from {@link org.libreyolo.profile.Defaults}.
 */
package org.libreyolo.profile.maven;

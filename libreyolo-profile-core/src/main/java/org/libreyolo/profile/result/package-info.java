/**
 * The result: the profile ({@code libreyolo.profile.analysis/v1}) and its byte-exact reading and
 * writing (docs/profile-schema.md).
 */
package org.libreyolo.profile.result;

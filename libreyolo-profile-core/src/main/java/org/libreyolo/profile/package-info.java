/**
 * libreyolo-profile's core library. Data flows capture -> trace -> analysis -> result ->
 * lens/compare -> report; the producers ({@code produce}) and the gate ({@code gate}) sit on top,
 * the engine, model and data packages below. {@link org.libreyolo.profile.Defaults} holds every
 * default the CLI, the Maven plugin and the JUnit extension share; {@link
 * org.libreyolo.profile.LibreYoloException} carries the documented exit codes.
 */
package org.libreyolo.profile;

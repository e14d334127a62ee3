/**
 * The benchmark harness behind {@code ./libreyolo bench}: rotated, interleaved arms in one process
 * (forward parity with TorchScript, profiler overhead and compensation, analysis speed, NMS, soak)
 * and cross-process A/A studies. Its own module, so users' classpaths never carry it.
 */
package org.libreyolo.profile.bench;

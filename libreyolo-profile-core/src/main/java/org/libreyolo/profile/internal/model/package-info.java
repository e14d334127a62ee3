/**
 * LibreYOLO9 (t/s/m/c) built from DJL blocks (package-private), the fused inference path, and
 * TorchScript models behind one {@link org.libreyolo.profile.internal.model.Detector}
 * (docs/model.md).
 */
package org.libreyolo.profile.internal.model;

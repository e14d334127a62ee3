package org.libreyolo.profile.internal.model;

/**
 * What a loaded detector is: family/size, class count, parameter count (-1 when unknown, as for
 * TorchScript), and where its weights came from ({@code random-init} or a file path).
 */
public record ModelInfo(
    String model, String size, int classes, long parameters, String weights, String format) {}

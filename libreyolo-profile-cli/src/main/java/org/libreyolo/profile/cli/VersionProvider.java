package org.libreyolo.profile.cli;

import picocli.CommandLine.IVersionProvider;

/** The jar's implementation version (or "dev" when run from classes). */
public final class VersionProvider implements IVersionProvider {
  @Override
  public String[] getVersion() {
    String v = RootCommand.class.getPackage().getImplementationVersion();
    return new String[] {"libreyolo-profile " + (v == null ? "dev" : v)};
  }
}

package org.libreyolo.profile.junit;

import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.libreyolo.profile.produce.CustomStepProfiler;

/** Each side's class loader in the A/B across versions in one JVM, and a step run inside it. */
final class SideLoaders {
  private SideLoaders() {}

  /**
   * The step with its side's loader as the context class loader while it runs on this thread (a
   * {@code ServiceLoader} in the user's code finds that side's services; a thread it starts is that
   * side's).
   */
  static CustomStepProfiler.Step inLoader(CustomStepProfiler.Step step, ClassLoader loader) {
    return new CustomStepProfiler.Step() {
      @Override
      public void prepare(int index) throws Exception {
        in(loader, () -> step.prepare(index));
      }

      @Override
      public void run(CustomStepProfiler.Phases clock, int index) throws Exception {
        // the timed part: no capturing lambda, so nothing is allocated around the user's step
        Thread t = Thread.currentThread();
        ClassLoader before = t.getContextClassLoader();
        t.setContextClassLoader(loader);
        try {
          step.run(clock, index);
        } finally {
          t.setContextClassLoader(before);
        }
      }

      @Override
      public void finish(int index) throws Exception {
        in(loader, () -> step.finish(index));
      }
    };
  }

  /** A part of a step. */
  private interface Part {
    void run() throws Exception;
  }

  private static void in(ClassLoader loader, Part part) throws Exception {
    Thread t = Thread.currentThread();
    ClassLoader before = t.getContextClassLoader();
    t.setContextClassLoader(loader);
    try {
      part.run();
    } finally {
      t.setContextClassLoader(before);
    }
  }

  /** A side's loader: its own entries above this JVM's class path (which holds what both share). */
  static URLClassLoader loader(List<String> entries, String name) {
    List<URL> urls = new ArrayList<>();
    for (String e : entries) {
      try {
        urls.add(Path.of(e).toUri().toURL());
      } catch (MalformedURLException ex) {
        throw new IllegalArgumentException("not a class path entry: " + e, ex);
      }
    }
    return new URLClassLoader(name, urls.toArray(URL[]::new), PairedSides.class.getClassLoader());
  }
}

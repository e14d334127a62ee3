package org.libreyolo.profile;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.source.doctree.DocCommentTree;
import com.sun.source.doctree.DocTree;
import com.sun.source.doctree.ParamTree;
import com.sun.source.tree.BinaryTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.LiteralTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.ModifiersTree;
import com.sun.source.tree.PrimitiveTypeTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.DocTrees;
import com.sun.source.util.JavacTask;
import com.sun.source.util.TreePath;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.lang.model.element.Modifier;
import javax.lang.model.type.TypeKind;
import javax.tools.JavaCompiler;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The API boundary (docs/api.md): every public type outside {@code org.libreyolo.profile.internal}
 * is marked {@link Api} and documented (each public member with its {@code @param}s and
 * {@code @return}), and the surfaces (CLI, Maven plugin, JUnit extension) use nothing internal.
 * Reads the sources with javac's own parser, so a new public method without javadoc, or a surface
 * that reaches into the implementation, fails the build.
 */
class ApiTest {
  private static final Path REPO = Path.of("..").toAbsolutePath().normalize();
  private static final Path CORE = REPO.resolve("libreyolo-profile-core/src/main/java");

  /**
   * The JUnit extension's public types are a user's API too (the CLI's and the plugin's are their
   * flags and parameters).
   */
  private static final Path JUNIT = REPO.resolve("libreyolo-profile-junit/src/main/java");

  private static final Pattern INTERNAL =
      Pattern.compile("org\\.libreyolo\\.profile\\.internal\\.[\\w.]+");
  private static final Pattern CODE_ONLY =
      Pattern.compile("//[^\\n]*|/\\*.*?\\*/|\"(?:\\\\.|[^\"\\\\\\n])*\"", Pattern.DOTALL);
  private static final List<String> PROBLEMS = new ArrayList<>();
  private static final Set<String> API_TYPES = new TreeSet<>();

  @BeforeAll
  static void parseTheApi() throws IOException {
    List<Path> files = new ArrayList<>();
    for (Path root : List.of(CORE, JUNIT)) {
      try (Stream<Path> walk = Files.walk(root)) {
        files.addAll(
            walk.filter(
                    f ->
                        f.toString().endsWith(".java")
                            && !f.endsWith("package-info.java")
                            && !root.relativize(f)
                                .toString()
                                .startsWith("org/libreyolo/profile/internal/"))
                .sorted()
                .toList());
      }
    }
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    try (StandardJavaFileManager fm = javac.getStandardFileManager(null, null, null)) {
      JavacTask task =
          (JavacTask)
              javac.getTask(
                  null,
                  fm,
                  null,
                  List.of("-proc:none"),
                  null,
                  fm.getJavaFileObjectsFromPaths(files));
      DocTrees docs = DocTrees.instance(task);
      for (CompilationUnitTree unit : task.parse()) {
        for (Tree type : unit.getTypeDecls()) {
          if (type instanceof ClassTree c && isPublic(c.getModifiers())) {
            String name = unit.getPackageName() + "." + c.getSimpleName();
            API_TYPES.add(name);
            if (c.getModifiers().getAnnotations().stream()
                .noneMatch(a -> a.getAnnotationType().toString().equals("Api"))) {
              PROBLEMS.add(
                  name
                      + ": public type without @Api (or move it under org.libreyolo.profile.internal)");
            }
            checkType(docs, new TreePath(new TreePath(unit), c), name);
          }
        }
      }
    }
  }

  private static void checkType(DocTrees docs, TreePath path, String name) {
    ClassTree c = (ClassTree) path.getLeaf();
    DocCommentTree doc = docs.getDocCommentTree(path);
    if (doc == null) {
      PROBLEMS.add(name + ": no javadoc");
    } else if (c.getKind() == Tree.Kind.RECORD) {
      Set<String> documented = params(doc);
      for (Tree m : c.getMembers()) {
        if (m instanceof VariableTree v
            && !v.getModifiers().getFlags().contains(Modifier.STATIC)
            && !documented.contains(v.getName().toString())) {
          PROBLEMS.add(name + ": record component '" + v.getName() + "' without @param");
        }
      }
    }
    boolean members =
        c.getKind() == Tree.Kind.INTERFACE || c.getKind() == Tree.Kind.ANNOTATION_TYPE;
    for (Tree m : c.getMembers()) {
      TreePath at = new TreePath(path, m);
      if (m instanceof ClassTree nested && (members || isPublic(nested.getModifiers()))) {
        checkType(docs, at, name + "." + nested.getSimpleName());
      } else if (m instanceof MethodTree method
          && (members || isPublic(method.getModifiers()))
          && !overrides(method)
          && !compactOrCanonical(c, method)) {
        checkMethod(docs.getDocCommentTree(at), method, name);
      } else if (m instanceof VariableTree v
          && (members
              || isPublic(v.getModifiers())
              || c.getKind() == Tree.Kind.ENUM
                  && !v.getModifiers().getFlags().contains(Modifier.PRIVATE)
                  && v.getInitializer() != null
                  && v.getInitializer().getKind() == Tree.Kind.NEW_CLASS)
          && c.getKind() != Tree.Kind.RECORD
          && !isTextTwin(v)
          && docs.getDocCommentTree(at) == null) {
        PROBLEMS.add(name + "." + v.getName() + ": no javadoc");
      }
    }
  }

  /**
   * A default's text form right below its typed value ({@code BATCH = "" + BATCH_VALUE}, for
   * annotation attributes): the typed value's javadoc is its own (Defaults' class javadoc says so).
   */
  private static boolean isTextTwin(VariableTree v) {
    return v.getInitializer() instanceof BinaryTree b
        && b.getKind() == Tree.Kind.PLUS
        && b.getLeftOperand() instanceof LiteralTree l
        && "".equals(l.getValue())
        && b.getRightOperand() instanceof IdentifierTree id
        && id.getName().contentEquals(v.getName() + "_VALUE");
  }

  private static void checkMethod(DocCommentTree doc, MethodTree m, String owner) {
    String where =
        owner
            + "."
            + (m.getName().contentEquals("<init>") ? "<init>" : m.getName())
            + "("
            + m.getParameters().stream()
                .map(p -> p.getName().toString())
                .reduce((a, b) -> a + ", " + b)
                .orElse("")
            + ")";
    if (doc == null) {
      PROBLEMS.add(where + ": no javadoc");
      return;
    }
    Set<String> documented = params(doc);
    for (VariableTree p : m.getParameters()) {
      if (!documented.contains(p.getName().toString())) {
        PROBLEMS.add(where + ": no @param " + p.getName());
      }
    }
    boolean returnsValue =
        m.getReturnType() != null
            && !(m.getReturnType() instanceof PrimitiveTypeTree prim
                && prim.getPrimitiveTypeKind() == TypeKind.VOID);
    boolean hasReturn =
        doc.getBlockTags().stream().anyMatch(t -> t.getKind() == DocTree.Kind.RETURN)
            || doc.getFullBody().stream().anyMatch(t -> t.getKind() == DocTree.Kind.RETURN);
    if (returnsValue && !hasReturn) {
      PROBLEMS.add(where + ": no @return");
    }
  }

  private static Set<String> params(DocCommentTree doc) {
    Set<String> names = new TreeSet<>();
    for (DocTree t : doc.getBlockTags()) {
      if (t instanceof ParamTree p) {
        names.add(p.getName().getName().toString());
      }
    }
    return names;
  }

  private static boolean isPublic(ModifiersTree m) {
    return m.getFlags().contains(Modifier.PUBLIC);
  }

  private static boolean overrides(MethodTree m) {
    return m.getModifiers().getAnnotations().stream()
        .anyMatch(a -> a.getAnnotationType().toString().equals("Override"));
  }

  /** A record's canonical or compact constructor: the record's own {@code @param}s document it. */
  private static boolean compactOrCanonical(ClassTree c, MethodTree m) {
    long components =
        c.getMembers().stream()
            .filter(
                x ->
                    x instanceof VariableTree v
                        && !v.getModifiers().getFlags().contains(Modifier.STATIC))
            .count();
    return c.getKind() == Tree.Kind.RECORD
        && m.getName().contentEquals("<init>")
        && (m.getParameters().isEmpty() || m.getParameters().size() == components);
  }

  @Test
  void everyPublicTypeOutsideInternalIsMarkedAndDocumented() {
    assertThat(API_TYPES)
        .contains(
            "org.libreyolo.profile.Api",
            "org.libreyolo.profile.gate.Gate",
            "org.libreyolo.profile.yolo.Yolo9",
            "org.libreyolo.profile.junit.StepProfiler");
    assertThat(PROBLEMS).as("API elements without @Api or javadoc").isEmpty();
  }

  /** The CLI, the mojos and the extension are adapters over the API: nothing internal. */
  @Test
  void theSurfacesUseOnlyTheApi() throws IOException {
    List<String> reaches = new ArrayList<>();
    for (String module :
        List.of(
            "libreyolo-profile-cli", "libreyolo-profile-maven-plugin", "libreyolo-profile-junit")) {
      try (Stream<Path> walk = Files.walk(REPO.resolve(module).resolve("src/main/java"))) {
        for (Path f : walk.filter(p -> p.toString().endsWith(".java")).toList()) {
          Matcher m = INTERNAL.matcher(CODE_ONLY.matcher(Files.readString(f)).replaceAll(""));
          while (m.find()) {
            reaches.add(REPO.relativize(f) + ": " + m.group());
          }
        }
      }
    }
    assertThat(reaches).as("surface code using internal packages").isEmpty();
  }

  /** Core names options by key ({@code {maxDet}}); only the surfaces know their flags. */
  @Test
  void noCliFlagInCore() throws IOException {
    Pattern literal = Pattern.compile("\"(?:\\\\.|[^\"\\\\\\n])*\"");
    Pattern flag = Pattern.compile("(?<![\\w-])--[a-z][a-z0-9-]*");
    List<String> flags = new ArrayList<>();
    try (Stream<Path> walk = Files.walk(CORE)) {
      // Option is the one table of the surfaces' words
      for (Path f :
          walk.filter(p -> p.toString().endsWith(".java") && !p.endsWith("Option.java")).toList()) {
        String code =
            Pattern.compile("//[^\\n]*|/\\*.*?\\*/", Pattern.DOTALL)
                .matcher(Files.readString(f))
                .replaceAll("");
        Matcher s = literal.matcher(code);
        while (s.find()) {
          // the reference's own compare note names its CLI ("use 'run --repeat N'"): reproduced as
          // specified
          if (flag.matcher(s.group()).find() && !s.group().contains("'run --repeat N'")) {
            flags.add(CORE.relativize(f) + ": " + s.group());
          }
        }
      }
    }
    assertThat(flags).as("CLI flags in core strings (write {key}, see Option)").isEmpty();
  }
}

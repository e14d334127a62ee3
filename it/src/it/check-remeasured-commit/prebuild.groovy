// A git checkout of this module with one commit, and crunch made four times slower in the working
// tree, not committed: the baselines recorded now measure the slower code, the commit the faster.
def git(String... args) {
  def p = new ProcessBuilder(['git'] + (args as List)).directory(basedir).redirectErrorStream(true).start()
  def out = p.inputStream.text
  assert p.waitFor() == 0 : "git ${args.join(' ')}: ${out}"
}
new File(basedir, '.gitignore').text = 'target/\n*.log\n'
git('init', '-q')
git('config', 'user.email', 'it@example.com')
git('config', 'user.name', 'IT')
git('config', 'commit.gpgsign', 'false')
git('add', '-A')
git('commit', '-q', '-m', 'the work as it was')
def work = new File(basedir, 'src/main/java/demo/Work.java')
work.text = work.text.replace('hash(data, rounds("crunch"), 31)', 'hash(data, 4 * rounds("crunch"), 31)')
// a perf test added since the commit, not committed: the commit's tests do not have it
new File(basedir, 'src/test/java/demo/LaterPerfTest.java').text = '''package demo;

import org.junit.jupiter.api.Test;
import org.libreyolo.profile.junit.ProfiledStep;
import org.libreyolo.profile.junit.StepProfiler;

class LaterPerfTest {
  @Test
  @ProfiledStep(runs = 20, warmup = 10, maxRegression = 0.99) // plumbing, never timing
  void later(StepProfiler profiler) {
    profiler.measure(() -> Work.parse(WorkPerfTest.DATA));
  }
}
'''
return true

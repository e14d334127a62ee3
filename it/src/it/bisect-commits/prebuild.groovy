// A git history of this module, four commits on one line: the third makes crunch do four times the work
// (a code change); the others change no code.
def git(String... args) {
  def p = new ProcessBuilder(['git'] + (args as List)).directory(basedir).redirectErrorStream(true).start()
  def out = p.inputStream.text
  assert p.waitFor() == 0 : "git ${args.join(' ')}: ${out}"
}
def commit(String message) {
  git('add', '-A')
  git('commit', '-q', '-m', message)
}
new File(basedir, '.gitignore').text = 'target/\n*.log\n'
git('init', '-q')
git('config', 'user.email', 'it@example.com')
git('config', 'user.name', 'IT')
git('config', 'commit.gpgsign', 'false')
commit('the work as it was')
new File(basedir, 'NOTES.md').text = 'notes\n'
commit('notes, no code')
def work = new File(basedir, 'src/main/java/demo/Work.java')
work.text = work.text.replace('hash(data, rounds("crunch"), 31)', 'hash(data, 4 * rounds("crunch"), 31)')
commit('crunch four times over')
new File(basedir, 'NOTES.md').text = 'notes\nmore notes\n'
commit('more notes, no code')
return true

// the bisect over four commits: the third made crunch do four times the work
def log = new File(basedir, 'build.log').text
def git(String... args) {
  def p = new ProcessBuilder(['git'] + (args as List)).directory(basedir).start()
  def out = p.inputStream.text.trim()
  assert p.waitFor() == 0
  out
}
def ids = git('log', '--reverse', '--format=%h', '--abbrev=10').readLines()
assert ids.size() == 4
def culprit = ids[2], before = ids[1]
assert log.contains('[libreyolo-profile] bisect over 4 commits:')
assert log.contains("[libreyolo-profile]   ${culprit} crunch four times over")
assert log.contains("building commit ${ids[0]} (the work as it was)")
assert log.contains("WorkPerfTest.crunch: ${culprit} made it slower (against ${before})")
def folder = new File(basedir, 'target/libreyolo-profile/bisect')
def json = new groovy.json.JsonSlurper().parse(new File(folder, 'bisect-result.json'))
assert json.versions == ids
def crunch = json.findings.find { it.test == 'WorkPerfTest.crunch' }
assert crunch.found == 'CULPRIT' && crunch.older == before && crunch.newer == culprit
assert crunch.evidence.verdict == 'REGRESSION' && crunch.evidence.ci_low > 0.05
// each built commit's classes and build log stay under target/ for a look; the checkout is as it was
assert new File(basedir, "target/libreyolo-profile-commits/${ids[1]}-build.log").isFile() // step 5 (ab) wrote the folder last
assert git('status', '--porcelain') == ''
assert git('worktree', 'list').readLines().size() == 1
// 2-4: one line each
assert log.contains('goodRef=HEAD is not an ancestor of badRef=HEAD~2: name an older good')
assert log =~ /goodRef=v0\.9 names no commit in .* \(a branch, tag or commit id\)/
assert log.contains('set good and bad (released versions) or goodRef and badRef (commits), not both')
// 5: ab against HEAD~2, built from its tree: crunch four times slower fails the build
def base = ids[1]
assert log.contains("building commit ${base} (notes, no code)")
assert log =~ /WorkPerfTest\.crunch: REGRESSION \(time \+[0-9]/
assert log.contains('performance regression against baseline HEAD~2: WorkPerfTest.crunch')
// 6-7: one line each
assert log =~ /baselineRef=v0\.9 names no commit in .* \(a branch, tag or commit id\)/
assert log.contains('set only one of baselineVersion, baselineArtifact, baselineClasspath and baselineRef; both are set: baselineVersion=1.0 and baselineRef=HEAD~1')
assert !log.contains('at org.libreyolo.profile')
assert !log.contains('unknown property -Dlibreyolo.profile.goodRef')

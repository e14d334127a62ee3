// the ab goal at a multi-module root and with -pl -am
def log = new File(basedir, 'build.log').text
assert log.contains('reactor-parent: no compiled tests, nothing to compare')
assert log.contains('reactor-lib: no compiled tests, nothing to compare')
assert log =~ /ServicePerfTest\.handle: (PASS|INCONCLUSIVE|IMPROVED) \(time .*8 pairs in 2 JVMs/
assert !log.contains('no compiled tests at')
// goals 2 and 3 pass; goal 4 (four times the work in this build's app) fails on reactor-app
assert log.count('BUILD FAILURE') == 1
assert log =~ /on project reactor-app: performance regression against baseline 1\.0: ServicePerfTest\.handle /
assert log =~ /reactor-app [^\n]*FAILURE/
assert log =~ /reactor-lib [^\n]*SUCCESS/
assert !(log =~ /on project reactor-parent: /)
// the root's summary is goal 4's, the last build's
def summary = new File(basedir, 'target/libreyolo-profile/versions/versions-summary.md').text
assert summary =~ /^## A\/B across versions: REGRESSION/
assert summary.contains('| com.example:reactor-app |')
assert summary.contains('### com.example:reactor-app: A/B against baseline 1.0')
assert !summary.contains('reactor-lib |')
true

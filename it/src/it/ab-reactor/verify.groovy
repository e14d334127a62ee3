// the ab goal at a multi-module root and with -pl -am
def log = new File(basedir, 'build.log').text
assert log.contains('reactor-parent: no compiled tests, nothing to compare')
assert log.contains('reactor-lib: no compiled tests, nothing to compare')
assert log =~ /ServicePerfTest\.handle: (PASS|INCONCLUSIVE|IMPROVED) \(time .*8 pairs in 2 JVMs/
assert !log.contains('no compiled tests at')
assert !log.contains('BUILD FAILURE')
def summary = new File(basedir, 'target/libreyolo-profile/versions/versions-summary.md').text
assert summary =~ /^## A\/B across versions: (PASS|INCONCLUSIVE|IMPROVED)/
assert summary.contains('| com.example:reactor-app |')
assert summary.contains('### com.example:reactor-app: A/B against baseline 1.0')
assert !summary.contains('reactor-lib |')
true

// a dependency bump A/B'd with both versions in the shared JVMs
def log = new File(basedir, 'build.log').text
assert log.contains('class path: com.fasterxml.jackson.core:jackson-databind 2.17.2 -> 2.18.2')
// a Guava bump moves its annotation jars too: classes no test executes, shared all the same
assert log.contains('com.google.guava:guava 31.1-jre -> 33.0.0-jre')
assert log.contains('org.checkerframework:checker-qual 3.12.0 -> 3.41.0')
assert log.contains('JVM 1 of 2 holding both versions (')
assert log.contains('JVM 2 of 2 holding both versions (')
assert !log.contains('NoClassDefFoundError')
// then each side alone: a 0.06-0.1 ms Jackson call runs in the JVMs holding both versions at or
// near its slow solo mode (docs/benchmarks.md); the check keeps the pairs' verdict, or, where more
// solo JVMs show the shared ones distort it, the forks judge it and the line says why. Never for
// want of a shared class path.
assert log.contains('baseline 1.0 alone (the check that the shared JVMs ran it as it runs alone)')
def result = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/libreyolo-profile/versions/versions-result.json'))
def test = result.tests.find { it.test == 'OrdersPerfTest.roundTrip' }
assert test.solo != null
if (test.mode == 'in shared JVMs') {
    assert log =~ /OrdersPerfTest\.roundTrip: (PASS|INCONCLUSIVE|IMPROVED|REGRESSION) \(time [-+]\d+\.\d% \[[-+]\d+\.\d%, [-+]\d+\.\d%\], 8 pairs in 2 JVMs/
    assert !test.solo.distorted
} else {
    assert test.mode.startsWith('forks: the JVMs holding both versions did not run it as it runs alone: baseline 1.0 ')
    assert test.solo.distorted
    assert test.solo.baseline.solo_ms.size() >= 2
    assert log =~ /OrdersPerfTest\.roundTrip: (PASS|INCONCLUSIVE|IMPROVED|REGRESSION) \(time [-+]\d+\.\d% \[[-+]\d+\.\d%, [-+]\d+\.\d%\], 8\/8 forks/
}
assert !log.contains('so does a class path both versions can share')
// each side ran its own Jackson: the shared JVMs' logs name both
def logs = new File(basedir, 'target/libreyolo-profile/versions/shared').listFiles().collect { new File(it, 'fork.log').text }.join('\n')
assert logs.contains('jackson 2.17.2')
assert logs.contains('jackson 2.18.2')
true

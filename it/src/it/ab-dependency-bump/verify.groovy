// a dependency bump A/B'd with both versions in the shared JVMs
def log = new File(basedir, 'build.log').text
assert log.contains('class path: com.fasterxml.jackson.core:jackson-databind 2.17.2 -> 2.18.2')
// a Guava bump moves its annotation jars too: classes no test executes, shared all the same
assert log.contains('com.google.guava:guava 31.1-jre -> 33.0.0-jre')
assert log.contains('org.checkerframework:checker-qual 3.12.0 -> 3.41.0')
assert log.contains('JVM 1 of 2 holding both versions (')
assert log.contains('JVM 2 of 2 holding both versions (')
assert log =~ /OrdersPerfTest\.roundTrip: (PASS|INCONCLUSIVE|IMPROVED|REGRESSION) \(time [-+]\d+\.\d% \[[-+]\d+\.\d%, [-+]\d+\.\d%\], 8 pairs in 2 JVMs/
assert !log.contains('forks:')
assert !log.contains('NoClassDefFoundError')
def result = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/libreyolo-profile/versions/versions-result.json'))
assert result.tests.every { it.mode == 'in shared JVMs' }
// each side ran its own Jackson: the shared JVMs' logs name both
def logs = new File(basedir, 'target/libreyolo-profile/versions/shared').listFiles().collect { new File(it, 'fork.log').text }.join('\n')
assert logs.contains('jackson 2.17.2')
assert logs.contains('jackson 2.18.2')
true

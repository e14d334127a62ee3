// the consumer's libraries are the same with the extension as without it: same jars, same versions
def jars = { name ->
  new File(basedir, "target/${name}.txt").text.trim().split(File.pathSeparator)
      .collect { new File(it).name } as Set
}
def without = jars('without')
def with = jars('with')
assert without.contains('jackson-databind-2.17.2.jar') && without.contains('guava-31.1-jre.jar')
assert without.contains('junit-jupiter-api-5.14.1.jar')
def removed = without - with
assert removed.isEmpty() : "the extension changed the project's libraries: ${removed} became ${with - without}"
def added = (with - without).findAll { !it.startsWith('libreyolo-profile-junit-') }
assert added.isEmpty() : "the extension brought ${added}"
// 3: the perf test ran beside the project's own Jackson and recorded its baseline
def log = new File(basedir, 'build.log').text
assert log.contains('Tests run: 2, Failures: 0, Errors: 0, Skipped: 0')
assert log.contains('[libreyolo-profile] EncodePerfTest.encode: baseline recorded at')
assert new File(basedir, 'src/perf/libreyolo-profile/example.EncodePerfTest.encode.json').isFile()
// the forked test: two fresh JVMs on the project's JUnit 5, merged into one baseline
assert log.contains('[libreyolo-profile] EncodePerfTest.encodeInForks: baseline recorded at')
def forked = new groovy.json.JsonSlurper().parse(new File(basedir, 'src/perf/libreyolo-profile/example.EncodePerfTest.encodeInForks.json'))
assert forked.samples.forks.size() == 2

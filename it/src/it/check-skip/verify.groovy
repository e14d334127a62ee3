def log = new File(basedir, 'build.log').text
assert log.contains('libreyolo-profile: skipped')
assert !new File(basedir, 'target/libreyolo-profile').exists()

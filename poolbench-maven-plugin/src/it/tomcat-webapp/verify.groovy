// The check built Tomcat's bundled DBCP2 and Connector/J at the versions the webapp's build declares for its
// Tomcat (tomcat-dbcp 10.1.34, mysql-connector-j 8.4.0), not poolbench's own (10.1.50, 9.4.0).
import groovy.json.JsonSlurper

def checks = new JsonSlurper().parse(new File(basedir, 'target/poolbench/check.json'))
def pool = checks[0].pool
assert pool.poolJar.coordinates == 'org.apache.tomcat:tomcat-dbcp'
assert pool.poolJar.version == '10.1.34'
assert pool.driverJar.version == '8.4.0'
assert new File(basedir, 'target/poolbench/check.md').text.contains('maxWaitMillis')

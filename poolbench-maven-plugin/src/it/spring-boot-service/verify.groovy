// The check read the HikariCP and Connector/J of the service's own build: the versions Spring Boot 3.5.7 manages
// (spring-boot-dependencies 3.5.7: HikariCP 6.3.3, mysql-connector-j 9.4.0), not poolbench's HikariCP 7.0.2.
import groovy.json.JsonSlurper

def checks = new JsonSlurper().parse(new File(basedir, 'target/poolbench/check.json'))
def pool = checks[0].pool
assert pool.poolJar.coordinates == 'com.zaxxer:HikariCP'
assert pool.poolJar.version == '6.3.3'
assert pool.driverJar.version == '9.4.0'
// the aurora profile was bound: its URL, its pool timeout
assert pool.effective['JDBC URL'].contains('cluster-c1a2b3')
assert pool.effective['borrow timeout ms (connectionTimeout)'] == '3000'
def log = new File(basedir, 'build.log').text
assert log.contains('com.zaxxer:HikariCP 6.3.3 (the service\'s build)')
// the second build: 10 s predicted at a stall, above maxHangSeconds 5
assert log.contains('is above maxHangSeconds 5 s')
assert log.contains('BUILD FAILURE')
// the plan goal: the queueing model's answer at 40 requests/s, with the same HikariCP
def plan = new File(basedir, 'target/poolbench/plan.md').text
assert plan.contains('breaks (p99 response') && plan.contains('borrow timeout 3,000 ms')

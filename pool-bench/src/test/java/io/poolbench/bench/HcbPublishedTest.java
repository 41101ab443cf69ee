package io.poolbench.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.testbed.report.JmhSummary;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HcbPublishedTest {
    private static JmhSummary.Result thr(double score, double... forkMeans) {
        return new JmhSummary.Result("b", "ConnectionCycle.throughput", "thrpt", Map.of(), 4, forkMeans.length, 3,
                score, 1, "ops/ms", 9, Map.of(), List.of(), Map.of(), 0,
                Arrays.stream(forkMeans).boxed().toList());
    }

    @Test
    void theTranscribedRunsLoadWithHikariInEach() {
        HcbPublished p = HcbPublished.load();
        assertEquals(2, p.runs().size());
        p.runs().forEach(r -> {
            assertTrue(r.connectionCycle().containsKey("hikari") && r.statementCycle().containsKey("hikari"), r.label());
            assertTrue(r.source().startsWith("https://github.com/"), r.source());
        });
        assertEquals("tomcat", p.profiles().get("hcb-tomcat-jdbc"));
    }

    @Test
    void sharesOfHikariWithTheForkRangeAndTheFastestOfEachColumn() {
        Map<String, JmhSummary.Result> m = new LinkedHashMap<>();
        m.put("hcb-hikari", thr(1000, 900, 1100));
        m.put("hcb-dbcp2", thr(10, 9, 11));
        String md = HcbPublished.load().section("ConnectionCycle", List.of(new HcbPublished.Column("1:1 (4/4)", m)));
        // 10 / 1000 = 1 %; fork range 9 / 1100 = 0.818 % to 11 / 900 = 1.22 %
        assertTrue(md.contains("| hcb-dbcp2 | 10 (1.00 %, 0.818 %–1.22 %) |"), md);
        // #7: 351.069 / 52042.195 = 0.675 %
        assertTrue(md.contains("351 (0.675 %)"), md);
        assertTrue(md.contains("| hcb-c3p0 | – |"), "a profile that did not run has no figure: " + md);
        assertTrue(md.contains("| fastest | hcb-hikari | hcb-hikari | hcb-hikari |"), md);
        String st = HcbPublished.load().section("StatementCycle", List.of(new HcbPublished.Column("4 threads", m)));
        assertTrue(st.contains("| fastest | hcb-hikari | hcb-tomcat-jdbc | hcb-tomcat-jdbc |"), st);
    }

    @Test
    void nothingWithoutHikari() {
        assertEquals("", HcbPublished.load().section("ConnectionCycle", List.of(new HcbPublished.Column("1:1",
                Map.of("hcb-dbcp2", thr(10, 10))))));
    }
}

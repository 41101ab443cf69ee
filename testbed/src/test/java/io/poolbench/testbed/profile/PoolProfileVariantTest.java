package io.poolbench.testbed.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.testbed.pool.PoolKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A profile with one setting changed: that attribute differs, every other one is as written. */
class PoolProfileVariantTest {
    @TempDir
    Path tmp;

    @Test
    void exactlyOneAttributeChanges() throws Exception {
        PoolProfile base = PoolProfile.load(ProfileDir.locate("aurora-article-dbcp-verbatim", Path.of("../webapp/conf")));
        String size = base.kind().adapter().sizeAttributes().get(0);
        assertEquals("maxActive", size, "DBCP 1.4's pool size attribute");
        PoolProfile v = base.withAttribute(size, "300", tmp.resolve("v.xml"));
        Map<String, String> expected = new HashMap<>(base.attributes());
        expected.put("maxActive", "300");
        assertEquals(expected, v.attributes());
        assertEquals(PoolKind.DBCP1, v.kind());
        assertTrue(Files.readString(tmp.resolve("v.xml")).contains("one setting changed: maxActive=\"300\""));
        assertEquals("maxWait", base.kind().adapter().borrowTimeoutAttribute());
        assertEquals("testOnBorrow", base.kind().adapter().validationOnBorrowAttribute());
    }
}

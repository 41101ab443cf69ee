package io.poolbench.testbed.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.testbed.TestbedException;
import java.util.List;
import org.junit.jupiter.api.Test;

class DataSetTest {
    @Test
    void schemaHasTheTablesAndTheSeed001Index() {
        List<String> s = DataSet.schemaStatements();
        assertTrue(s.stream().anyMatch(x -> x.startsWith("CREATE TABLE orders")));
        assertTrue(s.stream().anyMatch(x -> x.contains("ON orders (customer_id, created_at)")));
        assertTrue(s.stream().anyMatch(x -> x.startsWith("CREATE TABLE products")));
    }

    @Test
    void defaultsAreSeed001Sized() {
        DataSet d = DataSet.defaults();
        assertEquals(200_000, d.orders());
        assertEquals(2_000, d.customers());
        assertEquals(1, d.customerOf(1));
        assertEquals(2_000, d.customerOf(2_000));
        assertEquals(1, d.customerOf(2_001));
    }

    @Test
    void invalidSizesAreRejected() {
        assertThrows(TestbedException.class, () -> new DataSet(0, 1, 1, 1));
    }
}

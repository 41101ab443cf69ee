package io.poolbench.webapp;

import io.poolbench.testbed.db.DataSet;
import io.poolbench.testbed.db.Queries;
import jakarta.servlet.http.HttpServletRequest;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Request parameters of the query endpoints, a missing one drawn at random within the data set: {@code id},
 * {@code customer}, {@code from} (YYYY-MM-DD), {@code days} (60), {@code limit} (20), {@code page} (0..2),
 * {@code first}, {@code width}, {@code products}, {@code writeId}.
 */
final class QueryParams {

    final long id;
    final long customer;
    final LocalDate from;
    final int days;
    final int limit;
    final int page;
    final long first;
    final int width;
    final int products;
    final String writeId;

    /**
     * @param r the request
     * @param data the data set (ranges of the random defaults)
     * @param write whether {@code writeId} is required
     * @throws IllegalArgumentException one line naming the bad parameter
     */
    QueryParams(HttpServletRequest r, DataSet data, boolean write) {
        ThreadLocalRandom rnd = ThreadLocalRandom.current();
        id = lng(r, "id", 1 + rnd.nextInt(data.orders()), 1, Long.MAX_VALUE);
        customer = lng(r, "customer", 1 + rnd.nextInt(data.customers()), 1, Long.MAX_VALUE);
        String f = r.getParameter("from");
        try {
            from = f == null ? DataSet.EPOCH.toLocalDate().plusDays(rnd.nextInt(300)) : LocalDate.parse(f);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("from=" + f + " is not a date (YYYY-MM-DD)");
        }
        days = (int) lng(r, "days", 60, 1, 3660);
        limit = (int) lng(r, "limit", 20, 1, 1000);
        page = (int) lng(r, "page", rnd.nextInt(3), 0, 10_000);
        width = (int) lng(r, "width", Queries.DEFAULT_LONG_WIDTH, 1, 100_000);
        products = (int) lng(r, "products", Queries.DEFAULT_LONG_PRODUCTS, 1, 1_000_000);
        first = lng(r, "first", 1 + rnd.nextInt(Math.max(1, data.orders() - width + 1)), 1, Long.MAX_VALUE);
        String w = r.getParameter("writeId");
        if (write && (w == null || w.isBlank() || w.length() > 64)) {
            throw new IllegalArgumentException("writeId is required (1 to 64 characters, unique per write)");
        }
        writeId = w;
    }

    private static long lng(HttpServletRequest r, String name, long dflt, long min, long max) {
        String v = r.getParameter(name);
        if (v == null || v.isEmpty()) {
            return dflt;
        }
        try {
            long n = Long.parseLong(v);
            if (n < min || n > max) {
                throw new IllegalArgumentException(name + "=" + v + " is out of range [" + min + ", " + max + "]");
            }
            return n;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + "=" + v + " is not a number");
        }
    }
}

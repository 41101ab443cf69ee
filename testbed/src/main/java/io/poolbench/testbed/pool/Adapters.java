package io.poolbench.testbed.pool;

/** What the adapters share. */
final class Adapters {
    private Adapters() {
    }

    /**
     * @param t an exception
     * @return the message of its root cause (or the root's class name), first line only
     */
    static String rootMessage(Throwable t) {
        Throwable c = t;
        while (c.getCause() != null && c.getCause() != c) {
            c = c.getCause();
        }
        return io.poolbench.testbed.Redact.oneLine(c.getMessage() != null ? c.getMessage() : c.toString());
    }
}

package io.poolbench.toxiproxy.tcp;

/** The waits a TCP-level fault measures apart, by how the request ended. */
public enum TcpWait {
    /** A query on a connection to the vanished writer, ended by the driver or the kernel: connection-lost. */
    QUERY,
    /** A borrow that found only dead connections, validations included: pool-timeout, connect-failed. */
    BORROW,
    /** From the drop to the end of the first request served by the promoted writer. */
    NEW_WRITER;

    /** @return its name in a table */
    public String label() {
        return switch (this) {
            case QUERY -> "query (connection-lost)";
            case BORROW -> "borrow (pool-timeout, connect-failed)";
            case NEW_WRITER -> "first request the promoted writer serves, from the drop";
        };
    }
}

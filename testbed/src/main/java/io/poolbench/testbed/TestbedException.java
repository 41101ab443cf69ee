package io.poolbench.testbed;

/**
 * An error the user can fix: its message is one line naming what is wrong (file, value, URL without password) and
 * what to do. Command-line front ends print only the message.
 */
public class TestbedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** @param message one line: what is wrong and what to do */
    public TestbedException(String message) {
        super(message);
    }

    /**
     * @param message one line: what is wrong and what to do
     * @param cause the underlying error (kept for debugging, not printed by front ends)
     */
    public TestbedException(String message, Throwable cause) {
        super(message, cause);
    }
}

package io.poolbench.testbed.process;

/**
 * Stops something exactly once: when {@link #close()} is called, or from a JVM shutdown hook when the process ends
 * first (Ctrl-C, a failure). Shared by everything that starts a server or a container.
 */
public final class StopOnExit implements AutoCloseable {
    private final Runnable stop;
    private final Thread hook;
    private boolean stopped;

    /**
     * Registers the shutdown hook.
     *
     * @param name name of the hook thread
     * @param stop what stops the resource; should not throw
     */
    public StopOnExit(String name, Runnable stop) {
        this.stop = stop;
        this.hook = new Thread(this::stopOnce, name);
        Runtime.getRuntime().addShutdownHook(hook);
    }

    private synchronized void stopOnce() {
        if (!stopped) {
            stopped = true;
            stop.run();
        }
    }

    /** Stops now and removes the hook; idempotent. */
    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running (or about to) and stops it
        }
        stopOnce();
    }
}

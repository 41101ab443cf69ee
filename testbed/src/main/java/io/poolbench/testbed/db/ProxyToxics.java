package io.poolbench.testbed.db;

import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.model.ToxicDirection;
import io.poolbench.testbed.TestbedException;
import java.io.IOException;

/**
 * What the drills do to one Toxiproxy proxy, for both clusters ({@code FailoverTopology} with its own proxies,
 * {@code ExternalCluster} with the user's): cut its connections, add latency, black-hole it, remove toxics by
 * name. Toxics are named {@code poolbench-*} so that those poolbench added can be told from the user's.
 */
public final class ProxyToxics {
    /** Name of the latency toxic. */
    static final String LATENCY = "poolbench-latency";
    /** Name prefix of the stall's toxics. */
    static final String STALL = "poolbench-stall";

    private ProxyToxics() {
    }

    /**
     * Closes every connection through the proxy (disable + enable), as a reboot of the instance behind it does;
     * asks up to 5 times, 1 s apart, since Toxiproxy can answer slowly or oddly while it closes hundreds of links.
     *
     * @param p proxy
     * @throws IOException when Toxiproxy does not answer 5 times
     */
    public static void cutConnections(Proxy p) throws IOException {
        IOException last = null;
        for (int attempt = 0; attempt < 5; attempt++) {
            try {
                p.disable();
                p.enable();
                return;
            } catch (IOException | RuntimeException e) {
                last = e instanceof IOException ? (IOException) e : new IOException(e.getMessage(), e);
                try {
                    Thread.sleep(1_000);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    throw new TestbedException("interrupted");
                }
            }
        }
        throw last;
    }

    /**
     * Sets the added latency of data coming back through the proxy (downstream latency toxic {@value #LATENCY});
     * 0 and 0 remove it.
     *
     * @param p proxy
     * @param latencyMs added latency, ms
     * @param jitterMs jitter, ms (uniform ±)
     * @throws IOException when Toxiproxy does not answer
     */
    public static void setLatency(Proxy p, long latencyMs, long jitterMs) throws IOException {
        remove(p, LATENCY);
        if (latencyMs > 0 || jitterMs > 0) {
            p.toxics().latency(LATENCY, ToxicDirection.DOWNSTREAM, latencyMs).setJitter(jitterMs);
        }
    }

    /**
     * Black-holes the proxy: data in both directions is dropped and connections hang (Toxiproxy {@code timeout}
     * toxics with timeout 0, named {@code name-down} and {@code name-up}).
     *
     * @param p proxy
     * @param name toxic name prefix
     * @throws IOException when Toxiproxy does not answer
     */
    public static void blackHole(Proxy p, String name) throws IOException {
        p.toxics().timeout(name + "-down", ToxicDirection.DOWNSTREAM, 0);
        p.toxics().timeout(name + "-up", ToxicDirection.UPSTREAM, 0);
    }

    /**
     * Stalls the proxy: data in both directions is held, not dropped, and delivered once the toxics are removed
     * (Toxiproxy {@code bandwidth} toxics with rate 0, named {@code name-down} and {@code name-up}: a chunk is held
     * until the toxic is interrupted and then passed on, its source's "don't drop any data on the floor"). A network
     * outage shorter than TCP's retransmission limit looks like this to both ends: nothing arrives, then everything.
     * The {@code timeout} toxic of {@link #blackHole} drops the data instead, and a connection that lost some never
     * recovers.
     *
     * The latency toxic of the round trip stays; {@link #endStall} removes only these.
     *
     * @param p proxy
     * @throws IOException when Toxiproxy does not answer
     */
    public static void stall(Proxy p) throws IOException {
        p.toxics().bandwidth(STALL + "-down", ToxicDirection.DOWNSTREAM, 0);
        p.toxics().bandwidth(STALL + "-up", ToxicDirection.UPSTREAM, 0);
    }

    /**
     * Ends {@link #stall}: the held data flows on.
     *
     * @param p proxy
     * @throws IOException when Toxiproxy does not answer
     */
    public static void endStall(Proxy p) throws IOException {
        remove(p, STALL);
    }

    /**
     * Removes the proxy's toxics whose name starts with {@code prefix} ("" removes all).
     *
     * @param p proxy
     * @param prefix name prefix
     * @throws IOException when Toxiproxy does not answer
     */
    public static void remove(Proxy p, String prefix) throws IOException {
        for (var t : p.toxics().getAll()) {
            if (t.getName().startsWith(prefix)) {
                t.remove();
            }
        }
    }
}

package io.poolbench.suite.process;

/** JMeter CSV results lines for tests: the header of JMeter's default CSV columns and one sample a line. */
public final class JtlRows {
    /** JMeter's default CSV header. */
    public static final String HEADER = "timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,"
            + "success,failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect\n";

    private JtlRows() {
    }

    /**
     * @param ts start, epoch ms
     * @param elapsed response time, ms
     * @param label sampler label
     * @param code HTTP status (400 and above: failed)
     * @return one CSV line
     */
    public static String row(long ts, long elapsed, String label, int code) {
        return ts + "," + elapsed + "," + label + "," + code + ",,t 1-1,text," + (code < 400) + ",,1,1,1,1,http://x/"
                + label + "," + elapsed + ",0,0\n";
    }
}

package io.poolbench.jmeter.elements;

import org.apache.jmeter.testbeans.TestBean;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.apache.jmeter.timers.Timer;

/**
 * A JMeter timer that paces its thread group to Poisson arrivals at {@code ratePerMinute} and keeps each request's
 * intended start: every call takes the next arrival of one schedule shared by all the engine's threads, stores it
 * in the variable {@code variable} (epoch ms; saved per sample with {@code sample_variables}) and waits until then.
 * A thread that comes late, because every thread was busy, starts at once: the results then show how late instead
 * of hiding it, and latency measured from the intended start carries no coordinated omission.
 *
 * <p>What JMeter's Precise Throughput Timer does for the pacing (one schedule per thread group, exponential gaps),
 * with the intended start kept, which that timer does not expose; compiled, so that no script runs per request.
 * The schedule begins at the first call of a test, not at the test's start, so that the threads' ramp-up is no
 * burst of late requests. One schedule per test: an engine runs one test after another.
 */
public class PoissonArrivalsTimer extends AbstractTestElement implements Timer, TestBean {
    private static final long serialVersionUID = 1L;
    private static final Object LOCK = new Object();
    private static volatile ArrivalSchedule current;

    private String ratePerMinute = "375";
    private String variable = "intendedStartMs";

    /** @return arrivals per minute on this engine, as given (a number, or a JMeter function that yields one) */
    public String getRatePerMinute() {
        return ratePerMinute;
    }

    /** @param ratePerMinute arrivals per minute on this engine, greater than 0 */
    public void setRatePerMinute(String ratePerMinute) {
        this.ratePerMinute = ratePerMinute;
    }

    /** @return the variable that receives each request's intended start, epoch ms */
    public String getVariable() {
        return variable;
    }

    /** @param variable the variable that receives each request's intended start, epoch ms */
    public void setVariable(String variable) {
        this.variable = variable;
    }

    /**
     * @return ms to wait until this request's intended start; 0 when it is already due (the thread came late)
     * @throws IllegalArgumentException when the rate is no number above 0
     */
    @Override
    public long delay() {
        long intended = schedule().next();
        JMeterVariables vars = JMeterContextService.getContext().getVariables();
        if (vars != null) {
            vars.put(variable, Long.toString(intended));
        }
        return Math.max(0L, intended - System.currentTimeMillis());
    }

    private ArrivalSchedule schedule() {
        long test = JMeterContextService.getTestStartTime();
        ArrivalSchedule s = current;
        if (s == null || s.testStartMs() != test) {
            synchronized (LOCK) {
                s = current;
                if (s == null || s.testStartMs() != test) {
                    s = new ArrivalSchedule(test, Double.parseDouble(ratePerMinute.trim()) / 60_000d,
                            System.currentTimeMillis(), System.nanoTime());
                    current = s;
                }
            }
        }
        return s;
    }
}

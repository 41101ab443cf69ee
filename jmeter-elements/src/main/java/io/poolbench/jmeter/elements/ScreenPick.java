package io.poolbench.jmeter.elements;

import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.jmeter.engine.event.LoopIterationEvent;
import org.apache.jmeter.engine.event.LoopIterationListener;
import org.apache.jmeter.testbeans.TestBean;
import org.apache.jmeter.testbeans.TestBeanHelper;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.threads.JMeterContext;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;

/**
 * A JMeter element that picks, at the start of each iteration of its thread group, the next request of the Aurora article's traffic: its screen at random by the
 * mix ({@code shortPercent} short, {@code mediumPercent} medium, the rest long), the user (engine × 10,000 + the
 * thread's number: each thread is one user, its own SQL times in the webapp's model), and with {@code writes} a
 * write id for the medium screen. It sets the variables {@code screen} (the name of the sampler a Switch Controller
 * runs), {@code user} and {@code writeParam} ({@code &writeId=<uuid>} or empty). At the iteration's start, as
 * JMeter's User Parameters do per iteration: a pre-processor would run after the Switch Controller has chosen.
 * Compiled, so that no script or expression is parsed per request.
 */
public class ScreenPick extends AbstractTestElement implements LoopIterationListener, TestBean {
    private static final long serialVersionUID = 1L;

    private String shortPercent = "50";
    private String mediumPercent = "30";
    private String engine = "1";
    private String writes = "false";

    /** @return the short screen's share of requests, % (0–100) */
    public String getShortPercent() {
        return shortPercent;
    }

    /** @param shortPercent the short screen's share of requests, % (0–100) */
    public void setShortPercent(String shortPercent) {
        this.shortPercent = shortPercent;
    }

    /** @return the medium screen's share of requests, % (0–100, with the short share at most 100) */
    public String getMediumPercent() {
        return mediumPercent;
    }

    /** @param mediumPercent the medium screen's share of requests, % */
    public void setMediumPercent(String mediumPercent) {
        this.mediumPercent = mediumPercent;
    }

    /** @return this engine's number, from 1: the users of engine N are N × 10,000 + the thread's number */
    public String getEngine() {
        return engine;
    }

    /** @param engine this engine's number, from 1 */
    public void setEngine(String engine) {
        this.engine = engine;
    }

    /** @return "true" when the medium screen ends with a committed write of a fresh id */
    public String getWrites() {
        return writes;
    }

    /** @param writes "true" when the medium screen ends with a committed write of a fresh id */
    public void setWrites(String writes) {
        this.writes = writes;
    }

    /**
     * Sets {@code screen}, {@code user} and {@code writeParam} for this iteration's request of this thread.
     *
     * @param event the iteration that starts
     */
    @Override
    public void iterationStart(LoopIterationEvent event) {
        TestBeanHelper.prepare(this);
        JMeterContext ctx = JMeterContextService.getContext();
        JMeterVariables vars = ctx.getVariables();
        if (vars == null) {
            return;
        }
        vars.put("screen", screen(ThreadLocalRandom.current().nextInt(1, 101), Integer.parseInt(shortPercent.trim()),
                Integer.parseInt(mediumPercent.trim())));
        vars.put("user", Long.toString(Long.parseLong(engine.trim()) * 10_000 + ctx.getThreadNum() + 1));
        vars.put("writeParam", Boolean.parseBoolean(writes.trim()) ? "&writeId=" + UUID.randomUUID() : "");
    }

    /**
     * @param pick a draw from 1 to 100
     * @param shortPercent the short screen's share, %
     * @param mediumPercent the medium screen's share, %
     * @return the screen for that draw: {@code short} up to the short share, {@code medium} up to both, else
     *     {@code long}
     */
    static String screen(int pick, int shortPercent, int mediumPercent) {
        return pick <= shortPercent ? "short" : pick <= shortPercent + mediumPercent ? "medium" : "long";
    }
}

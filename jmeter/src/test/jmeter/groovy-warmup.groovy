// poolbench: run by each local JMeter engine of seed 004 when it starts (jsr223.init.file), long before a test.
// It loads Groovy's runtime and compiler with the constructs of seed004.jmx's pacing timer, so that the timer's first
// call in the first run does not spend 1.5 to 3 s on it (measured here: the first sample 5.4 s after the run began
// against 2.1 s in the next run on the same engines).
import org.apache.jmeter.threads.JMeterContextService
String key = 'poolbench.warmup.' + JMeterContextService.getTestStartTime()
def a = [next: (double) System.currentTimeMillis(), perMs: 1d, rng: new java.util.SplittableRandom()]
synchronized (a) {
    a.next = a.next + a.rng.nextExponential() / a.perMs
}
props.put(key, String.valueOf((long) a.next))
props.remove(key)

package io.poolbench.suite.aurora.cli;

import io.poolbench.suite.aurora.run.ShortScreen;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.options.BorrowOption;
import io.poolbench.testbed.options.LongScreenOption;
import io.poolbench.testbed.options.ShortScreenOptions;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The article's load as picocli options (a mixin of {@code aurora}): its users and rate over all its servers,
 * the share of it this one webapp stands for, the JMeter engines that send it, the mix of screens and how a
 * screen borrows.
 */
public final class ArticleLoadOptions {
    @Option(names = "--users", defaultValue = "750", paramLabel = "N",
            description = "The article's JMeter threads over all its servers (default ${DEFAULT-VALUE}).")
    public int users;

    @Option(names = "--rate-per-minute", defaultValue = "3000", paramLabel = "N",
            description = "The article's requests per minute over all its servers (default ${DEFAULT-VALUE}).")
    public double ratePerMinute;

    @Option(names = "--share", defaultValue = "0.25", paramLabel = "F",
            description = "Share of that load this webapp gets (default ${DEFAULT-VALUE}: one of four servers).")
    public double share;

    @Option(names = "--engines", defaultValue = "2", paramLabel = "N",
            description = "JMeter engines started on loopback (default ${DEFAULT-VALUE}, the article's two clients).")
    public int engines;

    @Option(names = "--remote-engines", split = ",", paramLabel = "HOST:PORT",
            description = "Use JMeter engines started elsewhere (jmeter-server -Jserver.rmi.ssl.disable=true"
                    + " -Jengine=N -Jsample_variables=intendedStartMs -Juser.classpath=<jmeter-elements jar>)"
                    + " instead of local ones: the way past one machine's load.")
    public List<String> remoteEngines = new ArrayList<>();

    @Option(names = "--mix", defaultValue = "50,30", paramLabel = "SHORT,MEDIUM",
            description = "Per cent of requests for the short and medium screens; the long gets the rest (default"
                    + " ${DEFAULT-VALUE}; the article gives no mix).")
    public String mix;

    @Mixin
    public BorrowOption borrow;

    @Mixin
    public LongScreenOption longScreen;

    @Mixin
    public ShortScreenOptions shortScreen;

    /**
     * @return the short screen's shape when either option is given (the other at the article model's value), null
     *     for the article's model
     * @throws TestbedException one line for a value out of range
     */
    ShortScreen shortScreen() {
        return shortScreen.given() ? new ShortScreen(shortScreen.queries(), shortScreen.queryMs())
                : null;
    }

    /**
     * @return the short and medium screens' per cents, {@code {short, medium}}
     * @throws TestbedException one line when {@code --mix} is not two whole per cents
     */
    int[] mix() {
        String[] m = mix.split(",", -1);
        if (m.length != 2) {
            throw new TestbedException("--mix " + mix + ": give the short and medium screens' per cents, together"
                    + " at most 100, e.g. 50,30");
        }
        try {
            return new int[] {Integer.parseInt(m[0].trim()), Integer.parseInt(m[1].trim())};
        } catch (NumberFormatException e) {
            throw new TestbedException("--mix " + mix + " is not two whole per cents, e.g. 50,30");
        }
    }
}

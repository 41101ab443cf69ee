package io.poolbench.suite.borrowers;

import io.poolbench.testbed.TestbedException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Which Java a {@code java} executable is, asked before any probe starts. */
final class JavaVersion {
    private static final Pattern VERSION = Pattern.compile("version \"(\\d+)");

    private JavaVersion() {
    }

    /**
     * @param java a java executable
     * @throws TestbedException one line when it cannot be run, or is older than JDK 21 (no virtual threads)
     */
    static void requireVirtualThreads(String java) {
        int feature = feature(java);
        if (feature < 21) {
            throw new TestbedException("virtual threads need JDK 21 or newer and " + java + " is JDK " + feature
                    + ": give --java /usr/lib/jvm/temurin-25-jdk-amd64/bin/java (or another JDK 21+), or --threads"
                    + " platform");
        }
    }

    /** @return the JDK's feature version, from {@code java -version} */
    static int feature(String java) {
        try {
            Process p = new ProcessBuilder(java, "-version").redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            p.waitFor(30, TimeUnit.SECONDS);
            Matcher m = VERSION.matcher(out);
            if (!m.find()) {
                throw new TestbedException(java + " -version says no version: give --java the path of a java");
            }
            int f = Integer.parseInt(m.group(1));
            return f == 1 ? 8 : f;
        } catch (IOException e) {
            throw new TestbedException("--java " + java + " cannot be run (" + e.getMessage() + "): give the path of"
                    + " a java executable");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TestbedException("interrupted while asking " + java + " for its version");
        }
    }
}

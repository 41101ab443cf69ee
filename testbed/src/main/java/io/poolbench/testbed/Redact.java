package io.poolbench.testbed;

import java.util.regex.Pattern;

/** Removes secrets from strings that may reach a log or a report: passwords never appear in either. */
public final class Redact {
    private static final Pattern URL_PASSWORD_PARAM =
            Pattern.compile("(?i)((?:password|passwd|pwd)=)[^&;]*");
    private static final Pattern URL_USERINFO = Pattern.compile("(//[^/:@]+:)[^/@]*@");

    private Redact() {
    }

    /**
     * Redacts a JDBC URL: {@code password=...} parameters and {@code user:password@} user info become {@code ***}.
     *
     * @param url a JDBC URL, may be null
     * @return the URL without secrets ({@code "null"} for null)
     */
    public static String url(String url) {
        if (url == null) {
            return "null";
        }
        String r = URL_PASSWORD_PARAM.matcher(url).replaceAll("$1***");
        return URL_USERINFO.matcher(r).replaceAll("$1***@");
    }

    /**
     * Redacts a message that may embed a password verbatim.
     *
     * @param message text, may be null
     * @param password the secret to hide, may be null or empty
     * @return the message with every occurrence of the password replaced by {@code ***}
     */
    public static String secret(String message, String password) {
        if (message == null || password == null || password.isEmpty()) {
            return message;
        }
        return message.replace(password, "***");
    }

    /**
     * The first line of a message, trimmed: what a one-line error or a manifest reason shows.
     *
     * @param message text, may be null
     * @return its first non-empty line, or {@code no message}
     */
    public static String oneLine(String message) {
        if (message == null || message.isBlank()) {
            return "no message";
        }
        for (String l : message.split("\\R")) {
            if (!l.isBlank()) {
                return l.trim();
            }
        }
        return "no message";
    }

    /**
     * @param t an exception
     * @return its root cause (the last of the {@code getCause()} chain; {@code t} itself when it has none)
     */
    public static Throwable rootCause(Throwable t) {
        Throwable c = t;
        while (c.getCause() != null && c.getCause() != c) {
            c = c.getCause();
        }
        return c;
    }

    /**
     * @param t an exception
     * @return the first line of its root cause's message, or the root cause's class name when it has none
     */
    public static String rootMessage(Throwable t) {
        Throwable c = rootCause(t);
        return oneLine(c.getMessage() != null ? c.getMessage() : c.toString());
    }
}

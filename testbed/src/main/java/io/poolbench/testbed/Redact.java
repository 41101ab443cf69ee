package io.poolbench.testbed;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Removes secrets from strings that may reach a log or a report: passwords never appear in either. */
public final class Redact {
    // a password parameter anywhere (a URL, or a driver's message quoting one): up to the next separator, blank
    // or quote; user info of a URL, //user:password@host
    private static final Pattern URL_PASSWORD_PARAM =
            Pattern.compile("(?i)(?<![(,])((?:password|passwd|pwd)=)[^&;\\s\"'<>]*");
    // Connector/J's key-value host, (host=writer,port=3306,user=u,password=secret)/app: up to the next comma or
    // parenthesis, so that what follows the host stays
    private static final Pattern KV_PASSWORD = Pattern.compile("(?i)(?<=[(,])((?:password|passwd|pwd)=)[^,)]*");
    private static final Pattern URL_USERINFO = Pattern.compile("(//[^/:@\\s]+:)[^/@\\s]*@");
    // user info without the slashes, as a driver that does not read it quotes it back as a host name
    // ("could not connect to poolbench:secret@127.0.0.1")
    private static final Pattern BARE_USERINFO =
            Pattern.compile("(?:(?<=[\\s\"'(=,;])|^)([\\w.%+-]+:)[^/@\\s\"']+@(?=[\\w\\[])");

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
        String r = KV_PASSWORD.matcher(url).replaceAll("$1***");
        r = URL_PASSWORD_PARAM.matcher(r).replaceAll("$1***");
        r = URL_USERINFO.matcher(r).replaceAll("$1***@");
        return BARE_USERINFO.matcher(r).replaceAll("$1***@");
    }

    /**
     * Masks one attribute of a profile for a report or a log: the whole value of a password attribute (any name with
     * {@code password}, and Agroal's {@code credential}), and the secrets of a URL in any other.
     *
     * @param name the attribute's name
     * @param value its value as written or resolved
     * @return the value to show
     */
    public static String attribute(String name, String value) {
        String n = name.toLowerCase(Locale.ROOT);
        return n.contains("password") || n.equals("credential") ? "***" : text(value, null);
    }

    /**
     * Redacts free text (a driver's error message, a command line, a log line): every JDBC URL's secrets, as
     * {@link #url(String)} does, and a known password wherever it stands.
     *
     * @param text text, may be null
     * @param password the secret to hide as well, may be null or empty
     * @return the text without secrets (null for null)
     */
    public static String text(String text, String password) {
        return text == null ? null : url(secret(text, password));
    }

    /**
     * The password a JDBC URL carries itself, in user info ({@code //user:password@host}) or a {@code password=}
     * parameter: a driver that does not read user info (PostgreSQL's) quotes it in its error as part of the host.
     *
     * @param url a JDBC URL, may be null
     * @return the password, or null when the URL carries none
     */
    public static String urlPassword(String url) {
        if (url == null) {
            return null;
        }
        Matcher m = URL_USERINFO.matcher(url);
        if (m.find()) {
            String info = m.group();
            return info.substring(m.group(1).length(), info.length() - 1);
        }
        for (Pattern p : new Pattern[] {KV_PASSWORD, URL_PASSWORD_PARAM}) {
            m = p.matcher(url);
            if (m.find()) {
                return m.group().substring(m.group(1).length());
            }
        }
        return null;
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

package io.poolbench.testbed;

import java.util.Locale;
import java.util.Optional;

/**
 * The one spelling of an enum constant outside Java: lower case, {@code _} as {@code -} ({@code PER_QUERY} →
 * {@code per-query}), as option values, URL parameters, manifests, CSV columns and reports write it; and the way
 * back. Every poolbench enum that is written or read as text labels itself here.
 */
public final class Labels {
    private Labels() {
    }

    /**
     * @param constant an enum constant
     * @return its label, e.g. {@code per-query}, {@code acknowledged}
     */
    public static String of(Enum<?> constant) {
        return constant.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /**
     * @param type the enum
     * @param label a label as {@link #of} writes it; case and surrounding blanks do not matter
     * @param <E> the enum
     * @return the constant, or empty for null or a label of none (the caller names the choices in its error)
     */
    public static <E extends Enum<E>> Optional<E> parse(Class<E> type, String label) {
        if (label == null) {
            return Optional.empty();
        }
        String l = label.trim().toLowerCase(Locale.ROOT);
        for (E e : type.getEnumConstants()) {
            if (of(e).equals(l)) {
                return Optional.of(e);
            }
        }
        return Optional.empty();
    }
}

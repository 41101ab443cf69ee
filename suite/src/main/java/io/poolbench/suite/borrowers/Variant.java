package io.poolbench.suite.borrowers;

import java.nio.file.Path;

/**
 * One variant of the borrowers scenario: a pool (its profile), at one version, on one kind of thread, with one hold.
 *
 * @param profile the profile's name
 * @param file its context.xml
 * @param artifact the pool's Maven artifact ({@code groupId:artifactId}); null for none
 * @param version the pool's version; null for the one poolbench pins
 * @param jar that version's jar, first on the probe's class path; null for the pinned one
 * @param driverVersion the database driver's version; null for the one poolbench pins (or the stub driver)
 * @param driverJar that version's jar, first on the probe's class path; null for the pinned one
 * @param threads {@code virtual} or {@code platform}
 * @param holdUs how long a borrower holds its connection, µs
 */
record Variant(String profile, Path file, String artifact, String version, Path jar, String driverVersion,
        Path driverJar, String threads, long holdUs) {
    /**
     * @return the variant's id in phases and file names, e.g. {@code hikari@7.1.0-virtual-hold0},
     *     {@code hikari+driver8.0.33-virtual-hold0}
     */
    String id() {
        return profile + (version == null ? "" : "@" + version) + (driverVersion == null ? "" : DRIVER
                + driverVersion) + "-" + threads + "-hold" + holdUs;
    }

    /** Marks a driver version in a variant's id. */
    static final String DRIVER = "+driver";
}

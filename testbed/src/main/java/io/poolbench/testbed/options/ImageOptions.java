package io.poolbench.testbed.options;

import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.db.MySqlBehindToxiproxy;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The container images of the MySQL cluster behind Toxiproxy, as picocli options (a mixin of the commands that
 * start it: {@code aurora}, {@code drill}). No image is pulled here: {@link #resolve()} checks before anything
 * starts that each exists locally, and says which script builds it.
 */
public final class ImageOptions {
    /** The MySQL image. */
    @Mixin
    public MySqlImageOption mysqlImage;

    /** The Toxiproxy image setting, null for the default. */
    @Option(names = "--toxiproxy-image", paramLabel = "IMAGE", defaultValue = "${env:POOLBENCH_TOXIPROXY_IMAGE}",
            description = "Toxiproxy image (default ghcr.io/shopify/toxiproxy:2.5.0 if present, else"
                    + " poolbench/toxiproxy:local).")
    public String toxiproxyImage;

    /**
     * Checks that both images are there.
     *
     * @throws TestbedException one line when Docker or an image is missing, naming the script that builds it
     */
    public void resolve() {
        MySqlBehindToxiproxy.resolveToxiproxyImage(toxiproxyImage);
        mysqlImage.resolve();
    }
}

package io.poolbench.testbed.options;

import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.db.MySqlDatabase;
import picocli.CommandLine.Option;

/**
 * {@code --mysql-image}, the one declaration of it (a picocli mixin inside {@link DatabaseOptions} for
 * {@code --db mysql}, and inside {@link ImageOptions} for the two-instance cluster behind Toxiproxy). No image is
 * pulled here: {@link #resolve()} checks that it exists locally and says which script builds it.
 */
public final class MySqlImageOption {
    @Option(names = "--mysql-image", paramLabel = "IMAGE", defaultValue = "${env:POOLBENCH_MYSQL_IMAGE}",
            description = "MySQL image for --db mysql or the cluster behind Toxiproxy (or POOLBENCH_MYSQL_IMAGE;"
                    + " default mysql:8.4 if present, else poolbench/mysql:local).")
    String image;

    /** @return the setting as given, null for the default ({@link MySqlDatabase#resolveImage(String)} picks it) */
    public String image() {
        return image;
    }

    /**
     * Checks Docker, the image's name, its presence and that it is a MySQL image, before anything starts.
     *
     * @return the image to use
     * @throws TestbedException one line when Docker or the image is missing, naming the script that builds it
     */
    public String resolve() {
        return MySqlDatabase.resolveImage(image);
    }
}

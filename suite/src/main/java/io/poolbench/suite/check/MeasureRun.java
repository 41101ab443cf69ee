package io.poolbench.suite.check;

import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.db.Docker;
import io.poolbench.testbed.options.ImageOptions;
import io.poolbench.toxiproxy.HostsFile;

/** What {@code check --measure} needs before anything starts: a Docker engine, the images, the JVM's hosts file. */
final class MeasureRun {
    private MeasureRun() {
    }

    /**
     * @param images the image options
     * @throws TestbedException one line naming what is missing and how to get it
     */
    static void check(ImageOptions images) {
        if (!Docker.available()) {
            throw new TestbedException("--measure needs Docker (MariaDB and Toxiproxy in containers) and no Docker"
                    + " engine answers: start dockerd (see .ci/run), or leave out --measure for the prediction alone");
        }
        HostsFile.require();
        images.resolve();
    }
}

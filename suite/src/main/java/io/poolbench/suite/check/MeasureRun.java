package io.poolbench.suite.check;

import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.db.Docker;
import io.poolbench.testbed.options.ImageOptions;
import io.poolbench.testbed.profile.PoolProfile;
import io.poolbench.testbed.spring.SpringContextXml;
import io.poolbench.testbed.spring.SpringDataSource;
import io.poolbench.toxiproxy.HostsFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** What {@code check --measure} needs before anything starts: a Docker engine, the images, the JVM's hosts file. */
final class MeasureRun {
    private MeasureRun() {
    }

    /**
     * The context.xml each configuration runs as: a context.xml as it is, a Spring Boot file's pool written as one
     * ({@link SpringContextXml}) into the run directory.
     *
     * @param pools the configurations, read
     * @param springProfiles the Spring profiles given
     * @param sets the properties given with {@code --set}
     * @param dir the run directory
     * @return the context.xml paths, in order
     */
    static List<String> profiles(List<CheckedPool> pools, List<String> springProfiles, Map<String, String> sets,
            Path dir) {
        List<String> out = new ArrayList<>();
        for (CheckedPool p : pools) {
            if (p.input().equals("context.xml")) {
                out.add(p.file());
            } else {
                SpringDataSource s = SpringDataSource.bind(Path.of(p.file()), springProfiles, sets);
                try {
                    out.add(SpringContextXml.write(s, SpringContextXml.kindOf(s), dir).file().toString());
                } finally {
                    PoolProfile.close(s.dataSource());
                }
            }
        }
        return out;
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

package io.poolbench.testbed;

import com.github.dockerjava.api.exception.NotFoundException;
import org.testcontainers.DockerClientFactory;

/**
 * Docker checks done before anything starts a container, so that a missing engine or image ends in one clear line
 * instead of a long stack trace or a registry pull that hangs for minutes (design.md, "Environment facts").
 */
public final class Docker {
    /** Script that builds the local images on machines without registry access. */
    public static final String IMAGE_SCRIPT = "toxiproxy/images/build-local-images.sh";

    private Docker() {
    }

    /** @return true when a Docker engine answers */
    public static boolean available() {
        try {
            return DockerClientFactory.instance().isDockerAvailable();
        } catch (RuntimeException | LinkageError e) {
            return false;
        }
    }

    /**
     * Fails with one line when no Docker engine answers.
     *
     * @param purpose what needs Docker, e.g. "--db mysql"
     * @throws TestbedException naming the purpose and the alternatives
     */
    public static void require(String purpose) {
        if (!available()) {
            throw new TestbedException("Docker is needed for " + purpose
                    + " but no Docker engine answers: start dockerd (see .ci/run), or use --db embedded"
                    + " or --db external --jdbc-url ...");
        }
    }

    /**
     * @param image image name with tag
     * @return true when the image is present in the local engine (no registry is asked)
     */
    public static boolean imagePresent(String image) {
        try {
            DockerClientFactory.instance().client().inspectImageCmd(image).exec();
            return true;
        } catch (NotFoundException e) {
            return false;
        }
    }

    /**
     * Picks the first image of the candidates that is present locally.
     *
     * @param setting the user's explicit choice, or null/blank for "first present of the defaults"
     * @param what what the image is for, e.g. "MySQL"
     * @param defaults candidates in order of preference (the registry image first, then the local build)
     * @return the image to use
     * @throws TestbedException one line naming the image(s) and the script that builds them
     */
    public static String pickImage(String setting, String what, String... defaults) {
        if (setting != null && !setting.isBlank()) {
            if (!imagePresent(setting)) {
                throw new TestbedException(what + " image '" + setting + "' is not present locally: docker pull "
                        + setting + ", or build the local images with " + IMAGE_SCRIPT);
            }
            return setting;
        }
        for (String d : defaults) {
            if (imagePresent(d)) {
                return d;
            }
        }
        throw new TestbedException("no " + what + " image present locally (tried " + String.join(", ", defaults)
                + "): docker pull " + defaults[0] + ", or build the local images with " + IMAGE_SCRIPT);
    }
}

package io.poolbench.testbed;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.function.Consumer;

/**
 * Files that a reader, or another poolbench process, never sees half written: each is written beside its place
 * under a name of this process and moved over it at once ({@code rename(2)}); and a directory two commands write
 * into at the same time ({@code check --out}) is held by one of them at a time, with an OS file lock that ends with
 * the process that held it, also at {@code kill -9}.
 */
public final class AtomicFile {
    private AtomicFile() {
    }

    /** What writes a file's content into a stream. */
    @FunctionalInterface
    public interface Content {
        /**
         * @param out the stream of the temporary file
         * @throws IOException when it cannot be written
         */
        void writeTo(OutputStream out) throws IOException;
    }

    /**
     * Replaces {@code file} at once with a text.
     *
     * @param file the file
     * @param text its new content, written as UTF-8
     * @throws IOException when it cannot be written (the temporary file is removed, the old file stays)
     */
    public static void writeString(Path file, String text) throws IOException {
        write(file, out -> out.write(text.getBytes(StandardCharsets.UTF_8)));
    }

    /**
     * Replaces {@code file} at once with what {@code content} writes.
     *
     * @param file the file
     * @param content what writes it
     * @throws IOException when it cannot be written (the temporary file is removed, the old file stays)
     */
    public static void write(Path file, Content content) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + "." + ProcessHandle.current().pid() + "."
                + Thread.currentThread().getId() + ".tmp");
        try (OutputStream out = Files.newOutputStream(tmp)) {
            content.writeTo(out);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(tmp); // a full disk leaves no empty file behind
            throw e;
        }
        try {
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /**
     * Holds a directory for this process until closed: a second process that asks waits until the first one
     * closes it or ends, and is told so in one line.
     *
     * @param dir the directory (created when missing)
     * @param say where the line that another process holds it goes
     * @return the hold; close it to let the next one in
     * @throws TestbedException one line when the directory or its lock file cannot be created
     */
    public static Hold hold(Path dir, Consumer<String> say) {
        try {
            Files.createDirectories(dir);
            FileChannel ch = FileChannel.open(dir.resolve(".poolbench.lock"), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE);
            FileLock lock;
            try {
                lock = ch.tryLock();
                if (lock == null) {
                    say.accept("poolbench: another poolbench command is writing into " + dir + "; waiting until it"
                            + " has written its files");
                    lock = ch.lock();
                }
            } catch (OverlappingFileLockException sameJvm) {
                ch.close();
                return new Hold(null, null); // this JVM holds it already (a command run inside another)
            }
            return new Hold(ch, lock);
        } catch (IOException e) {
            throw new TestbedException(dir + ": cannot create it or its lock file (" + e.getMessage() + "); give a"
                    + " writable directory");
        }
    }

    /** A held directory; closing releases it. */
    public static final class Hold implements AutoCloseable {
        private final FileChannel channel;
        private final FileLock lock;

        private Hold(FileChannel channel, FileLock lock) {
            this.channel = channel;
            this.lock = lock;
        }

        @Override
        public void close() {
            try {
                if (lock != null) {
                    lock.release();
                }
                if (channel != null) {
                    channel.close();
                }
            } catch (IOException e) {
                // the process's end releases it too
            }
        }
    }
}

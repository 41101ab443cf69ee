package io.poolbench.testbed.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads JMH's JSON results ({@code -rf json}) into one row per benchmark method, mode and parameter set.
 *
 * <p>For SampleTime results the p99 of each measurement iteration is recomputed from JMH's raw histogram, so that
 * the report can give the p99 with its spread across iterations (JMH itself gives an error only for the mean).
 */
public final class JmhSummary {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private JmhSummary() {
    }

    /**
     * One JMH result.
     *
     * @param benchmark fully qualified benchmark method
     * @param method simple {@code Class.method}
     * @param mode {@code thrpt}, {@code sample}, {@code avgt}, ...
     * @param params JMH parameters
     * @param threads threads
     * @param forks forks
     * @param iterations measurement iterations per fork
     * @param score primary score (mean for sample mode)
     * @param error JMH's score error (half-width of the 99.9 % confidence interval); NaN when not computable
     * @param unit score unit, e.g. {@code ops/ms}, {@code us/op}
     * @param samples samples behind the score (sample mode: timed operations; otherwise forks × iterations)
     * @param percentiles percentile ("50.0", "99.0", "99.9", "100.0", ...) → value, in {@code unit}
     * @param p99PerIteration p99 of each measurement iteration (sample mode only), in {@code unit}
     * @param secondary secondary metrics (e.g. {@code gc.alloc.rate.norm}) → score
     * @param shareOver10xMedian sample mode: share of samples slower than 10 × the median (a fairness figure:
     *     borrowers that waited far longer than the typical one); NaN otherwise
     * @param forkMeans mean score of each fork over its measurement iterations, in {@code unit} (throughput and
     *     average modes; empty for sample mode), so that a fork running at another level shows in the report
     */
    public record Result(String benchmark, String method, String mode, Map<String, String> params, int threads,
            int forks, int iterations, double score, double error, String unit, long samples,
            Map<String, Double> percentiles, List<Double> p99PerIteration, Map<String, Double> secondary,
            double shareOver10xMedian, List<Double> forkMeans) {

        /** @return the {@code profile} parameter, or "" */
        public String profile() {
            return params.getOrDefault("profile", "");
        }

        /**
         * @param id the run's id of the profile (a path parameter becomes its id)
         * @return this result with the {@code profile} parameter replaced
         */
        public Result withProfile(String id) {
            Map<String, String> p = new LinkedHashMap<>(params);
            p.put("profile", id);
            return new Result(benchmark, method, mode, p, threads, forks, iterations, score, error, unit, samples,
                    percentiles, p99PerIteration, secondary, shareOver10xMedian, forkMeans);
        }
    }

    /**
     * @param json a JMH JSON result file
     * @return the results in file order
     * @throws IOException when the file is missing or not JMH JSON
     */
    public static List<Result> read(Path json) throws IOException {
        JsonNode root = MAPPER.readTree(json.toFile());
        if (root == null || !root.isArray()) {
            throw new IOException(json + " is not a JMH JSON result (expected an array)");
        }
        List<Result> out = new ArrayList<>();
        for (JsonNode b : root) {
            String bench = b.path("benchmark").asText();
            String[] parts = bench.split("\\.");
            String method = parts.length >= 2 ? parts[parts.length - 2] + "." + parts[parts.length - 1] : bench;
            Map<String, String> params = new LinkedHashMap<>();
            b.path("params").fields().forEachRemaining(e -> params.put(e.getKey(), e.getValue().asText()));
            JsonNode pm = b.path("primaryMetric");
            Map<String, Double> pct = new LinkedHashMap<>();
            pm.path("scorePercentiles").fields().forEachRemaining(e -> pct.put(e.getKey(), e.getValue().asDouble()));
            String mode = b.path("mode").asText();
            int forks = b.path("forks").asInt();
            int iterations = b.path("measurementIterations").asInt();
            long samples = (long) forks * iterations;
            List<Double> p99s = new ArrayList<>();
            JsonNode hist = pm.path("rawDataHistogram");
            double share = Double.NaN;
            if (hist.isArray() && hist.size() > 0) {
                samples = 0;
                List<double[]> all = new ArrayList<>();
                for (JsonNode fork : hist) {
                    for (JsonNode iter : fork) {
                        List<double[]> vc = new ArrayList<>();
                        long n = 0;
                        for (JsonNode pair : iter) {
                            double v = pair.get(0).asDouble();
                            long c = pair.get(1).asLong();
                            vc.add(new double[] {v, c});
                            n += c;
                        }
                        all.addAll(vc);
                        samples += n;
                        p99s.add(percentile(vc, n, 0.99));
                    }
                }
                double median = percentile(all, samples, 0.5);
                long slow = 0;
                for (double[] vc : all) {
                    if (vc[0] > 10 * median) {
                        slow += (long) vc[1];
                    }
                }
                share = samples == 0 ? Double.NaN : slow / (double) samples;
            }
            Map<String, Double> sec = new LinkedHashMap<>();
            b.path("secondaryMetrics").fields().forEachRemaining(e -> sec.put(e.getKey(),
                    e.getValue().path("score").asDouble()));
            List<Double> forkMeans = new ArrayList<>();
            for (JsonNode fork : pm.path("rawData")) {
                double sum = 0;
                for (JsonNode v : fork) {
                    sum += v.asDouble();
                }
                if (fork.size() > 0) {
                    forkMeans.add(sum / fork.size());
                }
            }
            double err = pm.path("scoreError").isNumber() ? pm.path("scoreError").asDouble() : Double.NaN;
            out.add(new Result(bench, method, mode, params, b.path("threads").asInt(), forks, iterations,
                    pm.path("score").asDouble(), err, pm.path("scoreUnit").asText(), samples, pct, p99s, sec, share, forkMeans));
        }
        return out;
    }

    /**
     * Nearest-rank percentile of a value/count histogram.
     *
     * @param valueCounts [value, count] pairs (sorted here)
     * @param n total count
     * @param q quantile 0..1
     * @return the value, NaN for an empty histogram
     */
    public static double percentile(List<double[]> valueCounts, long n, double q) {
        if (n == 0) {
            return Double.NaN;
        }
        valueCounts.sort((a, b) -> Double.compare(a[0], b[0]));
        long rank = (long) Math.ceil(q * n);
        long seen = 0;
        for (double[] vc : valueCounts) {
            seen += (long) vc[1];
            if (seen >= rank) {
                return vc[0];
            }
        }
        return valueCounts.get(valueCounts.size() - 1)[0];
    }
}

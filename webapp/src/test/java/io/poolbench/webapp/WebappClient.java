package io.poolbench.webapp;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;

/** What the webapp's tests share: the shipped profiles' folder, and GET requests to a running webapp. */
final class WebappClient {
    /** The shipped profiles, relative to the webapp module. */
    static final Path CONF = Path.of("conf");
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private WebappClient() {
    }

    /**
     * @param s a running webapp
     * @param path path and query, e.g. {@code /short?id=1}
     * @return the response, body as text
     * @throws Exception when the request fails
     */
    static HttpResponse<String> get(PoolbenchServer s, String path) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + s.port() + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /**
     * @param r a response
     * @return its body as JSON
     * @throws Exception when the body is not JSON
     */
    static JsonNode json(HttpResponse<String> r) throws Exception {
        return Json.MAPPER.readTree(r.body());
    }
}

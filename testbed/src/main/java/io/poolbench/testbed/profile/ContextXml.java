package io.poolbench.testbed.profile;

import io.poolbench.testbed.TestbedException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * A Tomcat {@code context.xml} as a file: reading one {@code <Resource>}'s attributes, and writing a copy with one
 * attribute changed. The parser refuses DOCTYPEs (no external entities); every failure is one line.
 */
final class ContextXml {
    private ContextXml() {
    }

    static Map<String, String> readResource(Path file, String resourceName) {
        if (!ProfileDir.readableFile(file)) {
            throw new TestbedException("profile file " + file + " " + ProfileDir.notAFile(file) + ": pass a"
                    + " context.xml path or a name from webapp/conf (hikari, dbcp2, ...)");
        }
        Document doc;
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            // without a DOCTYPE nothing expands, so the attributes cost what the file's size does: no limit on their
            // number (the JDK's 10,000 refused the context.xml of a Spring Boot file with more driver properties)
            f.setAttribute("http://www.oracle.com/xml/jaxp/properties/elementAttributeLimit", "0");
            DocumentBuilder b = f.newDocumentBuilder();
            b.setErrorHandler(null);
            try (InputStream in = Files.newInputStream(file)) {
                doc = b.parse(in, file.toUri().toString());
            }
        } catch (SAXException e) {
            if (ProfileDir.isSpringFile(file.getFileName().toString())) {
                throw new TestbedException("profile " + file + " is a Spring Boot file, and this command reads a Tomcat"
                        + " context.xml: check and plan read Spring Boot files; check FILE --measure writes the"
                        + " context.xml Spring Boot's binding gives (spring-application.xml in its run directory)", e);
            }
            throw new TestbedException("profile " + file + " is not well-formed XML: " + e.getMessage()
                    + "; fix the file (it must be a Tomcat context.xml)", e);
        } catch (IOException | ParserConfigurationException e) {
            throw new TestbedException("cannot read profile " + file + ": " + e.getMessage(), e);
        }
        NodeList list = doc.getElementsByTagName("Resource");
        List<Element> resources = new ArrayList<>();
        for (int i = 0; i < list.getLength(); i++) {
            resources.add((Element) list.item(i));
        }
        if (resources.isEmpty()) {
            throw new TestbedException("profile " + file + " has no <Resource> element: add one with"
                    + " factory=\"com.zaxxer.hikari.HikariJNDIFactory\" or"
                    + " factory=\"org.apache.commons.dbcp2.BasicDataSourceFactory\"");
        }
        Element chosen = null;
        String wanted = resourceName != null ? resourceName : PoolProfile.DEFAULT_RESOURCE;
        for (Element r : resources) {
            if (wanted.equals(r.getAttribute("name"))) {
                chosen = r;
            }
        }
        if (resourceName == null && resources.size() > 1) {
            throw new TestbedException("profile " + file + " has " + resources.size() + " <Resource> elements ("
                    + resources.stream().map(r -> r.getAttribute("name")).collect(Collectors.joining(", "))
                    + "): choose one with --resource NAME");
        }
        if (chosen == null && resourceName == null && resources.size() == 1) {
            chosen = resources.get(0);
        }
        if (chosen == null) {
            throw new TestbedException("profile " + file + " has no <Resource name=\"" + wanted + "\">; it has: "
                    + resources.stream().map(r -> r.getAttribute("name")).collect(Collectors.joining(", ")));
        }
        Map<String, String> attrs = new LinkedHashMap<>();
        NamedNodeMap nm = chosen.getAttributes();
        for (int i = 0; i < nm.getLength(); i++) {
            Node a = nm.item(i);
            attrs.put(a.getNodeName(), a.getNodeValue());
        }
        return attrs;
    }

    static void rewrite(Path file, String resourceName, String attribute, String value, Path target) {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            // without a DOCTYPE nothing expands, so the attributes cost what the file's size does: no limit on their
            // number (the JDK's 10,000 refused the context.xml of a Spring Boot file with more driver properties)
            f.setAttribute("http://www.oracle.com/xml/jaxp/properties/elementAttributeLimit", "0");
            Document doc;
            try (InputStream in = Files.newInputStream(file)) {
                doc = f.newDocumentBuilder().parse(in);
            }
            NodeList list = doc.getElementsByTagName("Resource");
            Element chosen = null;
            for (int i = 0; i < list.getLength(); i++) {
                Element e = (Element) list.item(i);
                if (resourceName.equals(e.getAttribute("name"))) {
                    chosen = e;
                }
            }
            if (chosen == null) {
                throw new TestbedException("profile " + file + " has no <Resource name=\"" + resourceName + "\">");
            }
            chosen.setAttribute(attribute, value);
            doc.insertBefore(doc.createComment(" poolbench: " + file.getFileName() + " with one setting changed: "
                    + attribute + "=\"" + value + "\" "), doc.getDocumentElement());
            TransformerFactory tf = TransformerFactory.newInstance();
            tf.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            try (OutputStream out = Files.newOutputStream(target)) {
                tf.newTransformer().transform(new DOMSource(doc),
                        new StreamResult(out));
            }
        } catch (IOException | SAXException | ParserConfigurationException
                | TransformerException e) {
            throw new TestbedException("cannot write " + target + " (" + file.getFileName() + " with " + attribute
                    + "=" + value + "): " + e.getMessage(), e);
        }
    }
}

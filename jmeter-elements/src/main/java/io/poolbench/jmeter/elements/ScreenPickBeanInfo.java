package io.poolbench.jmeter.elements;

import java.beans.PropertyDescriptor;
import org.apache.jmeter.testbeans.BeanInfoSupport;

/** How JMeter's GUI shows {@link ScreenPick}: the mix, the engine's number, the writes, with their defaults. */
public class ScreenPickBeanInfo extends BeanInfoSupport {
    /** Describes the pick's properties to JMeter (names and texts in {@code ScreenPickResources}). */
    public ScreenPickBeanInfo() {
        super(ScreenPick.class);
        createPropertyGroup("mix", new String[] {"shortPercent", "mediumPercent", "engine", "writes"});
        String[][] defaults = {{"shortPercent", "50"}, {"mediumPercent", "30"}, {"engine", "1"}, {"writes", "false"}};
        for (String[] d : defaults) {
            PropertyDescriptor p = property(d[0]);
            p.setValue(NOT_UNDEFINED, Boolean.TRUE);
            p.setValue(DEFAULT, d[1]);
        }
    }
}

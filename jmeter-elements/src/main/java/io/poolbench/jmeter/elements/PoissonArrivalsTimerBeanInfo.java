package io.poolbench.jmeter.elements;

import java.beans.PropertyDescriptor;
import org.apache.jmeter.testbeans.BeanInfoSupport;

/** How JMeter's GUI shows {@link PoissonArrivalsTimer}: its two properties, with their defaults. */
public class PoissonArrivalsTimerBeanInfo extends BeanInfoSupport {
    /** Describes the timer's properties to JMeter (names and texts in {@code PoissonArrivalsTimerResources}). */
    public PoissonArrivalsTimerBeanInfo() {
        super(PoissonArrivalsTimer.class);
        createPropertyGroup("arrivals", new String[] {"ratePerMinute", "variable"});
        PropertyDescriptor rate = property("ratePerMinute");
        rate.setValue(NOT_UNDEFINED, Boolean.TRUE);
        rate.setValue(DEFAULT, "375");
        PropertyDescriptor variable = property("variable");
        variable.setValue(NOT_UNDEFINED, Boolean.TRUE);
        variable.setValue(DEFAULT, "intendedStartMs");
    }
}

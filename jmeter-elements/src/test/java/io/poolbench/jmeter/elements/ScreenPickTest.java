package io.poolbench.jmeter.elements;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The mix's boundaries: a draw of 1–100 lands in the screen whose share covers it. */
class ScreenPickTest {
    @Test
    void eachDrawLandsInTheScreenWhoseShareCoversIt() {
        // the article's mix, 50 % short, 30 % medium, 20 % long
        assertEquals("short", ScreenPick.screen(1, 50, 30));
        assertEquals("short", ScreenPick.screen(50, 50, 30));
        assertEquals("medium", ScreenPick.screen(51, 50, 30));
        assertEquals("medium", ScreenPick.screen(80, 50, 30));
        assertEquals("long", ScreenPick.screen(81, 50, 30));
        // one screen only (--mix 100,0)
        assertEquals("short", ScreenPick.screen(100, 100, 0));
    }
}

package dev.ycsbmongo.orchestrator.report.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/** The palette PNG keeps a chart's colours where it has few and maps the rest to the nearest kept one. */
class PngPaletteTest {

  @Test
  void keepsEveryColourOfAnImageWithFewAndTheNearestOfTheRest() {
    BufferedImage rgb = new BufferedImage(300, 2, BufferedImage.TYPE_INT_RGB);
    for (int x = 0; x < 300; x++) {
      rgb.setRGB(x, 0, 0xffffff);        // the background: most frequent
      rgb.setRGB(x, 1, x < 250 ? 0x1f77b4 : 0x000000 + x);  // a series colour, then 50 rare near-black pixels
    }
    rgb.setRGB(0, 1, 0x0000ff);
    BufferedImage indexed = PngPalette.indexed(rgb);
    assertEquals(BufferedImage.TYPE_BYTE_INDEXED, indexed.getType());
    assertEquals(0xffffff, indexed.getRGB(10, 0) & 0xffffff);
    assertEquals(0x1f77b4, indexed.getRGB(10, 1) & 0xffffff);
    assertEquals(0x0000ff, indexed.getRGB(0, 1) & 0xffffff);
    assertEquals(0x000000 + 299, indexed.getRGB(299, 1) & 0xffffff, "53 colours: all kept");
  }

  @Test
  void aDrawnChartIsAPaletteImageOfItsSizeAndSmallerThanTheLibrarysRgbPng() throws Exception {
    ChartSpec spec = ChartRendererTest.handMade().get(0);
    byte[] png = ChartRenderer.png(spec);
    BufferedImage read = ImageIO.read(new ByteArrayInputStream(png));
    assertEquals(ChartRenderer.WIDTH, read.getWidth());
    assertEquals(ChartRenderer.HEIGHT, read.getHeight());
    assertTrue(read.getColorModel() instanceof java.awt.image.IndexColorModel, "a palette PNG");
    java.io.ByteArrayOutputStream rgb = new java.io.ByteArrayOutputStream();
    org.knowm.xchart.BitmapEncoder.saveBitmap(ChartRenderer.build(spec), rgb, org.knowm.xchart.BitmapEncoder.BitmapFormat.PNG);
    assertTrue(png.length < rgb.size() * 0.75, png.length + " bytes against the RGB PNG's " + rgb.size());
  }
}

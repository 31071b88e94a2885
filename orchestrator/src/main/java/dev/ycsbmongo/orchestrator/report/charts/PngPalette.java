package dev.ycsbmongo.orchestrator.report.charts;

import java.awt.image.BufferedImage;
import java.awt.image.IndexColorModel;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageOutputStream;

/**
 * A chart's pixels as an 8-bit palette image: about half the bytes of the library's RGB PNG. A
 * chart is a few flat colours (white, text black, grid grey, one per series) plus their
 * anti-aliased edges; the 256 most frequent colours are kept and every other pixel takes its
 * nearest kept colour (no dithering: edges stay clean). BENCHMARKS.md has the sizes; the picture
 * is the same to the eye.
 */
final class PngPalette {

  static final int COLOURS = 256;

  private PngPalette() {
  }

  static BufferedImage indexed(BufferedImage rgb) {
    int w = rgb.getWidth();
    int h = rgb.getHeight();
    int[] pixels = rgb.getRGB(0, 0, w, h, null, 0, w);
    for (int i = 0; i < pixels.length; i++) {
      pixels[i] &= 0xffffff;
    }
    // the distinct colours and their counts from a sorted copy: a chart's half a million pixels counted without
    // boxing each one into a map (a report draws dozens of charts)
    int[] sorted = pixels.clone();
    Arrays.sort(sorted);
    int distinct = 0;
    for (int i = 0; i < sorted.length; i++) {
      if (i == 0 || sorted[i] != sorted[i - 1]) {
        distinct++;
      }
    }
    int[] colours = new int[distinct];
    long[] byFrequency = new long[distinct];
    for (int i = 0, k = -1; i < sorted.length; i++) {
      if (i == 0 || sorted[i] != sorted[i - 1]) {
        colours[++k] = sorted[i];
      }
      byFrequency[k] += 1L << 24;
    }
    // most frequent first, ties by colour value so the same chart always gets the same palette: the count
    // (negated) above the colour's 24 bits, one sort
    for (int k = 0; k < distinct; k++) {
      byFrequency[k] = -(byFrequency[k] >> 24) << 24 | colours[k];
    }
    Arrays.sort(byFrequency);
    int n = Math.max(2, Math.min(COLOURS, distinct));
    int[] palette = new int[n];
    byte[] r = new byte[n];
    byte[] g = new byte[n];
    byte[] b = new byte[n];
    for (int i = 0; i < n; i++) {
      int c = i < distinct ? (int) (byFrequency[i] & 0xffffff) : 0xffffff;
      palette[i] = c;
      r[i] = (byte) (c >> 16);
      g[i] = (byte) (c >> 8);
      b[i] = (byte) c;
    }
    BufferedImage out = new BufferedImage(w, h, BufferedImage.TYPE_BYTE_INDEXED,
        new IndexColorModel(8, n, r, g, b));
    byte[] nearest = new byte[distinct];
    for (int k = 0; k < distinct; k++) {
      nearest[k] = (byte) nearest(palette, colours[k]);
    }
    byte[] indices = new byte[pixels.length];
    int last = -1;
    byte lastIndex = 0;
    for (int i = 0; i < pixels.length; i++) {
      int c = pixels[i];
      if (c != last) {
        last = c;
        lastIndex = nearest[Arrays.binarySearch(colours, c)];
      }
      indices[i] = lastIndex;
    }
    out.getRaster().setDataElements(0, 0, w, h, indices);
    return out;
  }

  /** The image as PNG at the strongest deflate level (6% fewer bytes than the default for a chart). */
  static byte[] write(BufferedImage image) throws IOException {
    java.util.Iterator<ImageWriter> writers = ImageIO.getImageWritersByFormatName("png");
    if (!writers.hasNext()) {
      throw new IOException("no PNG writer in this JVM");
    }
    ImageWriter writer = writers.next();
    ImageWriteParam param = writer.getDefaultWriteParam();
    param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
    param.setCompressionQuality(0f);  // PNG: quality 0 is deflate level 9, lossless like any other
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (ImageOutputStream stream = ImageIO.createImageOutputStream(out)) {
      writer.setOutput(stream);
      writer.write(null, new IIOImage(image, null, null), param);
    } finally {
      writer.dispose();
    }
    return out.toByteArray();
  }

  /** The index of the palette colour nearest {@code c} (squared RGB distance; the first of equals). */
  static int nearest(int[] palette, int c) {
    int best = 0;
    long bestDistance = Long.MAX_VALUE;
    for (int i = 0; i < palette.length; i++) {
      long dr = ((palette[i] >> 16) & 0xff) - ((c >> 16) & 0xff);
      long dg = ((palette[i] >> 8) & 0xff) - ((c >> 8) & 0xff);
      long db = (palette[i] & 0xff) - (c & 0xff);
      long d = dr * dr + dg * dg + db * db;
      if (d < bestDistance) {
        bestDistance = d;
        best = i;
      }
    }
    return best;
  }
}

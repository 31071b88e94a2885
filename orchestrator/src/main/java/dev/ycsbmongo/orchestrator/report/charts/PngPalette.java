package dev.ycsbmongo.orchestrator.report.charts;

import java.awt.image.BufferedImage;
import java.awt.image.IndexColorModel;
import java.awt.image.WritableRaster;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
    Map<Integer, Integer> frequency = new HashMap<>();
    for (int p : pixels) {
      frequency.merge(p & 0xffffff, 1, Integer::sum);
    }
    List<Map.Entry<Integer, Integer>> byFrequency = new ArrayList<>(frequency.entrySet());
    // most frequent first, ties by colour value so the same chart always gets the same palette
    byFrequency.sort((a, b) -> !a.getValue().equals(b.getValue()) ? b.getValue() - a.getValue()
        : Integer.compare(a.getKey(), b.getKey()));
    int n = Math.max(2, Math.min(COLOURS, byFrequency.size()));
    int[] palette = new int[n];
    byte[] r = new byte[n];
    byte[] g = new byte[n];
    byte[] b = new byte[n];
    for (int i = 0; i < n; i++) {
      int c = i < byFrequency.size() ? byFrequency.get(i).getKey() : 0xffffff;
      palette[i] = c;
      r[i] = (byte) (c >> 16);
      g[i] = (byte) (c >> 8);
      b[i] = (byte) c;
    }
    BufferedImage out = new BufferedImage(w, h, BufferedImage.TYPE_BYTE_INDEXED,
        new IndexColorModel(8, n, r, g, b));
    WritableRaster raster = out.getRaster();
    Map<Integer, Integer> index = new HashMap<>();
    for (int y = 0; y < h; y++) {
      for (int x = 0; x < w; x++) {
        int c = pixels[y * w + x] & 0xffffff;
        raster.setSample(x, y, 0, index.computeIfAbsent(c, k -> nearest(palette, k)));
      }
    }
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

  private static int nearest(int[] palette, int c) {
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

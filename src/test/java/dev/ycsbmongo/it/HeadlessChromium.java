package dev.ycsbmongo.it;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;

/**
 * Opens a page the way a person would, in Debian's headless Chromium: the DOM it built (what it
 * parsed and laid out, not our file) and a screenshot. {@code .ci/run} installs the {@code chromium}
 * package where it is missing; a machine without it skips the checks that need it, saying so.
 */
final class HeadlessChromium {

  private static final long TIMEOUT_SECONDS = 90;

  private HeadlessChromium() {
  }

  static Optional<Path> binary() {
    for (String name : List.of("chromium", "chromium-browser", "google-chrome")) {
      for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin").split(":")) {
        Path p = Path.of(dir, name);
        if (Files.isExecutable(p)) {
          return Optional.of(p);
        }
      }
    }
    return Optional.empty();
  }

  /** The DOM Chromium built from {@code page}, serialised. */
  static String dom(Path chromium, Path page, Path work) throws IOException, InterruptedException {
    Path out = work.resolve("dom.html");
    run(chromium, work, out, "--dump-dom", page.toUri().toString());
    return Files.readString(out, StandardCharsets.UTF_8);
  }

  /** A screenshot of {@code page}, {@code width} x {@code height} pixels. */
  static BufferedImage screenshot(Path chromium, Path page, Path work, int width, int height)
      throws IOException, InterruptedException {
    Path png = work.resolve("screenshot.png");
    run(chromium, work, work.resolve("screenshot.log"), "--screenshot=" + png, "--window-size=" + width + "," + height,
        page.toUri().toString());
    BufferedImage image = ImageIO.read(png.toFile());
    if (image == null) {
      throw new IOException("chromium wrote no readable PNG at " + png);
    }
    return image;
  }

  /** How many distinct colours the image has: a blank or broken page has one or two. */
  static int colours(BufferedImage image) {
    java.util.Set<Integer> seen = new java.util.HashSet<>();
    for (int y = 0; y < image.getHeight(); y += 3) {
      for (int x = 0; x < image.getWidth(); x += 3) {
        seen.add(image.getRGB(x, y));
      }
    }
    return seen.size();
  }

  private static void run(Path chromium, Path work, Path stdout, String... args) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of(chromium.toString(), "--headless", "--no-sandbox", "--disable-gpu",
        "--hide-scrollbars", "--no-first-run", "--user-data-dir=" + work.resolve("chromium-profile")));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).redirectOutput(stdout.toFile())
        .redirectError(work.resolve("chromium.stderr").toFile()).start();
    if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new IOException("chromium did not finish in " + TIMEOUT_SECONDS + " s");
    }
    if (p.exitValue() != 0) {
      throw new IOException("chromium exited with " + p.exitValue() + ": "
          + Files.readString(work.resolve("chromium.stderr"), StandardCharsets.UTF_8));
    }
  }
}

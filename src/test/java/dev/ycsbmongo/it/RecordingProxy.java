package dev.ycsbmongo.it;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.bson.BsonDocument;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;

/**
 * A TCP proxy on 127.0.0.1 that forwards everything to a MongoDB-wire server unchanged and records
 * every command a client sends, decoded with the driver's own BSON classes: OP_MSG (section 0, the
 * command, and kind-1 document sequences, where drivers put an insert's documents and an update's
 * statements) and OP_QUERY (driver 3.8's first handshake). What the server answers is not
 * decoded: the record is what was <em>sent</em>, which is what a side-by-side comparison needs
 * (the embedded test server ignores write concerns and loses w:0 writes; the sent command still
 * says what the client asked for).
 */
final class RecordingProxy extends LoopbackProxy {

  private static final int OP_QUERY = 2004;
  private static final int OP_COMPRESSED = 2012;
  private static final int OP_MSG = 2013;
  /** OP_MSG flag bits: a CRC-32C follows the sections; the client wants no reply (w:0). */
  private static final int CHECKSUM_PRESENT = 1;
  private static final int MORE_TO_COME = 1 << 1;
  private static final int MAX_MESSAGE = 48 * 1024 * 1024;

  /** One command as the client sent it. */
  record Command(int connection, int opCode, String database, String name, BsonDocument body,
      Map<String, List<BsonDocument>> sequences, boolean moreToCome) {

    /** The documents of a field the command carries either inline (an array) or as a kind-1 sequence. */
    List<BsonDocument> documents(String field) {
      List<BsonDocument> docs = sequences.get(field);
      if (docs != null) {
        return docs;
      }
      if (body.isArray(field)) {
        List<BsonDocument> inline = new ArrayList<>();
        body.getArray(field).forEach(v -> inline.add(v.asDocument()));
        return inline;
      }
      return List.of();
    }
  }

  private final boolean swallowUnacknowledged;
  private final List<Command> commands = new CopyOnWriteArrayList<>();
  private final List<String> problems = new CopyOnWriteArrayList<>();

  /**
   * @param swallowUnacknowledged keep w:0 writes from the server (see {@link #forwardRecording}):
   *     for the embedded test server, which drops the connection on them
   */
  RecordingProxy(String upstreamHost, int upstreamPort, boolean swallowUnacknowledged) throws IOException {
    super("recording-proxy", upstreamHost, upstreamPort);
    this.swallowUnacknowledged = swallowUnacknowledged;
    start();
  }

  /** Every command recorded so far, in arrival order (per connection; connections interleave). */
  List<Command> commands() {
    return List.copyOf(commands);
  }

  /** Messages the proxy forwarded but could not decode (a compressed message, a bad length). */
  List<String> problems() {
    return List.copyOf(problems);
  }

  void clear() {
    commands.clear();
    problems.clear();
  }

  @Override
  protected void connect(Socket client, int id) {
    Socket server = new Socket();
    track(server);
    try {
      server.setTcpNoDelay(true);
      client.setTcpNoDelay(true);
      server.connect(upstream, 2000);
    } catch (IOException e) {
      closeQuietly(client);
      closeQuietly(server);
      return;
    }
    Thread replies = new Thread(() -> copy(server, client), "recording-proxy-replies");
    replies.setDaemon(true);
    replies.start();
    forwardRecording(client, server, id);
  }

  /** Client to server, one whole message at a time, each recorded before it is forwarded. */
  private void forwardRecording(Socket client, Socket server, int connection) {
    try (DataInputStream in = new DataInputStream(client.getInputStream())) {
      OutputStream out = server.getOutputStream();
      byte[] header = new byte[4];
      while (true) {
        try {
          in.readFully(header);
        } catch (EOFException e) {
          return;
        }
        int length = ByteBuffer.wrap(header).order(ByteOrder.LITTLE_ENDIAN).getInt();
        if (length < 16 || length > MAX_MESSAGE) {
          problems.add("message length " + length + ": not a MongoDB wire message; forwarded as is from here");
          out.write(header);
          in.transferTo(out);
          return;
        }
        byte[] message = new byte[length];
        System.arraycopy(header, 0, message, 0, 4);
        in.readFully(message, 4, length - 4);
        if (record(message, connection) && swallowUnacknowledged) {
          // an unacknowledged write (w:0): recorded, and no reply is wanted; the embedded test
          // server drops the connection on OP_MSG's moreToCome flag (it loses such writes
          // anyway), so it is not forwarded: the client's next command then finds its connection
          continue;
        }
        out.write(message);
        out.flush();
      }
    } catch (IOException e) {
      // one side went away
    } finally {
      closeQuietly(client);
      closeQuietly(server);
    }
  }

  /** Records the message; true when it is an OP_MSG with moreToCome (a write with w:0). */
  private boolean record(byte[] message, int connection) {
    try {
      ByteBuffer buf = ByteBuffer.wrap(message).order(ByteOrder.LITTLE_ENDIAN);
      buf.position(12);
      int opCode = buf.getInt();
      switch (opCode) {
        case OP_MSG -> {
          return recordMsg(buf, message.length, connection);
        }
        case OP_QUERY -> recordQuery(buf, connection);
        case OP_COMPRESSED -> problems.add("OP_COMPRESSED message: not decoded (no test here negotiates compression)");
        default -> problems.add("opcode " + opCode + ": not decoded");
      }
    } catch (RuntimeException e) {
      problems.add("undecodable message: " + e);
    }
    return false;
  }

  private boolean recordMsg(ByteBuffer buf, int length, int connection) {
    int flags = buf.getInt();
    int end = (flags & CHECKSUM_PRESENT) != 0 ? length - 4 : length;
    BsonDocument body = null;
    Map<String, List<BsonDocument>> sequences = new LinkedHashMap<>();
    while (buf.position() < end) {
      byte kind = buf.get();
      if (kind == 0) {
        body = document(buf);
      } else if (kind == 1) {
        int start = buf.position();
        int size = buf.getInt();
        String identifier = cstring(buf);
        List<BsonDocument> docs = new ArrayList<>();
        while (buf.position() < start + size) {
          docs.add(document(buf));
        }
        sequences.put(identifier, docs);
      } else {
        problems.add("OP_MSG section kind " + kind + ": not decoded");
        return false;
      }
    }
    if (body == null) {
      problems.add("OP_MSG without a section 0");
      return false;
    }
    String database = body.isString("$db") ? body.getString("$db").getValue() : "";
    boolean moreToCome = (flags & MORE_TO_COME) != 0;
    commands.add(new Command(connection, OP_MSG, database, body.getFirstKey(), body, sequences, moreToCome));
    return moreToCome;
  }

  private void recordQuery(ByteBuffer buf, int connection) {
    buf.getInt();  // flags
    String fullCollectionName = cstring(buf);
    buf.getInt();  // numberToSkip
    buf.getInt();  // numberToReturn
    BsonDocument query = document(buf);
    int dot = fullCollectionName.indexOf('.');
    String database = dot < 0 ? fullCollectionName : fullCollectionName.substring(0, dot);
    // a command as OP_QUERY on db.$cmd may wrap itself in {$query: {...}, $readPreference: ...}
    BsonDocument command = query.isDocument("$query") ? query.getDocument("$query") : query;
    commands.add(new Command(connection, OP_QUERY, database, command.isEmpty() ? "" : command.getFirstKey(), command,
        Map.of(), false));
  }

  private static BsonDocument document(ByteBuffer buf) {
    int size = buf.duplicate().order(ByteOrder.LITTLE_ENDIAN).getInt();
    byte[] bytes = new byte[size];
    buf.get(bytes);
    // decoded at once: a RawBsonDocument would keep the bytes and decode on every look
    return new RawBsonDocument(bytes).decode(new BsonDocumentCodec());
  }

  private static String cstring(ByteBuffer buf) {
    int start = buf.position();
    while (buf.get() != 0) {
      // to the terminating NUL
    }
    return new String(buf.array(), start, buf.position() - start - 1, StandardCharsets.UTF_8);
  }

  private void copy(Socket from, Socket to) {
    try (InputStream in = from.getInputStream()) {
      OutputStream out = to.getOutputStream();
      byte[] buf = new byte[16 * 1024];
      int n;
      while ((n = in.read(buf)) >= 0) {
        out.write(buf, 0, n);
        out.flush();
      }
    } catch (IOException e) {
      // one side went away
    } finally {
      closeQuietly(from);
      closeQuietly(to);
    }
  }
}

package dev.ycsbmongo.binding;

import com.mongodb.MongoClientSettings;
import com.mongodb.MongoCompressor;
import com.mongodb.event.ConnectionPoolListener;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.bson.codecs.configuration.CodecRegistry;

/**
 * Turns a {@link ClientConfig} into driver settings: the connection string is applied first
 * (credentials, hosts, TLS, anything we have no property for), then every effective value,
 * which already encodes the precedence explicit property > URL > default.
 */
final class MongoClientSettingsFactory {

  private MongoClientSettingsFactory() {
  }

  static MongoClientSettings create(ClientConfig config, CodecRegistry codecs, ConnectionPoolListener poolListener) {
    MongoClientSettings.Builder b = MongoClientSettings.builder()
        .applyConnectionString(config.connectionString())
        .codecRegistry(codecs)
        .readPreference(config.readPreference())
        .retryWrites(config.retryWrites())
        .retryReads(config.retryReads())
        .applicationName(config.appName())
        .compressorList(compressors(config.compressors()))
        .applyToConnectionPoolSettings(pool -> {
          pool.maxSize(config.maxPoolSize())
              .minSize(config.minPoolSize())
              .maxConnecting(config.maxConnecting())
              .maxWaitTime(config.waitQueueTimeoutMs(), TimeUnit.MILLISECONDS)
              .maxConnectionIdleTime(config.maxIdleTimeMs(), TimeUnit.MILLISECONDS)
              .maxConnectionLifeTime(config.maxLifeTimeMs(), TimeUnit.MILLISECONDS);
          if (poolListener != null) {
            pool.addConnectionPoolListener(poolListener);
          }
        })
        .applyToSocketSettings(socket -> socket
            .connectTimeout((int) Math.min(Integer.MAX_VALUE, config.connectTimeoutMs()), TimeUnit.MILLISECONDS)
            .readTimeout((int) Math.min(Integer.MAX_VALUE, config.socketTimeoutMs()), TimeUnit.MILLISECONDS))
        .applyToClusterSettings(cluster -> cluster
            .serverSelectionTimeout(config.serverSelectionTimeoutMs(), TimeUnit.MILLISECONDS));
    if (config.writeConcern() != null) {
      b.writeConcern(config.writeConcern());
    }
    if (config.readConcern() != null) {
      b.readConcern(config.readConcern());
    }
    return b.build();
  }

  private static List<MongoCompressor> compressors(List<String> names) {
    List<MongoCompressor> list = new ArrayList<>();
    for (String name : names) {
      switch (name) {
        case "snappy":
          list.add(MongoCompressor.createSnappyCompressor());
          break;
        case "zlib":
          list.add(MongoCompressor.createZlibCompressor());
          break;
        case "zstd":
          list.add(MongoCompressor.createZstdCompressor());
          break;
        default:
          throw new IllegalStateException("unvalidated compressor " + name);
      }
    }
    return list;
  }
}

/**
 * The YCSB {@code DB} for MongoDB ({@link dev.ycsbmongo.binding.MongoDbClient}) on the sync driver:
 * settings parsed once from YCSB properties into immutable records with one precedence rule
 * (explicit property over connection string over default), a reference-counted client shared by
 * all YCSB threads, direct BSON codecs for the stock document layout, and pool measurements.
 * It knows nothing about plans or orchestration.
 *
 * <p>Uses no other package of this project; {@code binding.launch} and the orchestrator use it.
 */
package dev.ycsbmongo.binding;

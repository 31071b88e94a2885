/**
 * The connection stress of study 5: how many connections a deployment holds and what holding them
 * costs. {@link dev.ycsbmongo.orchestrator.connections.ConnectionStressPlanner} first spreads the
 * count over worker JVMs (one process may hold fewer sockets than {@code ulimit -n}), target hosts
 * and source addresses (one source address has one ephemeral port range), or refuses in one line
 * naming the OS limit in the way; {@link dev.ycsbmongo.orchestrator.connections.ConnectionStress}
 * then starts the workers ({@link dev.ycsbmongo.orchestrator.connections.ConnectionWorkerMain}),
 * each opening thousands of raw wire-protocol connections (connect, one isMaster, hold) from a
 * single selector thread, asks each host what it sees, holds, and closes. No MongoDB driver and no
 * thread per connection, which is what caps YCSB near 20,000; workers get host:port lists only,
 * never credentials. {@link dev.ycsbmongo.orchestrator.connections.ConnectionStressRun} is the one
 * path the {@code connections} command, a plan's connections cell and a connections client share;
 * {@link dev.ycsbmongo.orchestrator.connections.ConnectionClient} is one of N clients of a cell
 * (its share, reported in frames) and
 * {@link dev.ycsbmongo.orchestrator.connections.ConnectionMerge} makes the cell's result from theirs.
 *
 * <p>Layer 6 (docs/architecture.md): uses {@code plan}, {@code results}, {@code process} and {@code
 * clients} (frames, hello, start barrier).
 */
package dev.ycsbmongo.orchestrator.connections;

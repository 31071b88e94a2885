/**
 * One cell driven by N client processes: the framed lines each client writes to its standard
 * output (or a pod's log) with its hello, per-interval HDR histograms and final counts
 * ({@link dev.ycsbmongo.orchestrator.clients.FrameWriter}), the reader that picks them out of any
 * text stream and checks them ({@link dev.ycsbmongo.orchestrator.clients.FrameReader}), and the
 * exact merge of the N clients' histograms over the window in which all of them ran
 * ({@link dev.ycsbmongo.orchestrator.clients.CellMerger}); and the YCSB client itself
 * ({@code YcsbClient}, started by {@code launch.ClientMain}), which runs one client's slice of YCSB and
 * writes those frames from YCSB's live HDR interval logs. A connections client (connection stress)
 * writes its hello and one {@code connections} frame
 * ({@link dev.ycsbmongo.orchestrator.clients.ClientConnections}) instead. The runners in
 * {@code exec} (local child JVMs or Kubernetes pods) run them for cells of {@code clients: N}.
 *
 * <p>Layer 5 (docs/architecture.md): uses {@code plan} and {@code results}; never {@code connections}
 * (the entry point that picks between them is {@code launch}).
 */
package dev.ycsbmongo.orchestrator.clients;

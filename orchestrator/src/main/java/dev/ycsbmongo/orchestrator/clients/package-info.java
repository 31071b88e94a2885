/**
 * One cell driven by N client processes: the framed lines each client writes to its standard
 * output (or a pod's log) with its hello, per-interval HDR histograms and final counts
 * ({@link dev.ycsbmongo.orchestrator.clients.FrameWriter}), the reader that picks them out of any
 * text stream and checks them ({@link dev.ycsbmongo.orchestrator.clients.FrameReader}), and the
 * exact merge of the N clients' histograms over the window in which all of them ran
 * ({@link dev.ycsbmongo.orchestrator.clients.CellMerger}). A connections client (connection stress)
 * writes its hello and one {@code connections} frame
 * ({@link dev.ycsbmongo.orchestrator.clients.ClientConnections}) instead. Not wired into {@code run} yet (issue 13).
 */
package dev.ycsbmongo.orchestrator.clients;

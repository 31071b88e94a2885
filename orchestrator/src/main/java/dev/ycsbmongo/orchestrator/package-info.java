/**
 * The orchestrator: plans ({@code plan}), their execution as child YCSB JVMs ({@code exec}),
 * result records ({@code results}), tables ({@code report}) and the command line ({@code cli});
 * this package holds only what all of them share.
 */
package dev.ycsbmongo.orchestrator;

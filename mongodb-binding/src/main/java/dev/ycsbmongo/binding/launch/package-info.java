/**
 * What {@code scripts/ycsb} runs: YCSB's own {@code Client} or shell, behind stdout/stderr
 * filters that mask connection-string passwords, because YCSB echoes its command line and
 * cannot be changed.
 *
 * <p>Uses {@code dev.ycsbmongo.binding} (the URI masker, the up-front checks); nothing uses it but the
 * launchers and the orchestrator's YCSB children.
 */
package dev.ycsbmongo.binding.launch;

/**
 * What {@code scripts/ycsb} runs: YCSB's own {@code Client} or shell, behind stdout/stderr
 * filters that mask connection-string passwords, because YCSB echoes its command line and
 * cannot be changed.
 */
package dev.ycsbmongo.binding.launch;

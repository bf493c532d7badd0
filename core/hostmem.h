/* Whether the machine can back a host allocation. Memory is overcommitted
 * on Linux: a malloc of more than the machine has succeeds, and the process
 * is killed by the OOM killer when it touches the pages. Large buffers of
 * ompwg's own (device memory in host fallback, packed copies) ask first, so
 * that such a call returns a status instead. */
#ifndef OMPWG_HOSTMEM_H
#define OMPWG_HOSTMEM_H

#include <stdbool.h>
#include <stddef.h>

/* True when bytes fit in what the machine (and the process's cgroup, where
 * it has a limit) has available now, with a tenth to spare; always true
 * below 64 MiB, where asking would cost more than it saves. */
bool ompwg_host_can_back(size_t bytes);

#endif

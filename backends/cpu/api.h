/* What src/ needs of the CPU backend beyond its table: the public thread
 * count and core share functions (src/threads_api.c) call these. */
#ifndef OMPWG_CPU_API_H
#define OMPWG_CPU_API_H

/* Sets the count later calls use until the calling thread's OpenMP count
 * changes (n <= 0: none, back to OMPWG_NUM_THREADS or OpenMP's count):
 * OMPWG_OK, or OMPWG_ERR_RANGE above the backend's 4096 threads. */
int ompwg_cpu_set_thread_count(int n);

/* The count the calling thread's next call uses. */
int ompwg_cpu_thread_count(void);

/* Makes the process use run `part` of `parts` (0 <= part < parts) of the
 * allowed cores; parts == 1 is all of them. */
void ompwg_cpu_set_share(int part, int parts);

/* The run of allowed cores the process uses: its first core and its count. */
void ompwg_cpu_share(int *first, int *count);

#endif

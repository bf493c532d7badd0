/* The `ompwg` program's commands. */
#ifndef OMPWG_CLI_H
#define OMPWG_CLI_H

int ompwg_cli_info(int argc, char **argv);
int ompwg_cli_bench(int argc, char **argv);
int ompwg_cli_calibrate(int argc, char **argv);
/* `ompwg info`'s lines on the factorisations' placement (info_factor.c). */
void ompwg_cli_print_factor_plans(void);
/* `ompwg bench --mpi`, under mpirun (bench_mpi.c, loaded as a module). */
int ompwg_cli_bench_mpi(int argc, char **argv);

#endif

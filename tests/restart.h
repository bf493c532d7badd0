/* A test that needs a variable in the environment the library (or the
 * offload runtime) first reads starts itself again with it, rather than
 * calling setenv beside threads that may read the environment. */
#ifndef OMPWG_TEST_RESTART_H
#define OMPWG_TEST_RESTART_H

#include <stdbool.h>

/* Unless the environment already holds `assignment` ("NAME=value", the
 * name compared exactly, the value in any case), replaces the process with
 * this program, same arguments, the environment with `assignment` in place
 * of NAME's value. Returns false only when that could not be done. */
bool restart_with(const char *assignment);

#endif

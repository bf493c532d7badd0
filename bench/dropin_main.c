/* bench_dropin_cost: the drop-in's cost per call (dropin_cost.h). */
#include "dropin_cost.h"

int main(int argc, char **argv) { return bench_dropin_main("bench_dropin_cost", argc, argv); }

/* A test that cannot run here: an empty TAP plan with the reason (the
 * first argument), which meson counts as skipped. */
#include "tap.h"

int main(int argc, char **argv)
{
    tap_skip_all("%s", argc > 1 ? argv[1] : "not available here");
}

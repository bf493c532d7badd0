/* main() of the GPU benchmarks whose body is bench_module_main(): the same
 * body is also built as a module that late_load opens from its main(), for
 * compute-sanitizer (late_load.c says why). */
int bench_module_main(int argc, char **argv);

int main(int argc, char **argv)
{
    return bench_module_main(argc, argv);
}

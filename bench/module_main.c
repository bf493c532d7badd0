/* main() of the GPU benchmarks whose body is late_load_main(): the same
 * body is also built as a module that late_load opens from its main(), for
 * compute-sanitizer (late_load.c says why). */
int late_load_main(int argc, char **argv);

int main(int argc, char **argv)
{
    return late_load_main(argc, argv);
}

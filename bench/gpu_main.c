/* bench_gpu's main(); the body is bench_gpu_main() in gpu.c. */
int bench_gpu_main(int argc, char **argv);

int main(int argc, char **argv)
{
    return bench_gpu_main(argc, argv);
}

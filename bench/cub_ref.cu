// CUB (cub::DeviceReduce, cub::DeviceScan) behind a C interface: the GPU
// reference of the benchmarks for sum, dot, max and scan. bench/cub.c opens
// this module at run time; nothing in the library links it.
//
// Pointers are device pointers of device 0 from omp_target_alloc, which
// lives in the CUDA primary context that the runtime API uses too. Every
// call returns after the GPU has finished and, for the reductions, after
// the result has reached the host (a cudaMemcpy of the scalar), as the
// library's *_device calls do, so that the times compare. The temporary
// storage and the device copy of the result are kept between calls and
// only grow, so that no timed call allocates; a mutex guards them for the
// whole call, since a second caller would share them.
//
// Every function returns 0 or the cudaError_t value.
#include <climits>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <pthread.h>

#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>
#include <cuda/std/functional>
#include <cuda_runtime.h>
#include <thrust/iterator/counting_iterator.h>

#define EXPORT extern "C" __attribute__((visibility("default")))

namespace {

pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
void *temp_storage;
size_t temp_bytes;
// the reductions' results on the device: the value, then an index
struct device_result {
    double value;
    int64_t index;
} *result_on_device;

class held_lock {
public:
    held_lock() { pthread_mutex_lock(&lock); }
    ~held_lock() { pthread_mutex_unlock(&lock); }
    held_lock(const held_lock &) = delete;
    held_lock &operator=(const held_lock &) = delete;
};

cudaError_t ensure_result(void)
{
    if (result_on_device) return cudaSuccess;
    return cudaMalloc(reinterpret_cast<void **>(&result_on_device), sizeof *result_on_device);
}

cudaError_t ensure_temp(size_t bytes)
{
    if (bytes <= temp_bytes) return cudaSuccess;
    if (temp_storage) cudaFree(temp_storage);
    temp_storage = nullptr;
    temp_bytes = 0;
    cudaError_t st = cudaMalloc(&temp_storage, bytes);
    if (st == cudaSuccess) temp_bytes = bytes;
    return st;
}

// The temporary storage size of one kind of call at one length, asked of
// CUB once: the query does host work that would otherwise be timed.
struct temp_size {
    int64_t n = -1;
    size_t bytes = 0;
};

// Runs query(nullptr, bytes) once per length, makes room, then run(temp,
// bytes).
template <typename Query, typename Run>
cudaError_t with_temp(temp_size &known, int64_t n, Query query, Run run)
{
    if (known.n != n) {
        size_t bytes = 0;
        cudaError_t st = query(bytes);
        if (st != cudaSuccess) return st;
        known = temp_size{ n, bytes };
    }
    cudaError_t st = ensure_temp(known.bytes);
    if (st != cudaSuccess) return st;
    size_t bytes = known.bytes;
    return run(temp_storage, bytes);
}

// CUB sizes its offsets by the type of num_items: a 32-bit count keeps its
// fastest kernels, and the benchmarks stay below 2^31 elements.
bool length_ok(int64_t n)
{
    return n >= 1 && n <= INT_MAX;
}

// One copy to the host, the value first: what the library's calls return.
template <typename T>
cudaError_t fetch_value(T *value)
{
    return cudaMemcpy(value, result_on_device, sizeof *value, cudaMemcpyDeviceToHost);
}

template <typename T>
cudaError_t reduce_sum(int64_t n, const T *x, T *value)
{
    if (!length_ok(n)) return cudaErrorInvalidValue;
    held_lock held;
    cudaError_t st = ensure_result();
    if (st != cudaSuccess) return st;
    T *out = reinterpret_cast<T *>(result_on_device);
    static temp_size known;
    st = with_temp(
        known, n,
        [&](size_t &bytes) { return cub::DeviceReduce::Sum(nullptr, bytes, x, out, (int)n); },
        [&](void *temp, size_t &bytes) {
            return cub::DeviceReduce::Sum(temp, bytes, x, out, (int)n);
        });
    return st != cudaSuccess ? st : fetch_value(value);
}

// Width elements of T read as one load (16 bytes, the widest a thread
// issues), as CUB's own sum reads its raw pointer in vectors; CUB reads a
// transform over an index one element at a time.
template <typename T, int Width>
struct alignas(sizeof(T) * Width) pack {
    T v[Width];
};

// Term c of the dot product: the products of the c-th group of Width
// elements (the last group may be short). With Width > 1 both vectors must
// be aligned to the group's size.
template <typename T, int Width>
struct group_products {
    const T *x, *y;
    int64_t n; // 64-bit: the last group may end past INT_MAX

    __device__ T operator()(int c) const
    {
        int64_t i = (int64_t)c * Width;
        if (Width > 1 && i + Width <= n) {
            pack<T, Width> a = reinterpret_cast<const pack<T, Width> *>(x)[c];
            pack<T, Width> b = reinterpret_cast<const pack<T, Width> *>(y)[c];
            T s = a.v[0] * b.v[0];
#pragma unroll
            for (int k = 1; k < Width; k++) s += a.v[k] * b.v[k];
            return s;
        }
        T s = 0;
        for (int64_t k = i; k < n && k < i + Width; k++) s += x[k] * y[k];
        return s;
    }
};

template <typename T, int Width>
cudaError_t dot_groups(int n, const T *x, const T *y, T *out)
{
    int groups = (int)(((int64_t)n + Width - 1) / Width);
    thrust::counting_iterator<int> first(0);
    group_products<T, Width> products{ x, y, n };
    static temp_size known;
    return with_temp(
        known, n,
        [&](size_t &bytes) {
            return cub::DeviceReduce::TransformReduce(nullptr, bytes, first, out, groups,
                                                      cuda::std::plus<>{}, products, T(0));
        },
        [&](void *temp, size_t &bytes) {
            return cub::DeviceReduce::TransformReduce(temp, bytes, first, out, groups,
                                                      cuda::std::plus<>{}, products, T(0));
        });
}

template <typename T>
cudaError_t reduce_dot(int64_t n, const T *x, const T *y, T *value)
{
    if (!length_ok(n)) return cudaErrorInvalidValue;
    held_lock held;
    cudaError_t st = ensure_result();
    if (st != cudaSuccess) return st;
    T *out = reinterpret_cast<T *>(result_on_device);
    constexpr int width = 16 / sizeof(T);
    bool aligned = (reinterpret_cast<uintptr_t>(x) | reinterpret_cast<uintptr_t>(y)) % 16 == 0;
    st = aligned ? dot_groups<T, width>((int)n, x, y, out) : dot_groups<T, 1>((int)n, x, y, out);
    return st != cudaSuccess ? st : fetch_value(value);
}

// The largest x_i and the first i that holds it (cub::ArgMax keeps the
// lower index on ties).
template <typename T>
cudaError_t reduce_argmax(int64_t n, const T *x, T *value, int64_t *index)
{
    if (!length_ok(n)) return cudaErrorInvalidValue;
    held_lock held;
    cudaError_t st = ensure_result();
    if (st != cudaSuccess) return st;
    T *out = reinterpret_cast<T *>(&result_on_device->value);
    int64_t *at = &result_on_device->index;
    static temp_size known;
    st = with_temp(
        known, n,
        [&](size_t &bytes) { return cub::DeviceReduce::ArgMax(nullptr, bytes, x, out, at, n); },
        [&](void *temp, size_t &bytes) {
            return cub::DeviceReduce::ArgMax(temp, bytes, x, out, at, n);
        });
    device_result both;
    if (st == cudaSuccess) st = fetch_value(&both);
    if (st != cudaSuccess) return st;
    memcpy(value, &both.value, sizeof *value);
    *index = both.index;
    return cudaSuccess;
}

// Inclusive prefix sum, accumulated in T (float in float).
template <typename T>
cudaError_t inclusive_scan(int64_t n, const T *x, T *y)
{
    if (!length_ok(n)) return cudaErrorInvalidValue;
    held_lock held;
    static temp_size known;
    cudaError_t st = with_temp(
        known, n,
        [&](size_t &bytes) {
            return cub::DeviceScan::InclusiveSum(nullptr, bytes, x, y, (int)n);
        },
        [&](void *temp, size_t &bytes) {
            return cub::DeviceScan::InclusiveSum(temp, bytes, x, y, (int)n);
        });
    return st != cudaSuccess ? st : cudaStreamSynchronize(0);
}

} // namespace

// Makes the runtime take device 0's primary context and allocates the
// result buffer, so that a missing or too old driver shows before the first
// timed call.
EXPORT int ompwg_bench_cub_init(void)
{
    held_lock held;
    cudaError_t st = cudaSetDevice(0);
    if (st == cudaSuccess) st = ensure_result();
    return st;
}

EXPORT const char *ompwg_bench_cub_error_string(int error)
{
    return cudaGetErrorString(static_cast<cudaError_t>(error));
}

EXPORT int ompwg_bench_cub_ssum(int64_t n, const float *x, float *result)
{
    return reduce_sum(n, x, result);
}

EXPORT int ompwg_bench_cub_dsum(int64_t n, const double *x, double *result)
{
    return reduce_sum(n, x, result);
}

EXPORT int ompwg_bench_cub_sdot(int64_t n, const float *x, const float *y, float *result)
{
    return reduce_dot(n, x, y, result);
}

EXPORT int ompwg_bench_cub_ddot(int64_t n, const double *x, const double *y, double *result)
{
    return reduce_dot(n, x, y, result);
}

EXPORT int ompwg_bench_cub_smax(int64_t n, const float *x, float *value, int64_t *index)
{
    return reduce_argmax(n, x, value, index);
}

EXPORT int ompwg_bench_cub_dmax(int64_t n, const double *x, double *value, int64_t *index)
{
    return reduce_argmax(n, x, value, index);
}

EXPORT int ompwg_bench_cub_sscan(int64_t n, const float *x, float *y)
{
    return inclusive_scan(n, x, y);
}

EXPORT int ompwg_bench_cub_dscan(int64_t n, const double *x, double *y)
{
    return inclusive_scan(n, x, y);
}

EXPORT int ompwg_bench_cub_i64scan(int64_t n, const int64_t *x, int64_t *y)
{
    return inclusive_scan(n, x, y);
}

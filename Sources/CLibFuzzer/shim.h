// libFuzzer's driver entry (compiler-rt, FuzzerInterface.h), for `pulpe-fuzz` built with
// `-sanitize=fuzzer`: the toolchain's libclang_rt.fuzzer defines it. Nothing is linked otherwise:
// only the fuzzing build (`-DFUZZING`) calls it.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *Data, size_t Size));

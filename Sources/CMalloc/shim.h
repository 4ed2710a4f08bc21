#ifndef CMALLOC_SHIM_H
#define CMALLOC_SHIM_H

/*
 * glibc's malloc_trim(3): hands the free memory of every arena back to the kernel. Swift's Glibc
 * module does not include <malloc.h>; elsewhere it is a no-op (MemoryTrim).
 */
#if defined(__linux__) && defined(__GLIBC__)
#include <malloc.h>
static inline int cmalloc_trim(void) { return malloc_trim(0); }
#else
static inline int cmalloc_trim(void) { return 0; }
#endif

#endif

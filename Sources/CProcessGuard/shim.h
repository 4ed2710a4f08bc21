#ifndef CPROCESSGUARD_SHIM_H
#define CPROCESSGUARD_SHIM_H

/*
 * No core dump of a process that holds a key (decision 100): RLIMIT_CORE 0 (inherited
 * by what it execs) and prctl(2)'s PR_SET_DUMPABLE 0 (no core whatever the limit or the
 * core_pattern pipe, and no ptrace or /proc/PID/mem by the same user). Swift cannot call the
 * variadic prctl(), hence these fixed-arity wrappers.
 */
#ifdef __linux__
#include <sys/prctl.h>
#include <sys/resource.h>

/* 0 when both hold, -1 when either could not be set (errno says which failed last). */
static inline int cpg_forbid_core_dumps(void) {
    struct rlimit none = {0, 0};
    int limited = setrlimit(RLIMIT_CORE, &none);
    int undumpable = prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
    return (limited == 0 && undumpable == 0) ? 0 : -1;
}
/* 1 when the process may dump core (PR_GET_DUMPABLE), 0 when not, -1 on error. */
static inline int cpg_is_dumpable(void) { return prctl(PR_GET_DUMPABLE, 0, 0, 0, 0); }
#else
static inline int cpg_forbid_core_dumps(void) { return 0; }
static inline int cpg_is_dumpable(void) { return -1; }
#endif

#endif

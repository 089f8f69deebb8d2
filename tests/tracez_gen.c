/* tracez_gen.c -- tracez_gen IN.traceg OUT.tracez [LINES_PER_SUBCHUNK [DICT 0|1]]:
 * the .tracez form of a text kernel file (tests/tracez_gen.h); used for the
 * fuzz seeds of scripts/fuzz_trace.sh. */
#include "tracez_gen.h"

int main(int argc, char **argv)
{
    if (argc < 3 || argc > 5) {
        fprintf(stderr, "usage: tracez_gen IN.traceg OUT.tracez [LINES_PER_SUBCHUNK [DICT]]\n");
        return 2;
    }
    unsigned per = argc > 3 ? (unsigned)strtoul(argv[3], NULL, 10) : 4;
    int dict = argc > 4 ? atoi(argv[4]) : 1;
    if (tracez_gen(argv[1], argv[2], per, dict)) {
        fprintf(stderr, "tracez_gen: cannot convert %s to %s\n", argv[1], argv[2]);
        return 1;
    }
    return 0;
}

/* test_icnt.c -- crossbar: latency, flit bandwidth, round-robin, back-pressure.
 *
 * Timing rule under test (icnt.h): a packet of F flits granted in icnt cycle c
 * can be popped once now >= c + lat + F - 1 (now = number of ticks done); an
 * output takes one flit per cycle, so it grants again at c + F.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include "icnt.h"

static icnt_pkt pkt(uint32_t src, uint32_t dst, uint32_t flits, uint32_t aux)
{
    return (icnt_pkt){ .line = aux, .aux = aux, .src = (uint8_t)src, .dst = (uint8_t)dst,
                       .flits = (uint8_t)flits };
}

/* Ticks until the next packet can be popped from dst (pops it). */
static uint64_t ticks_to_pop(icnt *x, uint32_t dst, icnt_pkt *out, uint64_t limit)
{
    while (!icnt_pop(x, dst, out)) {
        assert_true(x->now < limit);
        icnt_tick(x);
    }
    return x->now;
}

static void flit_count(void **state)
{
    /* seed 000 Table 1: 16 B channel; 8 B header -> 1 flit, 8 + 64 -> 5 */
    assert_int_equal(icnt_flits(8, 16), 1);
    assert_int_equal(icnt_flits(72, 16), 5);
    assert_int_equal(icnt_flits(136, 32), 5);
    assert_int_equal(icnt_flits(0, 16), 1);
}

static void bad_sizes(void **state)
{
    icnt x;
    assert_int_equal(icnt_init(&x, 0, 1, 1, 1), -1);
    assert_int_equal(icnt_init(&x, ICNT_MAX_PORTS + 1, 1, 1, 1), -1);
    assert_int_equal(icnt_init(&x, 1, ICNT_MAX_PORTS + 1, 1, 1), -1);
    assert_int_equal(icnt_init(&x, 1, 1, 0, 1), -1);
    assert_int_equal(icnt_init2(&x, 1, 1, 0, 1, 1), -1);
    assert_int_equal(icnt_init2(&x, 1, 1, 1, 0, 1), -1);
}

/* Latency: 1 flit after exactly lat ticks; 5 flits after lat + 4. */
static void latency(void **state)
{
    icnt x;
    assert_int_equal(icnt_init(&x, 2, 2, 4, 7), 0);
    icnt_pkt p = pkt(0, 1, 1, 42), o;
    assert_int_equal(icnt_push(&x, &p), 0);
    assert_int_equal(ticks_to_pop(&x, 1, &o, 100), 7);
    assert_int_equal(o.aux, 42);
    assert_int_equal(o.src, 0);
    uint64_t t0 = x.now;
    p = pkt(1, 0, 5, 43);
    icnt_push(&x, &p);
    assert_int_equal(ticks_to_pop(&x, 0, &o, 100) - t0, 7 + 4);
    assert_true(icnt_empty(&x));
    icnt_free(&x);
}

/* Bandwidth: four 3-flit packets from one input to one output are granted at
 * cycles 0, 3, 6, 9 and arrive at 3k + lat + 2; 12 flits in total. */
static void bandwidth_one_flit_per_cycle(void **state)
{
    icnt x;
    icnt_init(&x, 1, 1, 8, 4);
    for (uint32_t k = 0; k < 4; k++) {
        icnt_pkt p = pkt(0, 0, 3, k);
        assert_int_equal(icnt_push(&x, &p), 0);
    }
    for (uint32_t k = 0; k < 4; k++) {
        icnt_pkt o;
        assert_int_equal(ticks_to_pop(&x, 0, &o, 100), 3 * k + 4 + 2);
        assert_int_equal(o.aux, k);
    }
    assert_int_equal(x.flits, 12);
    icnt_free(&x);
}

/* Different outputs transfer in parallel: both granted in cycle 0. */
static void outputs_in_parallel(void **state)
{
    icnt x;
    icnt_init(&x, 2, 2, 4, 3);
    icnt_pkt a = pkt(0, 0, 2, 1), b = pkt(1, 1, 2, 2), o;
    icnt_push(&x, &a);
    icnt_push(&x, &b);
    assert_int_equal(ticks_to_pop(&x, 0, &o, 50), 3 + 1);
    assert_true(icnt_pop(&x, 1, &o));
    assert_int_equal(o.aux, 2);
    icnt_free(&x);
}

/* An input sends one packet per cycle: its second packet (to another, idle
 * output) is granted in cycle 1, not 0. */
static void one_packet_per_input_per_cycle(void **state)
{
    icnt x;
    icnt_init(&x, 1, 2, 4, 2);
    icnt_pkt a = pkt(0, 0, 1, 1), b = pkt(0, 1, 1, 2), o;
    icnt_push(&x, &a);
    icnt_push(&x, &b);
    assert_int_equal(ticks_to_pop(&x, 0, &o, 50), 2);
    assert_false(icnt_pop(&x, 1, &o));
    icnt_tick(&x);
    assert_true(icnt_pop(&x, 1, &o));
    assert_int_equal(o.aux, 2);
    icnt_free(&x);
}

/* Three inputs compete for output 0: grants rotate 0, 1, 2, 0, 1, 2. */
static void round_robin(void **state)
{
    icnt x;
    icnt_init(&x, 3, 1, 4, 1);
    for (uint32_t k = 0; k < 2; k++)
        for (uint32_t s = 0; s < 3; s++) {
            icnt_pkt p = pkt(s, 0, 1, 10 * s + k);
            assert_int_equal(icnt_push(&x, &p), 0);
        }
    const uint32_t want_src[6] = { 0, 1, 2, 0, 1, 2 };
    for (int i = 0; i < 6; i++) {
        icnt_pkt o;
        ticks_to_pop(&x, 0, &o, 50);
        assert_int_equal(o.src, want_src[i]);
        assert_int_equal(o.aux, 10 * want_src[i] + (uint32_t)(i / 3));
    }
    icnt_free(&x);
}

/* More than 64 ports (160 cores): the sets of inputs and outputs
 * span three 64-bit words.  160 inputs compete for output 0 with one packet
 * each, inputs 5, 70, 130 and 159 with a second: round-robin serves every
 * input once in order 0..159 across the word boundaries, then 5, 70, 130,
 * 159, one packet per cycle (lat 1, 1 flit: popped at tick k + 1). */
static void many_ports_round_robin(void **state)
{
    icnt x;
    assert_int_equal(icnt_init(&x, 160, 1, 2, 1), 0);
    assert_int_equal(x.src_words, 3);
    for (uint32_t s = 0; s < 160; s++) {
        icnt_pkt p = pkt(s, 0, 1, s);
        assert_int_equal(icnt_push(&x, &p), 0);
    }
    static const uint32_t again[4] = { 5, 70, 130, 159 };
    for (int i = 0; i < 4; i++) {
        icnt_pkt p = pkt(again[i], 0, 1, 1000 + again[i]);
        assert_int_equal(icnt_push(&x, &p), 0);
    }
    for (uint32_t k = 0; k < 164; k++) {
        icnt_pkt o;
        assert_int_equal(ticks_to_pop(&x, 0, &o, 400), k + 1);
        uint32_t want = k < 160 ? k : again[k - 160];
        assert_int_equal(o.src, want);
        assert_int_equal(o.aux, k < 160 ? want : 1000 + want);
    }
    assert_true(icnt_empty(&x));
    icnt_free(&x);
}

/* One input per output, 160 outputs: all granted in the same cycle, and the
 * busy bits of outputs 63, 64, 159 follow their packets. */
static void many_outputs_in_parallel(void **state)
{
    icnt x;
    assert_int_equal(icnt_init(&x, 160, 160, 2, 2), 0);
    for (uint32_t s = 0; s < 160; s++) {
        icnt_pkt p = pkt(s, 159 - s, 1, s);
        assert_int_equal(icnt_push(&x, &p), 0);
    }
    icnt_tick(&x);
    assert_true(icnt_out_busy(&x, 63) && icnt_out_busy(&x, 64) && icnt_out_busy(&x, 159));
    icnt_tick(&x);
    for (uint32_t d = 0; d < 160; d++) {
        icnt_pkt o;
        assert_true(icnt_pop(&x, d, &o));
        assert_int_equal(o.src, 159 - d);
    }
    assert_false(icnt_out_busy(&x, 64));
    assert_true(icnt_empty(&x));
    icnt_free(&x);
}

/* Back-pressure with cap 2 and nobody popping: the output accepts 2 packets,
 * then the input fills to 2 and pushes are refused; one pop frees one grant. */
static void back_pressure(void **state)
{
    icnt x;
    icnt_init(&x, 1, 1, 2, 1);
    icnt_pkt p = pkt(0, 0, 1, 0), o;
    int accepted = 0;
    for (int cyc = 0; cyc < 10; cyc++) {
        while (icnt_push(&x, &p) == 0)
            accepted++;
        icnt_tick(&x);
    }
    assert_int_equal(accepted, 4);     /* 2 in the output + 2 in the input */
    assert_int_equal(x.out[0].count, 2);
    assert_int_equal(x.in[0].count, 2);
    assert_false(icnt_can_push(&x, 0));
    assert_true(icnt_pop(&x, 0, &o));
    icnt_tick(&x);                     /* one grant into the freed slot */
    assert_int_equal(x.out[0].count, 2);
    assert_int_equal(x.in[0].count, 1);
    assert_true(icnt_can_push(&x, 0));
    icnt_free(&x);
}

/* icnt_init2: an input of 5 packets in front of an output of 1 (GPGPU-Sim's
 * deep injection buffer before small ejection buffers, icnt.in_queue).  All
 * 5 are accepted at once, a 6th refused; lat 2, 1 flit: the first is popped
 * at tick 2, and each next one is granted only when the output slot is free
 * (the cycle of the previous pop), so they pop at 2, 4, 6, 8, 10.  With 5
 * slots at the output too they are granted at 0..4 and pop at 2..6. */
static void separate_input_depth(void **state)
{
    const uint64_t want[2][5] = { { 2, 4, 6, 8, 10 }, { 2, 3, 4, 5, 6 } };
    for (uint32_t out_cap = 1, v = 0; v < 2; out_cap = 5, v++) {
        icnt x;
        assert_int_equal(icnt_init2(&x, 1, 1, 5, out_cap, 2), 0);
        for (uint32_t k = 0; k < 5; k++) {
            icnt_pkt p = pkt(0, 0, 1, k);
            assert_int_equal(icnt_push(&x, &p), 0);
        }
        icnt_pkt p = pkt(0, 0, 1, 9), o;
        assert_false(icnt_can_push(&x, 0));
        assert_int_equal(icnt_push(&x, &p), -1);
        for (uint32_t k = 0; k < 5; k++) {
            assert_int_equal(ticks_to_pop(&x, 0, &o, 100), want[v][k]);
            assert_int_equal(o.aux, k);
        }
        assert_true(icnt_empty(&x));
        icnt_free(&x);
    }
}

/* in_full, the set mem_tick_core skips cores by, is exactly the inputs
 * icnt_can_push refuses, through pushes, grants and pops on random traffic
 * over 130 inputs (three words of the set), inputs of 1 to 3 packets. */
static void in_full_matches_can_push(void **state)
{
    enum { NS = 130, ND = 5 };
    icnt x;
    assert_int_equal(icnt_init2(&x, NS, ND, 3, 2, 1), 0);
    uint64_t r = 12345;
    uint32_t full_seen = 0;
    for (uint32_t cycle = 0; cycle < 2000; cycle++) {
        for (uint32_t k = 0; k < 40; k++) {
            r = r * 6364136223846793005ull + 1442695040888963407ull;
            icnt_pkt p = pkt((uint32_t)(r >> 33) % NS, (uint32_t)(r >> 20) % ND,
                             1 + (uint32_t)(r >> 60) % 3, k);
            int can = icnt_can_push(&x, p.src);
            assert_int_equal(icnt_push(&x, &p), can ? 0 : -1);
        }
        for (uint32_t s = 0; s < NS; s++) {
            int full = (int)((x.in_full[s >> 6] >> (s & 63)) & 1u);
            assert_int_equal(full, !icnt_can_push(&x, s));
            full_seen += (uint32_t)full;
        }
        icnt_tick(&x);
        icnt_pkt o;
        for (uint32_t d = 0; d < ND; d++)
            if ((cycle + d) % 3 == 0) icnt_pop(&x, d, &o);
        for (uint32_t s = 0; s < NS; s++)
            assert_int_equal((int)((x.in_full[s >> 6] >> (s & 63)) & 1u), !icnt_can_push(&x, s));
    }
    assert_true(full_seen > 0);
    icnt_free(&x);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(flit_count),
        cmocka_unit_test(bad_sizes),
        cmocka_unit_test(latency),
        cmocka_unit_test(bandwidth_one_flit_per_cycle),
        cmocka_unit_test(outputs_in_parallel),
        cmocka_unit_test(one_packet_per_input_per_cycle),
        cmocka_unit_test(round_robin),
        cmocka_unit_test(many_ports_round_robin),
        cmocka_unit_test(many_outputs_in_parallel),
        cmocka_unit_test(back_pressure),
        cmocka_unit_test(separate_input_depth),
        cmocka_unit_test(in_full_matches_can_push),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

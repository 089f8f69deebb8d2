/* test_fx.c -- the policy stack as the registry builds it: the policy.* keys
 * (expanded from seam/seam.yaml's units: policy), the units each key turns on,
 * and the model's CTA limit under the effects the units' descriptors declare
 * (ctl_fx, resolved once by seam_init), each against values worked by hand
 * from the rules of docs/adding-a-unit.md step 3. */
#include "model_util.h"
#include "ctl_unit.h"
#include "seam.h"

/* The policy table: every key, in the order --dump-config prints them. */
static void test_keys(void **st)
{
    static const char *const names[] = { "policy.cta_limit", "policy.static_n", "policy.dyncore",
                                         "policy.claso", "policy.arcta", "policy.gating",
                                         "policy.l1thr" };
    assert_int_equal(policy_keys.n, sizeof names / sizeof names[0]);
    for (size_t i = 0; i < policy_keys.n; i++) assert_string_equal(policy_keys.keys[i].name, names[i]);
    const key_def *lim = &policy_keys.keys[0], *gat = &policy_keys.keys[5];
    assert_string_equal(lim->names[0], "max");
    assert_string_equal(lim->names[1], "static");
    assert_string_equal(lim->names[2], "dyncta");
    assert_null(lim->names[3]);
    assert_string_equal(gat->names[0], "none");
    assert_string_equal(gat->names[1], "ucstates");
    assert_null(gat->names[2]);
    assert_int_equal(policy_keys.keys[2].type, KEY_U32);
    assert_int_equal(policy_keys.keys[2].max, 1);
    /* each unit's own key; DYNCTA is a value of policy.cta_limit */
    assert_null(policy_key_of(0));
    for (int i = 1; i < CTL_NUNITS; i++)
        assert_ptr_equal(policy_key_of(i), &policy_keys.keys[1 + i]);
}

static unsigned units_of(const char *const *sets)
{
    gpu_cfg c;
    model_cfg(&c, "configs/small.cfg", sets);
    return policy_units(&c.policy);
}

/* The units each key's values turn on (the engines step these by default). */
static void test_units(void **st)
{
    assert_int_equal(units_of((const char *const[]){ NULL }), CTL_U_NONE);
    assert_int_equal(units_of((const char *const[]){ "policy.cta_limit=static", "policy.static_n=2", NULL }),
                     CTL_U_NONE);
    assert_int_equal(units_of((const char *const[]){ "policy.cta_limit=dyncta", NULL }), CTL_U_DYNCTA);
    assert_int_equal(units_of((const char *const[]){ "policy.dyncore=1", NULL }), CTL_U_DYNCORE);
    assert_int_equal(units_of((const char *const[]){ "policy.claso=1", NULL }), CTL_U_CLASO);
    assert_int_equal(units_of((const char *const[]){ "policy.arcta=1", NULL }), CTL_U_ARCTA);
    assert_int_equal(units_of((const char *const[]){ "policy.gating=ucstates", NULL }), CTL_U_UCS);
    assert_int_equal(units_of((const char *const[]){ "policy.l1thr=1", NULL }), CTL_U_L1THR);
    assert_int_equal(units_of((const char *const[]){ "policy.cta_limit=dyncta", "policy.claso=1",
                                                     "policy.gating=ucstates", "policy.l1thr=1", NULL }),
                     CTL_U_DYNCTA | CTL_U_CLASO | CTL_U_UCS | CTL_U_L1THR);
}

typedef struct fx_case {
    seam s;
    gpu_cfg cfg;
} fx_case;

/* A seam under the policy of `sets` on the small preset, N = 8; no cores
 * (seam_limit and seam_kernel_type read the outputs only). */
static fx_case *fx_open(const char *const *sets)
{
    fx_case *f = calloc(1, sizeof *f);
    assert_non_null(f);
    model_cfg(&f->cfg, "configs/small.cfg", sets);
    seam_init(&f->s, &f->cfg.policy, &f->cfg.sm.launch, 4, 2, NULL, NULL);
    f->s.n_max = 8;
    return f;
}

static void set_core(fx_case *f, uint8_t dyncta_n, uint8_t l1thr_n)
{
    for (int c = 0; c < 4; c++) {
        f->s.out.core[c].dyncta_n = dyncta_n;
        f->s.out.core[c].l1thr_n = l1thr_n;
    }
}

/* limit: the unit's n clamped to 1..N; static: min(static_n, N); max: N. */
static void test_limit(void **st)
{
    fx_case *f = fx_open((const char *const[]){ NULL });
    set_core(f, 3, 2);
    assert_int_equal(seam_limit(&f->s, 1), 8);          /* outputs ignored */
    free(f);
    f = fx_open((const char *const[]){ "policy.cta_limit=static", "policy.static_n=3", NULL });
    set_core(f, 5, 2);
    assert_int_equal(seam_limit(&f->s, 1), 3);
    f->s.n_max = 2;
    assert_int_equal(seam_limit(&f->s, 1), 2);
    free(f);
    f = fx_open((const char *const[]){ "policy.cta_limit=dyncta", NULL });
    set_core(f, 5, 2);
    assert_int_equal(seam_limit(&f->s, 2), 5);
    set_core(f, 0, 2);
    assert_int_equal(seam_limit(&f->s, 2), 1);
    set_core(f, 12, 2);
    assert_int_equal(seam_limit(&f->s, 2), 8);
    free(f);
}

/* cap: the lower of the limit and max(1, cap); it never raises a limit. */
static void test_cap(void **st)
{
    fx_case *f = fx_open((const char *const[]){ "policy.cta_limit=dyncta", "policy.l1thr=1", NULL });
    set_core(f, 5, 3);
    assert_int_equal(seam_limit(&f->s, 0), 3);
    set_core(f, 5, 7);
    assert_int_equal(seam_limit(&f->s, 0), 5);
    set_core(f, 5, 0);
    assert_int_equal(seam_limit(&f->s, 0), 1);
    free(f);
    f = fx_open((const char *const[]){ "policy.l1thr=1", NULL });
    set_core(f, 1, 6);
    assert_int_equal(seam_limit(&f->s, 3), 6);          /* cap of max: N = 8 */
    free(f);
}

/* limit1: the profiled core (core 0) alone limited to one CTA; ktype: the
 * kernel's classification, 0 while the policy ignores the unit. */
static void test_profile_and_type(void **st)
{
    fx_case *f = fx_open((const char *const[]){ "policy.arcta=1", NULL });
    f->s.out.ar_limit1 = 1;
    f->s.out.ar_type = CTL_AR_TYPE2;
    assert_int_equal(seam_limit(&f->s, 0), 1);
    assert_int_equal(seam_limit(&f->s, 1), 8);
    assert_int_equal(seam_kernel_type(&f->s), CTL_AR_TYPE2);
    f->s.out.ar_limit1 = 0;
    assert_int_equal(seam_limit(&f->s, 0), 8);
    free(f);
    f = fx_open((const char *const[]){ NULL });
    f->s.out.ar_limit1 = 1;
    f->s.out.ar_type = CTL_AR_TYPE2;
    assert_int_equal(seam_limit(&f->s, 0), 8);
    assert_int_equal(seam_kernel_type(&f->s), 0);
    free(f);
}

/* Every effect a descriptor declares names a field inside the seam's outputs. */
static void test_descriptors(void **st)
{
    for (int i = 0; i < CTL_NUNITS; i++) {
        const ctl_fx *x = &ctl_units[i]->fx;
        const uint16_t per_core[] = { x->limit, x->cap, x->enable, x->power, x->accepts };
        const uint16_t glob[] = { x->limit1, x->clk_on, x->clk_core, x->clk_mem, x->ktype };
        for (size_t j = 0; j < sizeof per_core / sizeof per_core[0]; j++)
            assert_true(per_core[j] <= sizeof(ctl_core_out));
        for (size_t j = 0; j < sizeof glob / sizeof glob[0]; j++)
            assert_true(glob[j] <= offsetof(ctl_out, core));
    }
    /* the clock pair comes whole */
    const ctl_fx *a = &ctl_unit_named("arcta", 5)->fx;
    assert_true(a->clk_on && a->clk_core && a->clk_mem);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_keys),
        cmocka_unit_test(test_units),
        cmocka_unit_test(test_limit),
        cmocka_unit_test(test_cap),
        cmocka_unit_test(test_profile_and_type),
        cmocka_unit_test(test_descriptors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

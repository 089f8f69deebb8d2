/* test_policy_cfg.c -- how the policy keys combine (policy.*: cmodel/gpu/policy.h,
 * checked by cfg_check): two policies that drive the same seam output are
 * refused, naming the file, the line of the last key and both keys.  Each
 * unit's own keys are checked in its folder (units/NAME/test_NAME.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../unit/cfg_expect.h"

static void test_core_enables_once(void **state)
{
    (void)state;
    cfgx_key("policy.claso");
    cfgx_check_refused("tests/model/check_dyncore_arcta.cfg",
                       "tests/model/check_dyncore_arcta.cfg:3: policy.dyncore and policy.arcta both drive "
                       "core enables (policy.dyncore, policy.arcta)");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_core_enables_once),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

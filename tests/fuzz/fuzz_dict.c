/* fuzz_dict.c -- writes the libFuzzer dictionary of the preset reader to
 * stdout: every key of the key registry (the lines of cfg_dump of the
 * defaults), as the key alone and as "key = ", and the words a preset line
 * is made of.  scripts/fuzz_trace.sh gives it to fuzz_preset (-dict), so that
 * mutations reach the keys' parsers and checks, not only "unknown key". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cfg.h"

static void entry(const char *s, size_t n)
{
    putchar('"');
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)s[i];
        if (ch == '"' || ch == '\\') printf("\\%c", ch);
        else if (ch < 0x20 || ch > 0x7e) printf("\\x%02X", ch);
        else putchar(ch);
    }
    puts("\"");
}

int main(void)
{
    static gpu_cfg c;
    char *text = NULL, *save = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    if (!m) return 1;
    cfg_defaults(&c);
    cfg_dump(&c, m);
    if (fclose(m) != 0) return 1;
    static const char *const words[] = { "include = ", " = ", "#", "\n", "true", "false", "0x" };
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) entry(words[i], strlen(words[i]));
    for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        char *eq = strstr(line, " = ");
        if (line[0] == '#' || !eq) continue;
        entry(line, (size_t)(eq - line));     /* the key */
        entry(line, (size_t)(eq - line) + 3); /* "key = " */
        char *v = eq + 3, *sp = strpbrk(v, " \t#");
        size_t vn = sp ? (size_t)(sp - v) : strlen(v);
        if (vn && (v[0] < '0' || v[0] > '9')) entry(v, vn);   /* a word value: a name, a mode */
    }
    free(text);
    return ferror(stdout) ? 1 : 0;
}

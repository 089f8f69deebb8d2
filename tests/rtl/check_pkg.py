#!/usr/bin/env python3
"""check_pkg.py -- rtl/ctasim_pkg.sv against cmodel/ctl/ctl_seam.h.

Parses the C seam (its #defines and enums, implicit enum values counted as a
C compiler does) and the RTL package (its localparams and typedef enums,
sized literals such as 2'd2 read), then checks the explicit mapping table
below: every mapped name exists on both sides with the same value, every
member of a shared C enum and of every package enum is mapped.  Exits 1 and
lists each difference otherwise.

usage: check_pkg.py [SEAM_H [PKG_SV]]   (defaults: the repository's files)
"""
import os
import re
import sys

# C enum (or "define" for the #define constants) -> [(C name, package name)].
MAPPING = {
    "define": [
        ("CTL_MAX_CORES", "MaxCores"),
        ("CTL_MAX_PARTS", "MaxParts"),
        ("CTL_CORES_BITS", "CoresW"),
        ("CTL_PARTS_BITS", "PartsW"),
    ],
    "ctl_comp": [
        ("CTL_IFID", "COMP_IFID"),
        ("CTL_SCH", "COMP_SCH"),
        ("CTL_IDOC_SP", "COMP_IDOC_SP"),
        ("CTL_IDOC_SFU", "COMP_IDOC_SFU"),
        ("CTL_IDOC_LDST", "COMP_IDOC_LDST"),
        ("CTL_OC_SP", "COMP_OC_SP"),
        ("CTL_OC_SFU", "COMP_OC_SFU"),
        ("CTL_OC_LDST", "COMP_OC_LDST"),
        ("CTL_OCEX_SP", "COMP_OCEX_SP"),
        ("CTL_OCEX_SFU", "COMP_OCEX_SFU"),
        ("CTL_OCEX_LDST", "COMP_OCEX_LDST"),
        ("CTL_EX_SP", "COMP_EX_SP"),
        ("CTL_EX_SFU", "COMP_EX_SFU"),
        ("CTL_EX_LDST", "COMP_EX_LDST"),
        ("CTL_NCOMP", "NumComp"),
    ],
    "ctl_itype": [
        ("CTL_T_SP", "ITYPE_SP"),
        ("CTL_T_SFU", "ITYPE_SFU"),
        ("CTL_T_LDST", "ITYPE_LDST"),
        ("CTL_NTYPE", "NumItype"),
    ],
    "ctl_pg": [
        ("CTL_PG_SCH", "PG_SCH"),
        ("CTL_PG_EX_SP", "PG_EX_SP"),
        ("CTL_PG_EX_SFU", "PG_EX_SFU"),
        ("CTL_PG_IFID_DEC", "PG_IFID_DEC"),
        ("CTL_NPG", "NumPg"),
    ],
    "ctl_pg_state": [
        ("CTL_PGS_ON", "PGS_ON"),
        ("CTL_PGS_DRAINING", "PGS_DRAINING"),
        ("CTL_PGS_OFF", "PGS_OFF"),
        ("CTL_PGS_WAKING", "PGS_WAKING"),
    ],
    "ctl_ar_phase": [
        ("CTL_AR_IDLE", "AR_IDLE"),
        ("CTL_AR_PROFILE", "AR_PROFILE"),
        ("CTL_AR_DECISION", "AR_DECISION"),
        ("CTL_AR_ACTION", "AR_ACTION"),
    ],
    "ctl_ar_type": [
        ("CTL_AR_UNKNOWN", "AR_UNKNOWN"),
        ("CTL_AR_TYPE1", "AR_TYPE1"),
        ("CTL_AR_TYPE2", "AR_TYPE2"),
    ],
}


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", " ", text)


def int_value(expr, known):
    """An integer literal (C or SystemVerilog, sized or not) or a known name."""
    e = expr.strip().replace("_", "") if re.match(r"^[0-9']", expr.strip()) else expr.strip()
    m = re.fullmatch(r"(?:\d+)?'s?([bodhBODH])([0-9a-fA-F]+)", e)
    if m:
        return int(m.group(2), {"b": 2, "o": 8, "d": 10, "h": 16}[m.group(1).lower()])
    m = re.fullmatch(r"(0[xX][0-9a-fA-F]+|\d+)[uUlL]*", e)
    if m:
        return int(m.group(1), 0)
    if e in known:
        return known[e]
    raise ValueError("cannot evaluate %r" % expr)


def enum_members(body, known):
    """[(name, value)] of an enum body, implicit values counted from the last."""
    out, nxt = [], 0
    for item in body.split(","):
        item = item.strip()
        if not item:
            continue
        name, _, val = item.partition("=")
        name = name.strip()
        value = int_value(val, known) if val.strip() else nxt
        out.append((name, value))
        known[name] = value
        nxt = value + 1
    return out


def parse_c(path):
    text = strip_comments(open(path).read())
    defines, enums, known = {}, {}, {}
    for name, val in re.findall(r"^\s*#\s*define\s+(\w+)\s+(\S+)\s*$", text, flags=re.M):
        try:
            defines[name] = known[name] = int_value(val, known)
        except ValueError:
            pass
    for name, body in re.findall(r"\benum\s+(\w+)\s*\{(.*?)\}", text, flags=re.S):
        enums[name] = enum_members(body, known)
    return defines, enums


def parse_sv(path):
    text = strip_comments(open(path).read())
    m = re.search(r"\bpackage\s+(\w+)\s*;(.*?)\bendpackage\b", text, flags=re.S)
    if not m:
        raise SystemExit("%s: no package" % path)
    body, known, params, enums = m.group(2), {}, {}, {}
    # declarations in source order, so a localparam may use an earlier one
    decl = re.compile(r"\blocalparam\s+(?:int\s+(?:unsigned\s+)?)?(\w+)\s*=\s*([^;]+);"
                      r"|\btypedef\s+enum\b[^{]*\{(.*?)\}\s*(\w+)\s*;", re.S)
    for d in decl.finditer(body):
        if d.group(1):
            params[d.group(1)] = known[d.group(1)] = int_value(d.group(2), known)
        else:
            enums[d.group(4)] = enum_members(d.group(3), known)
    return params, enums


def main(argv):
    root = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
    seam = argv[1] if len(argv) > 1 else os.path.join(root, "cmodel", "ctl", "ctl_seam.h")
    pkg = argv[2] if len(argv) > 2 else os.path.join(root, "rtl", "ctasim_pkg.sv")
    c_defines, c_enums = parse_c(seam)
    sv_params, sv_enums = parse_sv(pkg)
    c_values = dict(c_defines)
    for members in c_enums.values():
        c_values.update(members)
    sv_values = dict(sv_params)
    for members in sv_enums.values():
        sv_values.update(members)

    errors, checked = [], 0
    mapped_c = {c for pairs in MAPPING.values() for c, _ in pairs}
    mapped_sv = {s for pairs in MAPPING.values() for _, s in pairs}
    for group, pairs in MAPPING.items():
        if group != "define" and group not in c_enums:
            errors.append("%s: enum %s missing" % (seam, group))
            continue
        for c_name, sv_name in pairs:
            if c_name not in c_values:
                errors.append("%s: %s (mapped to %s) missing" % (seam, c_name, sv_name))
            elif sv_name not in sv_values:
                errors.append("%s: %s (mapped from %s) missing" % (pkg, sv_name, c_name))
            elif c_values[c_name] != sv_values[sv_name]:
                errors.append("%s = %d in %s but %s = %d in %s" % (
                    c_name, c_values[c_name], seam, sv_name, sv_values[sv_name], pkg))
            else:
                checked += 1
        if group != "define":
            for c_name, _ in c_enums[group]:
                if c_name not in mapped_c:
                    errors.append("%s: enum %s member %s has no package name in the mapping"
                                  % (seam, group, c_name))
    for enum, members in sv_enums.items():
        for sv_name, _ in members:
            if sv_name not in mapped_sv:
                errors.append("%s: %s member %s has no C name in the mapping"
                              % (pkg, enum, sv_name))
    for e in errors:
        print("FAIL check_pkg: " + e)
    if errors:
        return 1
    print("check_pkg: %d names of %s and %s agree (%d C enums, %d package enums)"
          % (checked, os.path.relpath(seam), os.path.relpath(pkg), len(MAPPING) - 1,
             len(sv_enums)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
